fn main() {
    let pt = (3, 2.5);
    let q = match pt {
        (x, _) | (_, x) => x,
    };
    println!("{}", q);
}
