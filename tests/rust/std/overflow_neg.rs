//! Negating the minimum of a signed type panics.

fn negate(x: i8) -> i8 {
    -x
}

fn main() {
    println!("{}", negate(127));
    println!("{}", negate(-127));
    let m = i8::MIN + 1;
    println!("{}", negate(m - 1));
}
