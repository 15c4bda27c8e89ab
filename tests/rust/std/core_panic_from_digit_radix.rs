fn main() {
    let mut bases = vec![10u32, 36];
    bases.push(bases[1] + 1);
    for b in bases {
        println!("{:?}", char::from_digit(5, b));
    }
}
