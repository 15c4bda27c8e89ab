// top-k smallest losses with a max-heap of Reverse, and a min-heap drain
use std::cmp::Reverse;
use std::collections::BinaryHeap;

fn main() {
    let losses: Vec<u32> = vec![40, 12, 77, 5, 31, 12, 90, 8];
    let mut heap = BinaryHeap::new();
    for (i, &l) in losses.iter().enumerate() {
        heap.push(Reverse((l, i)));
    }
    let mut picked = Vec::new();
    for _ in 0..3 {
        if let Some(Reverse((l, i))) = heap.pop() {
            picked.push((i, l));
        }
    }
    println!("{:?}", picked);
    println!("left {}", heap.len());
    match heap.peek() {
        Some(Reverse((l, _))) => println!("next {}", l),
        None => println!("empty"),
    }
    let rest: Vec<u32> = heap.into_sorted_vec().into_iter().map(|Reverse((l, _))| l).collect();
    println!("{:?}", rest);
}
