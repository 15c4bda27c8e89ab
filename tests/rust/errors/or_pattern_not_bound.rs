fn main() {
    let pt = (3, 0);
    let q = match pt {
        (x, 0) | (0, _) => x,
        _ => 9,
    };
    println!("{}", q);
}
