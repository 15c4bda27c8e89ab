fn plain() {
    let pair = (1, 2);
    pair.0 = 5;
    println!("{:?}", pair);
}

fn compound() {
    let acc = (0, 0.0);
    acc.1 += 1.5;
    println!("{:?}", acc);
}

fn main() {
    plain();
    compound();
}
