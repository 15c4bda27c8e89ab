use std::collections::VecDeque;
fn main() {
    let d: VecDeque<i32> = (1..4).collect();
    let (a, b) = d.as_slices();
    println!("{}", a.len() + b.len());
}
