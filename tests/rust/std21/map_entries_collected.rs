use std::collections::{BTreeMap, BTreeSet, HashMap};
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    m.insert("b", 2);
    m.insert("c", 3);
    let keys: BTreeSet<&str> = m.keys().copied().collect();
    let inv: BTreeMap<i32, &str> = m.iter().map(|(k, v)| (*v, *k)).collect();
    let same: BTreeMap<i32, i32> = m.values().map(|v| (*v, 7)).collect();
    println!("{:?} {:?} {:?}", keys, inv, same);
}
