// `collect` into a `VecDeque` (written as the `let`'s type and as a turbofish).
use std::collections::VecDeque;
fn main() {
    let v = vec![1, 2, 3];
    let mut q: VecDeque<i32> = v.iter().map(|x| x * 10).collect();
    q.push_front(0);
    let back = q.pop_back();
    let r = v.into_iter().rev().collect::<VecDeque<i32>>();
    println!("{:?} {:?} {:?} {}", q, back, r, r.len());
}
