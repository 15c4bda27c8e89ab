// `std::iter::once` (an end marker chained after a text's chars) and `std::cmp::Reverse` as a
// sort key (by path and after a `use`), descending by one field, ascending by the next.
use std::cmp::Reverse;

#[derive(Debug, Clone)]
struct Run {
    name: String,
    epochs: u32,
    loss: f64,
}

fn words(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in src.chars().chain(std::iter::once(' ')) {
        if c == ' ' {
            if !cur.is_empty() {
                out.push(cur.clone());
                cur.clear();
            }
        } else {
            cur.push(c);
        }
    }
    out
}

fn main() {
    println!("{:?}", words("relu  then softmax"));
    let firsts: Vec<i32> = std::iter::once(7).chain(vec![1, 2]).collect();
    println!("{:?}", firsts);
    let mut runs = vec![
        Run { name: "a".to_string(), epochs: 10, loss: 0.5 },
        Run { name: "b".to_string(), epochs: 30, loss: 0.25 },
        Run { name: "c".to_string(), epochs: 10, loss: 0.125 },
        Run { name: "d".to_string(), epochs: 20, loss: 0.75 },
    ];
    runs.sort_by_key(|r| std::cmp::Reverse(r.epochs));
    let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    println!("{:?}", order);
    runs.sort_by_key(|r| (Reverse(r.epochs), r.name.clone()));
    let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    println!("{:?} {}", order, runs[3].loss);
    let mut ints = vec![3, 1, 4, 1, 5, 9, 2, 6];
    ints.sort_by_key(|&x| Reverse(x));
    println!("{:?} {}", ints, Reverse(2) < Reverse(1));
}
