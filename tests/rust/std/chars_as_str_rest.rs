// `Chars::as_str`: the text a `chars()` iterator has not given yet, read between steps (the
// iterator goes on where it was), of a fresh iterator and of an exhausted one.
fn capitalize(word: &str) -> String {
    let mut cs = word.chars();
    match cs.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + cs.as_str(),
        None => String::new(),
    }
}

fn main() {
    let words: Vec<String> = "train the model".split(' ').map(capitalize).collect();
    println!("{:?}", words);
    let mut it = "épocha".chars();
    println!("[{}]", it.as_str());
    it.next();
    it.next();
    println!("[{}] next {:?} [{}]", it.as_str(), it.next(), it.as_str());
    let rest: String = it.collect();
    println!("{} {}", rest, "xyz".chars().as_str());
    let mut short = "a".chars();
    short.next();
    println!("[{}] {:?}", short.as_str(), short.next());
}
