// `v.get(&i)`: a slice is indexed by a `usize`, not a `&usize` (E0277).
fn main() {
    let v = vec![1, 2];
    let c = 1usize;
    println!("{:?}", v.get(&c));
}
