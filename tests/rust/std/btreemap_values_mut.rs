use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<&str, u32> = BTreeMap::new();
    m.insert("b", 2);
    m.insert("a", 1);
    for v in m.values_mut() {
        *v *= 10;
    }
    println!("{:?}", m);
    let mut g: BTreeMap<u8, Vec<f32>> = BTreeMap::new();
    g.insert(3, vec![1.0]);
    g.insert(1, vec![]);
    let mut n = 0;
    for v in g.values_mut() {
        v.push(0.5);
        n += v.len();
    }
    println!("{:?} {}", g, n);
}
