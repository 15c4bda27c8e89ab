// A scheduler's queue (a BinaryHeap in a struct) filled through &mut parameters.
use std::collections::BinaryHeap;
struct Sched { queue: BinaryHeap<(u32, usize)> }
fn add(h: &mut BinaryHeap<(u32, usize)>, p: u32, id: usize) {
    h.push((p, id));
}
fn main() {
    let mut s = Sched { queue: BinaryHeap::new() };
    add(&mut s.queue, 2, 0);
    add(&mut s.queue, 9, 1);
    s.queue.push((5, 2));
    let mut h = BinaryHeap::new();
    add(&mut h, 1, 7);
    while let Some((p, id)) = s.queue.pop() {
        println!("{} {}", p, id);
    }
    println!("{:?} {}", h.peek(), s.queue.len());
}
