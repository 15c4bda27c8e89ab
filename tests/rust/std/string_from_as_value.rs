use std::collections::HashMap;

fn main() {
    let line = "lr 0.01 epochs 3";
    let words: Vec<String> = line.split_whitespace().map(String::from).collect();
    println!("{:?}", words);
    let names = vec!["train", "valid"];
    let owned: Vec<String> = names.iter().copied().map(String::from).collect();
    println!("{:?} {}", owned, owned[1].len());
    let first = Some("loss").map(String::from);
    println!("{:?}", first);
    let mut by: HashMap<String, Vec<String>> = HashMap::new();
    by.entry(String::from("a")).or_insert_with(Vec::new).push(String::from("x"));
    println!("{:?}", by["a"]);
    let chars: Vec<String> = "ab".chars().map(String::from).collect();
    println!("{:?}", chars);
}
