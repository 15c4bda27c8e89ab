use std::collections::BTreeSet;
fn main() {
    let s: BTreeSet<u32> = [5, 1, 9].into_iter().collect();
    let a = 4;
    let b = 2;
    println!("{:?}", s.range(a..b).count());
}
