//! i32::MIN / -1 overflows: the quotient does not fit.

fn div(a: i32, b: i32) -> i32 {
    a / b
}

fn rem(a: i32, b: i32) -> i32 {
    a % b
}

fn main() {
    println!("{}", div(i32::MIN, 1));
    println!("{}", div(i32::MIN + 1, -1));
    println!("{}", rem(i32::MIN + 1, -1));
    eprintln!("about to divide i32::MIN by -1");
    println!("{}", div(i32::MIN, -1));
}
