use std::collections::BTreeMap;
fn main() {
    let v = vec![3, 1, 4];
    println!("{:?} {:?}", v.iter().next_back(), v.iter().rev().next_back());
    println!("{:?}", "héllo".chars().next_back());
    let e: Vec<i32> = Vec::new();
    println!("{:?}", e.iter().next_back());
    let mut m = BTreeMap::new();
    m.insert("b", 2);
    m.insert("a", 1);
    println!("{:?} {:?}", m.iter().next_back(), m.keys().next_back());
    println!("{:?}", (0..5).map(|x| x * x).next_back());
    println!("{:?}", v.iter().enumerate().next_back());
}
