// char in match patterns ('a' | 'e', '0'..='9'), as a HashMap key, collected into a String
// (annotated or turbofish), to_string.
use std::collections::HashMap;
fn kind(c: char) -> &'static str {
    match c {
        'a' | 'e' => "vowel",
        '0'..='9' => "digit",
        ' ' => "space",
        _ => "other",
    }
}
fn main() {
    for c in "ae 7x".chars() {
        println!("{:?} {}", c, kind(c));
    }
    let mut counts = HashMap::new();
    *counts.entry('a').or_insert(0) += 1;
    println!("{:?}", counts.get(&'a'));
    let v: Vec<char> = "cab".chars().collect();
    let s: String = v.iter().rev().collect();
    println!("{} {:?}", s, v);
    let t: String = "abc".chars().map(|c| c.to_ascii_uppercase()).collect();
    println!("{}", t);
    if let Some(c) = "xyz".chars().next() { println!("{}", c); }
    println!("{}", 'a'.to_string() + "b");
    let mut u = String::from("hi");
    u.push('>');
    println!("{} {:?}", u, u.chars().rev().collect::<String>());
}
