use std::collections::BTreeMap;

fn main() {
    let mut m: BTreeMap<String, usize> = BTreeMap::new();
    m.insert("b".to_string(), 2);
    m.insert("a".to_string(), 1);
    m.insert("c".to_string(), 3);
    *m.entry("a".to_string()).or_insert(0) += 10;
    *m.entry("d".to_string()).or_default() += 4;
    println!("{:?}", m.get("a"));
    println!("{:?}", m.get("z"));
    println!("{}", m.len());
    println!("{}", m.contains_key("b"));
    for (k, v) in &m {
        println!("{} {}", k, v);
    }
    println!("{:?}", m.first_key_value());
    println!("{:?}", m.last_key_value());
    println!("{:?}", m.remove("b"));
    println!("{:?}", m);
    let mut n = BTreeMap::new();
    for i in 0..10u32 {
        n.insert(i * 3, i);
    }
    for (k, v) in n.range(4..13) {
        println!("r {} {}", k, v);
    }
    let s: u32 = n.values().sum();
    println!("{}", s);
    let ks: Vec<u32> = n.keys().cloned().collect();
    println!("{:?}", ks);
}
