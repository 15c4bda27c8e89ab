fn main() {
    let a: i32 = 10; let n = 10; println!("{}", a.pow(n));
}
