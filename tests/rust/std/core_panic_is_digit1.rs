fn main() {
    let r: u32 = 1; let c = '7'; println!("{:?}", c.is_digit(r));
}
