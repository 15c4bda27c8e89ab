// top-k candidates in a BinaryHeap of a struct deriving Ord (score, then token on ties)
use std::collections::BinaryHeap;

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Cand {
    score: u32,
    token: String,
}

fn main() {
    let logits = [("the", 812u32), ("a", 640), ("cat", 91), ("dog", 305), ("ran", 640), ("<eos>", 12)];
    let mut heap = BinaryHeap::new();
    for (t, s) in logits.iter() {
        heap.push(Cand { score: *s, token: t.to_string() });
    }
    println!("peek {:?}", heap.peek());
    let top3: Vec<String> = (0..3).filter_map(|_| heap.pop()).map(|c| format!("{}:{}", c.token, c.score)).collect();
    println!("{}", top3.join(", "));
    let rest = heap.into_sorted_vec();
    println!("{:?}", rest.iter().map(|c| c.score).collect::<Vec<_>>());
    let from = BinaryHeap::from(vec![Cand { score: 2, token: "b".into() }, Cand { score: 2, token: "a".into() }]);
    println!("{:?}", from.peek().map(|c| &c.token));
}
