// a VecDeque collected from a range, then grown
use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<i32> = (0..5).collect();
    let mut n: i32 = 10;
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    if !q.is_empty() { let k = q.len() / 3; q.rotate_left(k); }
    println!("{:?}", q.as_slices());
    q.make_contiguous();
    println!("{:?}", q.as_slices());
    q.push_front(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.clear();
    println!("{:?}", q.as_slices());
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.push_front(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.pop_back();
    println!("{:?}", q.as_slices());
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    if !q.is_empty() { let k = (q.len() * 2) / 3; q.rotate_right(k); }
    println!("{:?}", q.as_slices());
    q.push_front(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.pop_back();
    println!("{:?}", q.as_slices());
    if !q.is_empty() { let k = (q.len() * 2) / 3; q.rotate_right(k); }
    println!("{:?}", q.as_slices());
    q.pop_front();
    println!("{:?}", q.as_slices());
    q.push_front(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.make_contiguous();
    println!("{:?}", q.as_slices());
    q.pop_back();
    println!("{:?}", q.as_slices());
    q.push_front(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.push_front(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.clear();
    println!("{:?}", q.as_slices());
    q.pop_front();
    println!("{:?}", q.as_slices());
    q.pop_front();
    println!("{:?}", q.as_slices());
    q.pop_front();
    println!("{:?}", q.as_slices());
    if !q.is_empty() { let k = (q.len() * 2) / 3; q.rotate_right(k); }
    println!("{:?}", q.as_slices());
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.pop_back();
    println!("{:?}", q.as_slices());
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
    q.pop_back();
    println!("{:?}", q.as_slices());
    q.push_back(n); n = n.wrapping_add(1);
    println!("{:?}", q.as_slices());
}
