use std::collections::{BTreeMap, HashMap};
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    for (k, v) in [("a", 1), ("b", -2), ("c", 3)] {
        m.insert(k, v);
    }
    m.retain(|_, v| *v > 0);
    let mut keys: Vec<&str> = m.keys().copied().collect();
    keys.sort();
    println!("{:?}", keys);
    let mut b: BTreeMap<u32, String> = (0..5).map(|i| (i, "x".repeat(i as usize))).collect();
    let mut order = Vec::new();
    b.retain(|k, v| { order.push(*k); v.len() % 2 == 0 });
    println!("{:?} {:?}", b, order);
    if let Some((&k, _)) = b.last_key_value() {
        println!("{}", k);
    }
}
