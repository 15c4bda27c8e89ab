// A `&String` where a `&str` is taken: rustc's deref coercion at a `let` with a written type,
// a function's argument, what a function returns (tail and `return`), a struct's field.
struct Tag<'a> {
    text: &'a str,
}

fn longest(names: &Vec<String>) -> &str {
    let mut best: &str = &names[0];
    for n in names {
        if n.len() > best.len() {
            best = n;
        }
    }
    best
}

fn pick(names: &[String], i: usize) -> &str {
    if i >= names.len() {
        return "none";
    }
    &names[i]
}

fn shout(s: &str) -> String {
    s.to_uppercase()
}

fn label(name: &String) -> &str {
    name
}

fn main() {
    let names = vec![String::from("loss"), String::from("accuracy"), String::from("lr")];
    let owned = format!("epoch-{}", 3);
    let s: &str = &owned;
    let r = &owned;
    println!("{} {} {}", s, shout(r), shout(&owned));
    println!("{} {} {}", longest(&names), pick(&names, 2), pick(&names, 9));
    let t = Tag { text: &names[1] };
    println!("{} {}", t.text.len(), label(&names[0]));
    let parts: Vec<&str> = s.split('-').collect();
    println!("{:?}", parts);
}
