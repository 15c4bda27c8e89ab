// `String::pop`, `insert` and `truncate` at byte offsets (a two-byte `é` too), `str::to_owned`.
fn tag(name: &str) -> String {
    let mut s = name.to_owned();
    s.insert(0, '[');
    s.push(']');
    s
}
fn main() {
    let mut log = String::from("épochs: 1, 2, 3,");
    let last = log.pop();
    log.insert(2, '#');
    let mut names: Vec<String> = vec!["mlp".to_owned(), tag("cnn")];
    names[0].truncate(2);
    names[1].insert(5, 'é');
    let mut short = String::from("ab");
    short.truncate(10);
    let mut empty = String::new();
    println!("{:?} {} {:?} {} {:?}", last, log, names, short, empty.pop());
    let owned = log.to_owned();
    println!("{} {}", owned.len(), log.len());
}
