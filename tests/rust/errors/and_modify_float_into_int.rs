use std::collections::HashMap;

fn main() {
    let mut c: HashMap<char, u32> = HashMap::new();
    for ch in "aba".chars() {
        c.entry(ch).and_modify(|n| *n += 1.0).or_insert(1);
    }
    println!("{}", c[&'a']);
}
