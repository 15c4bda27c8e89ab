use std::collections::BTreeMap;

fn main() {
    let mut m: BTreeMap<&str, u32> = BTreeMap::new();
    for k in ["a", "b", "a"] {
        *m.entry(&k).or_insert(0) += 1;
    }
    println!("{:?}", m);
}
