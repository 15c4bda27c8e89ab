// A priority queue of scores (BinaryHeap, a max-heap) and a min-heap of costs with Reverse.
use std::cmp::Reverse;
use std::collections::BinaryHeap;
fn main() {
    let mut h = BinaryHeap::new();
    h.push(3);
    h.push(9);
    h.push(1);
    println!("{:?} {} {}", h.peek(), h.len(), h.is_empty());
    println!("{:?}", h.pop());
    println!("{:?}", h.clone().into_sorted_vec());
    let mut m = BinaryHeap::new();
    for x in [5, 2, 8] {
        m.push(Reverse(x));
    }
    while let Some(r) = m.pop() {
        println!("{}", r.0);
    }
    println!("{}", m.is_empty());
    let mut best: BinaryHeap<(u32, String)> = BinaryHeap::new();
    best.push((3, String::from("b")));
    best.push((7, String::from("a")));
    best.push((7, String::from("c")));
    if let Some((score, name)) = best.peek() {
        println!("{} {}", score, name);
    }
    let top: Vec<(u32, String)> = best.into_sorted_vec();
    println!("{:?}", top);
    let mut q = BinaryHeap::from(vec![4, 1, 7]);
    q.clear();
    println!("{:?}", q.pop());
}
