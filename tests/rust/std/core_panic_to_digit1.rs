fn main() {
    let r: u32 = 1; let c = '7'; println!("{:?}", c.to_digit(r));
}
