// A `&String` where a `&str` is taken, at more coercion sites: a method's argument (the
// program's own and std's), `Some(&s)` given an `Option<&str>`, the elements of `vec![..]` and
// an array written `&str`, a `push` onto a `Vec<&str>`.
struct Report {
    lines: Vec<String>,
}

impl Report {
    fn add(&mut self, key: &str, value: f64) {
        self.lines.push(format!("{}={:.3}", key, value));
    }
    fn has(&self, key: &str) -> bool {
        self.lines.iter().any(|l| l.starts_with(key))
    }
}

fn main() {
    let loss = String::from("loss");
    let acc = format!("{}", "acc");
    let mut r = Report { lines: Vec::new() };
    r.add(&loss, 0.25);
    r.add(&acc, 0.875);
    println!("{:?} {} {}", r.lines, r.has(&loss), r.has("lr"));
    let picked: Option<&str> = Some(&acc);
    let keys: Vec<&str> = vec![&loss, &acc];
    let pair: [&str; 2] = [&acc, &loss];
    println!("{:?} {:?} {:?} {:?}", picked, keys, pair, keys.first());
    let mut seen: Vec<&str> = Vec::new();
    for k in &r.lines {
        seen.push(k);
    }
    let mut text = String::new();
    text.push_str(&loss);
    println!("{} {} {}", seen.len(), text, loss.contains(&acc));
}
