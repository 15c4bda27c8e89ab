struct Counter {
    n: i32,
}

fn bump(c: &mut Counter) {
    c.n += 1;
}

fn main() {
    let c = Counter { n: 0 };
    bump(&mut c);
    println!("{}", c.n);
}
