struct Log {
    line: String,
}

fn main() {
    let mut s = String::from("warmup");
    println!("[{}] {}", s, s.len());
    s.clear();
    println!("[{}] {} {}", s, s.len(), s.is_empty());
    s.push_str("cosine");
    let mut log = Log { line: String::from("a,b") };
    log.line.clear();
    log.line.push_str("c");
    let mut lines = vec![String::from("x"), String::from("y")];
    lines[1].clear();
    println!("{} {} {:?}", s, log.line, lines);
}
