// One rule (map_order.py's `order_free`) for the closures a HashMap's or HashSet's entries are
// given in their random order: each use below was refused by one of the two rules it replaced
// (a `map`/`filter` closure's: no `%`, no method with an argument, no comparison in `map`; a
// `retain` test's: no cast, no `to_string`), and none can fail or change anything, so every
// order prints the same.
use std::collections::{HashMap, HashSet};

fn main() {
    let mut steps: HashMap<&str, u32> = HashMap::new();
    steps.insert("adam", 30);
    steps.insert("adagrad", 12);
    steps.insert("sgd", 7);
    steps.insert("rmsprop", 25);
    let even = steps.values().filter(|v| *v % 2 == 0).count();
    let starting_a = steps.keys().filter(|k| k.starts_with("ada")).count();
    let long = steps.values().map(|v| *v > 20).filter(|b| *b).count();
    println!("{} even, {} adaptive, {} long", even, starting_a, long);

    let mut seen: HashSet<i32> = (-3..6).collect();
    seen.retain(|&x| x as u8 > 2);
    let mut kept: Vec<i32> = seen.into_iter().collect();
    kept.sort();
    println!("{:?}", kept);

    let mut names: HashSet<String> = ["w", "bias", "gamma"].iter().map(|s| s.to_string()).collect();
    names.retain(|n| n.to_string().len() > 1);
    let mut left: Vec<String> = names.into_iter().collect();
    left.sort();
    println!("{:?}", left);
}
