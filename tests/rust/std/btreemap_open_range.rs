// A learning-rate schedule keyed by step: the last milestone passed is m.range(..=step)'s last entry.
use std::collections::BTreeMap;
fn main() {
    let mut sched: BTreeMap<u32, f64> = BTreeMap::new();
    sched.insert(0, 0.1);
    sched.insert(100, 0.01);
    sched.insert(200, 0.001);
    for step in [0u32, 50, 100, 150, 250] {
        let (&at, &lr) = sched.range(..=step).next_back().unwrap();
        println!("{} {} {}", step, at, lr);
    }
    let before: Vec<u32> = sched.range(..100).map(|(k, _)| *k).collect();
    let after: Vec<(&u32, &f64)> = sched.range(100..).collect();
    println!("{:?} {:?}", before, after);
    println!("{}", sched.range(..=0).count());
    let mut m = BTreeMap::new();
    m.insert(String::from("b"), 1);
    println!("{}", m.len());
}
