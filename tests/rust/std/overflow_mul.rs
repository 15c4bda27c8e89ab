//! `*` overflow panics; u8 and i64 too.

fn mul8(a: u8, b: u8) -> u8 {
    a * b
}

fn mul64(a: i64, b: i64) -> i64 {
    a * b
}

fn main() {
    println!("{}", mul8(15, 17));
    println!("{}", mul64(3037000499, 3037000499));
    println!("{}", mul64(-3037000499, 3037000500));
    println!("{}", mul8(16, 16));
}
