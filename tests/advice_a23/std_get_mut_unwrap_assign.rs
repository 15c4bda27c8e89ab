use std::collections::{BTreeMap, HashMap};
fn main() {
    let mut m: HashMap<u8, String> = HashMap::new();
    m.insert(1, String::from("a"));
    for i in 0..3u8 {
        *m.get_mut(&1).unwrap() = m[&1].clone() + &i.to_string();
    }
    println!("{}", m[&1]);
    let mut b: BTreeMap<u8, Vec<f32>> = BTreeMap::new();
    b.insert(2, vec![1.0]);
    *b.get_mut(&(1 + 1)).expect("two") = vec![2.5, 3.0];
    println!("{:?}", b);
    *m.get_mut(&9).unwrap() = String::from("z");
}
