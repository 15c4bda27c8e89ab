fn scaled(n: usize, k: usize) -> impl Iterator<Item = usize> {
    (0..n).map(|x| x * k)
}

fn main() {
    println!("{:?}", scaled(3, 2).collect::<Vec<_>>());
}
