//! Remainder by zero panics with its own message.

fn rem(a: u64, b: u64) -> u64 {
    a % b
}

fn main() {
    println!("{:?}", 5.5f32 % 0.0);
    println!("{}", rem(7, 4));
    println!("{}", rem(7, 0));
}
