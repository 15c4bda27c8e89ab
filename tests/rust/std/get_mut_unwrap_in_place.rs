use std::collections::{BTreeMap, HashMap};
#[derive(Debug)]
struct Stats { seen: Vec<u32> }
fn record(m: &mut HashMap<String, Vec<f64>>, k: &str, v: f64) {
    m.get_mut(k).unwrap().push(v);
}
fn main() {
    let mut m: HashMap<String, Vec<f64>> = HashMap::new();
    m.insert("loss".into(), vec![1.0]);
    m.get_mut("loss").unwrap().push(0.5);
    record(&mut m, "loss", 0.25);
    m.get_mut("loss").expect("present").retain(|x| *x < 0.9);
    println!("{:?}", m["loss"]);
    let mut b: BTreeMap<u32, Stats> = BTreeMap::new();
    b.insert(3, Stats { seen: vec![] });
    b.get_mut(&3).unwrap().seen.push(7);
    println!("{:?}", b);
    let mut rows = vec![vec![1], vec![2]];
    rows.get_mut(0).unwrap().insert(0, 5);
    println!("{:?}", rows);
}
