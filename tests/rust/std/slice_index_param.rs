fn last_plus(xs: &[u8], k: usize) -> u8 {
    xs[xs.len() - 1 + k]
}

fn main() {
    let v = vec![1u8, 2, 3];
    println!("{}", last_plus(&v, 0));
    println!("{}", last_plus(&v, 1));
}
