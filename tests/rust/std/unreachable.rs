//! unreachable!() and its message form.

fn sign(x: i32) -> i32 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else if x == 0 {
        0
    } else {
        unreachable!()
    }
}

fn classify(x: i32) -> &'static str {
    if x % 2 == 0 {
        "even"
    } else if x % 2 != 0 && x > 100 {
        "big odd"
    } else {
        unreachable!("odd value {} below {}", x, 100)
    }
}

fn main() {
    println!("{} {} {}", sign(5), sign(-5), sign(0));
    println!("{}", classify(4));
    println!("{}", classify(101));
    println!("{}", classify(7));
}
