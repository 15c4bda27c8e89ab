fn main() {
    let hist = vec![0.9, 0.7, 0.71, 0.5];
    let improving: Vec<bool> = (1..hist.len()).map(|i| hist[..i].iter().all(|&h| h > hist[i])).collect();
    println!("{:?}", improving);
    let pos = &2usize;
    let mut v = hist.clone();
    v[..*pos].reverse();
    v[*pos..].sort_by(|a, b| b.partial_cmp(a).unwrap());
    println!("{:?}", v);
}
