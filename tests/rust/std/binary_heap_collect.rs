use std::collections::BinaryHeap;
fn main() {
    let h: BinaryHeap<i32> = vec![3, 1, 4, 1, 5].into_iter().collect();
    println!("{:?} {}", h.peek(), h.len());
    let mut top = (0..6).map(|i| (i * 7) % 5).collect::<BinaryHeap<_>>();
    let mut out = vec![];
    while let Some(x) = top.pop() { out.push(x); }
    println!("{:?}", out);
    let words: BinaryHeap<String> = "b a c".split(' ').map(String::from).collect();
    println!("{:?}", words.into_sorted_vec());
}
