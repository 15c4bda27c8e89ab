use std::collections::HashMap;

#[derive(Debug)]
struct Stats {
    n: usize,
}

fn main() {
    let mut by: HashMap<&str, Stats> = HashMap::new();
    let s = by.entry("adam").or_default();
    s.n += 1;
    println!("{:?}", by["adam"]);
}
