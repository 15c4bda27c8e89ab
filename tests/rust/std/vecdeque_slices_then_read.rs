use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<i32> = VecDeque::new();
    q.push_back(1);
    q.push_front(0);
    let (a, b) = q.as_slices();
    println!("{} {:?} {:?}", q.len(), a, b);
    q.push_back(2);
    let s = q.make_contiguous();
    s.reverse();
    println!("{:?}", q);
}
