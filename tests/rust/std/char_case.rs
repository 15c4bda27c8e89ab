// char::to_uppercase / to_lowercase: iterators of the mapped chars.
fn title(word: &str) -> String {
    let mut out = String::new();
    for (i, c) in word.chars().enumerate() {
        if i == 0 {
            out.extend(c.to_uppercase());
        } else {
            out.push_str(&c.to_lowercase().collect::<String>());
        }
    }
    out
}

fn main() {
    let words = ["adam", "SGD", "rmsProp", "x1"];
    let titled: Vec<String> = words.iter().map(|w| title(w)).collect();
    println!("{:?}", titled);
    let shout: String = "lr=0.1".chars().flat_map(|c| c.to_uppercase()).collect();
    println!("{} {}", shout, 'q'.to_uppercase().count());
    let first = 'Z'.to_lowercase().next();
    println!("{:?}", first);
}
