// `Vec::dedup_by_key`: each run of elements with equal keys kept as its first.
fn main() {
    let mut d = vec![1, 1, 2, 3, 3, 3, 4, 7, 6];
    d.dedup_by_key(|x| *x / 2);
    let mut losses = vec![0.51f32, 0.49, 0.42, 0.38, 0.31, 0.305];
    losses.dedup_by_key(|l| (*l * 10.0) as i32);
    let mut words = vec!["apple", "avocado", "banana", "blueberry", "cherry", "apricot"];
    words.dedup_by_key(|w| w.chars().next());
    let mut empty: Vec<u8> = vec![];
    empty.dedup_by_key(|x| *x);
    println!("{:?} {:?} {:?} {:?}", d, losses, words, empty);
}
