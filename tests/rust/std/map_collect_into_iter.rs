use std::collections::{BTreeMap, HashMap};

fn main() {
    let chars = ['c', 'a', 'b'];
    let to_id: BTreeMap<char, usize> = chars.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    println!("{:?}", to_id);
    let counts: HashMap<&str, i32> = vec![("x", 1), ("y", 2), ("x", 3)].into_iter().collect();
    println!("{} {:?} {:?}", counts.len(), counts.get("x"), counts.get("y"));

    let mut vocab: HashMap<String, usize> = HashMap::new();
    vocab.insert("b".to_string(), 1);
    vocab.insert("a".to_string(), 0);
    let mut pairs: Vec<(String, usize)> = vocab.into_iter().collect();
    pairs.sort();
    println!("{:?}", pairs);

    let mut freq: HashMap<char, u32> = HashMap::new();
    for c in "banana".chars() {
        *freq.entry(c).or_insert(0) += 1;
    }
    let mut kinds = 0;
    let mut most = 0;
    for (_, n) in freq.into_iter() {
        most = most.max(n);
        kinds += 1;
    }
    println!("{} {}", kinds, most);

    let mut by_len: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for w in ["ab", "c", "de", "fgh"] {
        by_len.entry(w.len()).or_default().push(w);
    }
    println!("{:?} {:?}", by_len.first_key_value(), by_len.last_key_value());
    for (n, words) in by_len.into_iter() {
        println!("{} {:?}", n, words);
    }
    let sizes: HashMap<usize, usize> = [(1, 10), (2, 20)].into_iter().collect();
    let again: HashMap<usize, usize> = [(1, 10), (2, 20)].into_iter().collect();
    let mut ks: Vec<usize> = again.into_keys().collect();
    ks.sort();
    let vs: usize = sizes.into_values().sum();
    println!("{:?} {}", ks, vs);
}
