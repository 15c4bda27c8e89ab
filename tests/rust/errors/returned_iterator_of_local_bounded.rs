fn firsts(w: &[usize]) -> impl Iterator<Item = usize> + '_ {
    let v: Vec<usize> = w.to_vec();
    v.iter().copied()
}

fn main() {
    println!("{:?}", firsts(&[3]).collect::<Vec<_>>());
}
