// (126i8..).sum(): the range reaches i8::MAX before the sum overflows
fn main() {
    let small: i8 = (-3i8..).take(4).sum();
    println!("{}", small);
    let s: i8 = (126i8..).sum();
    println!("{}", s);
}
