use std::collections::VecDeque;
fn main() {
    let losses = vec![0.9f32, 0.7, 0.65, 0.66];
    if let Some((last, history)) = losses.split_last() {
        let best = history.iter().cloned().fold(f32::INFINITY, f32::min);
        println!("{} {} {}", last, best, last > &best);
    }
    let tokens = [101u32, 7, 8, 102];
    match tokens.split_first() {
        Some((cls, rest)) => println!("{} {:?}", cls, rest),
        None => println!("empty"),
    }
    let e: Vec<i32> = Vec::new();
    println!("{:?} {:?}", e.split_first(), e.split_last());
    let mut q: VecDeque<u8> = VecDeque::new();
    q.push_back(1);
    q.push_front(0);
    let v: Vec<u8> = q.into_iter().rev().collect();
    println!("{:?}", v);
}
