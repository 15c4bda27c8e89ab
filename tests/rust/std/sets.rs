use std::collections::{BTreeSet, HashSet};

fn unique_labels(labels: &[usize]) -> BTreeSet<usize> {
    labels.iter().copied().collect()
}

fn main() {
    let text = "the cat sat on the mat the end";
    let mut seen: HashSet<String> = HashSet::new();
    let mut dups = 0;
    for w in text.split_whitespace() {
        if !seen.insert(w.to_string()) {
            dups += 1;
        }
    }
    println!("{} unique, {} repeated", seen.len(), dups);
    println!("{} {}", seen.contains("cat"), seen.contains("dog"));
    let mut vocab: Vec<String> = seen.iter().cloned().collect();
    vocab.sort();
    println!("{:?}", vocab);
    let removed = seen.remove("the");
    println!("{} {}", removed, seen.remove("the"));
    let mut total = 0;
    for w in &seen {
        total += w.len();
    }
    println!("{}", total);
    let classes = unique_labels(&[3, 1, 3, 0, 1]);
    println!("{:?} first={:?} last={:?}", classes, classes.first(), classes.last());
    println!("{:#?}", classes);
    let mut ids: BTreeSet<i64> = BTreeSet::new();
    for k in [5, -2, 9, 5] {
        ids.insert(k);
    }
    let copy = ids.clone();
    ids.clear();
    println!("{} {} {:?}", ids.is_empty(), copy.len(), copy);
    let owned: Vec<i64> = copy.into_iter().rev().collect();
    println!("{:?}", owned);
    let chars: HashSet<char> = "hello".chars().collect();
    let mut cs: Vec<char> = chars.into_iter().collect();
    cs.sort();
    println!("{:?}", cs);
    let n = ["a", "b", "a"].iter().collect::<HashSet<_>>().len();
    println!("{}", n);
}
