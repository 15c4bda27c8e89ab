// Iterator::unzip splits pairs into two collections, each in the order the pairs come: from a
// Vec's into_iter, from a map of a range, from enumerate, and with its four types written.
fn main() {
    let pairs = vec![(1, 'a'), (2, 'b'), (3, 'c')];
    let (nums, letters): (Vec<i32>, Vec<char>) = pairs.into_iter().unzip();
    println!("{:?} {:?}", nums, letters);
    let (sq, cube): (Vec<u64>, Vec<u64>) = (1..5u64).map(|k| (k * k, k * k * k)).unzip();
    println!("{:?} {:?}", sq, cube);
    let losses = vec![0.5f32, 0.25, 0.125];
    let (steps, halves): (Vec<usize>, Vec<f32>) =
        losses.into_iter().enumerate().map(|(i, l)| (i, l / 2.0)).unzip();
    println!("{:?} {:?}", steps, halves);
    let (a, b) = vec![(true, 1.5f64), (false, -2.0)].into_iter().unzip::<bool, f64, Vec<bool>, Vec<f64>>();
    println!("{:?} {:?} {}", a, b, a.len() + b.len());
    let empty: Vec<(i32, i32)> = Vec::new();
    let (x, y): (Vec<i32>, Vec<i32>) = empty.into_iter().unzip();
    println!("{} {}", x.is_empty(), y.len());
}
