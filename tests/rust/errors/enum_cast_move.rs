enum Phase {
    Train,
    Eval,
}

fn name(p: Phase) -> &'static str {
    match p {
        Phase::Train => "train",
        Phase::Eval => "eval",
    }
}

fn main() {
    let p = Phase::Eval;
    let a = p as i32;
    println!("{} {} {}", a, name(p), Phase::Train as u8);
}
