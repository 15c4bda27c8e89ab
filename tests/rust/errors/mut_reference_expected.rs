struct Counter {
    n: i32,
}

fn bump(c: &mut Counter) {
    c.n += 1;
}

fn main() {
    let mut c = Counter { n: 0 };
    bump(c);
    println!("{}", c.n);
}
