// a HashMap's entries collected into a Vec and sorted at once: the order no longer the map's
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    for w in "the cat and the dog and the bird".split_whitespace() {
        *m.entry(w.to_string()).or_insert(0) += 1;
    }
    let mut v: Vec<(&String, &i32)> = m.iter().collect();
    v.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
    println!("{:?}", v);
    let mut w: Vec<_> = m.iter().collect();
    w.sort();
    println!("{:?}", w);
    let mut keys: Vec<String> = m.keys().cloned().collect();
    keys.sort_unstable();
    println!("{:?}", keys);
    let mut counts: Vec<i32> = m.values().copied().collect();
    counts.sort();
    println!("{:?}", counts);
    let mut by_len: Vec<&String> = m.keys().collect();
    by_len.sort_by_key(|k| (k.len(), k.to_string()));
    println!("{:?}", by_len);
}
