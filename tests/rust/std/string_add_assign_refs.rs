// `s += x` where `x` is a `&String` (deref-coerced to `&str`, `String: AddAssign<&str>`).
fn join(parts: &Vec<String>, first: &String, sep: &str) -> String {
    let mut s = String::new();
    s += first;
    for p in parts.iter() {
        s += sep;
        s += p;
    }
    for p in &vec![String::from("!"), String::from("?")] {
        s += p;
    }
    s
}

fn main() {
    let names = vec![String::from("ada"), String::from("bo")];
    let lead = String::from("<");
    println!("{}", join(&names, &lead, "-"));
    let mut line = String::new();
    for n in names.iter() {
        line += n;
        line += &n.clone();
    }
    println!("{}", line);
    let mut listed = String::new();
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            listed += ", ";
        }
        listed += n;
    }
    println!("[{}]", listed);
}
