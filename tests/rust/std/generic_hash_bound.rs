// Label counts of a generic fn: a type parameter bounded by `Eq + Hash` keys a HashMap or a HashSet.
use std::collections::{HashMap, HashSet};
use std::hash::Hash;
fn count<L: Eq + Hash + Clone>(labels: &[L]) -> HashMap<L, usize> {
    let mut m = HashMap::new();
    for l in labels {
        *m.entry(l.clone()).or_insert(0) += 1;
    }
    m
}
fn distinct<T: std::hash::Hash + Eq + Copy>(xs: &[T]) -> usize {
    let mut seen = HashSet::new();
    for x in xs {
        seen.insert(*x);
    }
    seen.len()
}
fn main() {
    let c = count(&[1, 2, 1, 1]);
    println!("{} {} {}", c[&1], c[&2], c.len());
    let words = vec![String::from("cat"), String::from("dog"), String::from("cat")];
    let w = count(&words);
    println!("{} {}", w[&String::from("cat")], w.get(&String::from("eel")).is_none());
    println!("{} {}", distinct(&[3, 3, 4]), distinct(&['a', 'b', 'a', 'c']));
}
