use std::collections::BTreeSet;
fn main() {
    let s: BTreeSet<u32> = [5, 1, 9, 3, 7].into_iter().collect();
    let mid: Vec<&u32> = s.range(3..8).collect();
    println!("{:?}", mid);
    println!("{:?}", s.range(4..).next());
    println!("{:?}", s.range(..=3).next_back());
}
