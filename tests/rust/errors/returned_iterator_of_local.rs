fn firsts(n: usize) -> impl Iterator<Item = usize> {
    let v: Vec<usize> = (0..n).collect();
    v.iter().copied()
}

fn main() {
    println!("{:?}", firsts(3).collect::<Vec<_>>());
}
