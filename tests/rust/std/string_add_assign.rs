// `String += &str` on a variable, a struct's field and a `Vec`'s element.
struct Log {
    text: String,
}

fn main() {
    let mut l = Log { text: String::new() };
    l.text += "a";
    let mut s = String::from("p");
    s += &l.text;
    s += &format!("{}", 2);
    l.text += s.as_str();
    let mut v = vec![String::from("x")];
    v[0] += "y";
    println!("{} {:?} {}", l.text, v, s);
}
