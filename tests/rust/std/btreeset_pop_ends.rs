use std::collections::BTreeSet;
fn main() {
    let mut free: BTreeSet<u32> = [7, 3, 9, 1].into_iter().collect();
    let a = free.pop_first();
    let b = free.pop_last();
    println!("{:?} {:?} {:?}", a, b, free);
    while let Some(id) = free.pop_first() {
        print!("{} ", id);
    }
    println!("{:?} {:?}", free.pop_last(), free.len());
}
