// A learning-rate schedule and a data stream, as endless iterators bounded by their consumer.
fn main() {
    let lrs: Vec<f64> = std::iter::successors(Some(0.1f64), |lr| Some(lr * 0.5)).take(4).collect();
    println!("{:?}", lrs);
    let pows: Vec<u32> =
        std::iter::successors(Some(1u32), |&x| if x < 100 { Some(x * 3) } else { None }).collect();
    println!("{:?}", pows);
    let mut calls = 0;
    let first: Vec<i32> = std::iter::successors(Some(1), |x| {
        calls += 1;
        Some(x + 1)
    })
    .take(3)
    .collect();
    println!("{:?} {}", first, calls);
    let none: Vec<i32> = std::iter::successors(None, |x: &i32| Some(x + 1)).collect();
    println!("{:?}", none);
    let mut n = 0;
    let squares: Vec<i32> = std::iter::from_fn(|| {
        n += 1;
        if n <= 3 { Some(n * n) } else { None }
    })
    .collect();
    println!("{:?} {}", squares, n);
    let mut batches = vec![vec![1, 2], vec![3]];
    let total: i32 = std::iter::from_fn(|| batches.pop()).map(|b| b.iter().sum::<i32>()).sum();
    println!("{}", total);
    let mut seed = 7u64;
    let noise: Vec<u64> = std::iter::from_fn(|| {
        seed = seed * 31 % 101;
        Some(seed)
    })
    .take(4)
    .collect();
    println!("{:?}", noise);
}
