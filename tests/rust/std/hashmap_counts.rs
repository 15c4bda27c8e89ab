// `std::collections::HashMap`: inserting, reading, counting with `entry`, and what its random
// order does not change (`len`, an integer `sum`, `max`, `count`).
use std::collections::HashMap;

fn count_words(text: &str, counts: &mut HashMap<String, usize>) {
    for word in text.split_whitespace() {
        *counts.entry(word.to_lowercase()).or_insert(0) += 1;
    }
}

fn main() {
    written_back();
    let mut m: HashMap<String, i32> = HashMap::new();
    println!("{:?}", m.insert("a".to_string(), 1));
    println!("{:?}", m.insert("a".to_string(), 3));
    m.insert("b".to_string(), 2);
    *m.entry("a".to_string()).or_insert(0) += 10;
    *m.entry("c".to_string()).or_default() -= 4;
    println!("{:?} {:?} {:?}", m.get("a"), m.get("z"), m.get(&"c".to_string()));
    println!("{} {} {}", m.contains_key("b"), m.contains_key("q"), m.len());
    let total: i32 = m.values().sum();
    let largest = m.values().max();
    println!("{} {:?} {} {:?}", total, largest, m.keys().count(), m.keys().min());
    println!("{:?} {:?} {}", m.remove("b"), m.remove("b"), m.is_empty());
    let mut counts = HashMap::new();
    count_words("the cat The dog the end", &mut counts);
    println!("{:?} {:?} {}", counts.get("the"), counts.get("dog"), counts.len());
    let mut groups: HashMap<usize, Vec<f32>> = HashMap::with_capacity(4);
    for (i, x) in [0.5f32, 1.5, 2.5, 3.5].iter().enumerate() {
        groups.entry(i % 2).or_insert_with(Vec::new).push(*x);
        groups.entry(i % 2).or_default().push(-x);
    }
    if let Some(g) = groups.get_mut(&1) {
        g.push(9.0);
    }
    println!("{:?} {:?}", groups.get(&0), groups.get(&1));
    let mut pairs: HashMap<(u8, bool), u64> = HashMap::new();
    *pairs.entry((1, true)).or_insert(5) *= 3;
    let n: u64 = pairs.values().sum();
    println!("{} {:?}", n, pairs.iter().count());
    let k = "a".to_string();
    println!("{} {} {}", m[&k], m["c"], pairs[&(1, true)]);
    println!("{}", m["missing"]);
}

// `if let Some(v) = m.get_mut(&k)`: `*v` changed in the map.
fn written_back() {
    let mut m: HashMap<String, f32> = HashMap::new();
    m.insert("lr".to_string(), 0.5);
    let k = "lr".to_string();
    if let Some(v) = m.get_mut(&k) {
        *v *= 0.1;
        *v += 1.0;
    }
    if let Some(v) = m.get_mut("none") {
        *v = 9.0;
    }
    let mut s: HashMap<u32, String> = HashMap::new();
    s.insert(1, "a".to_string());
    if let Some(t) = s.get_mut(&1) {
        t.push_str("bc");
    }
    println!("{:?} {:?} {:?}", m.get("lr"), m.get("none"), s.get(&1));
}
