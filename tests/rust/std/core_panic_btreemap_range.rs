use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<i32, i32> = BTreeMap::new();
    m.insert(1, 2);
    let a = 5;
    for (k, v) in m.range(a..3) {
        println!("{} {}", k, v);
    }
}
