use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<i32> = VecDeque::with_capacity(4);
    for x in [5, 3, 8] { q.push_back(x); }
    q.push_front(9);
    q.pop_back();
    q.push_front(1);
    println!("{:?}", q.as_slices());
    q.make_contiguous().sort();
    println!("{:?} {:?}", q.as_slices(), q);
    let total: i32 = { let (a, b) = q.as_slices(); a.iter().sum::<i32>() + b.iter().sum::<i32>() };
    println!("{}", total);
}
