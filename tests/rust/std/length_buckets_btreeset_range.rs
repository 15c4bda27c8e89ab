// bucket sequence lengths into a BTreeSet of boundaries and look up with range
use std::collections::{BTreeMap, BTreeSet};

fn main() {
    let bounds: BTreeSet<usize> = [8, 16, 32, 64].into_iter().collect();
    let lens = [3usize, 9, 16, 40, 70, 15];
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for &n in &lens {
        let b = bounds.range(n..).next().copied().unwrap_or(usize::MAX);
        *counts.entry(b).or_insert(0) += 1;
    }
    for (b, c) in &counts {
        println!("<= {}: {}", b, c);
    }
    let small: Vec<_> = bounds.range(..20).collect();
    println!("{:?}", small);
    println!("{:?} {:?}", bounds.first(), bounds.last());
}
