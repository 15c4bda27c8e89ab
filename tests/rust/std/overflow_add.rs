//! `+` past i32::MAX panics in a debug build, at the operation.

fn add(a: i32, b: i32) -> i32 {
    a + b
}

fn main() {
    println!("{}", add(2147483600, 47));
    let mut total: i32 = 2147483000;
    for step in 0..10 {
        total += 100;
        println!("step {step}: {total}");
    }
}
