// A shift of a reference (`x << 100` of `x: &i32` in an iterator's map) panics inside core's
// `impl Shl<i32> for &i32`, which has no #[track_caller]; rustc's lint does not see it.
fn main() {
    let v = vec![1i32, 2, 3];
    for (i, x) in v.iter().map(|x| x << 1).enumerate() {
        println!("{} {}", i, x);
    }
    let w: Vec<i32> = v.iter().map(|x| x << 100).collect();
    println!("{:?}", w);
}
