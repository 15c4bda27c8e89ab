// A parameter bounded by `Iterator<Item = X>` (a type parameter, a `where` clause, `impl
// Iterator<Item = X>`), given the iterators a caller makes, and `std::iter::empty()`.
fn mean<I: Iterator<Item = f64>>(it: I) -> Option<f64> {
    let (n, total) = it.fold((0usize, 0.0), |(n, t), x| (n + 1, t + x));
    if n == 0 { None } else { Some(total / n as f64) }
}

fn longest<I>(mut words: I) -> usize
where
    I: Iterator<Item = String>,
{
    let mut best = 0;
    while let Some(w) = words.next() {
        best = best.max(w.len());
    }
    best
}

fn count_big(xs: impl Iterator<Item = u32>, limit: u32) -> usize {
    xs.filter(|&x| x > limit).count()
}

fn main() {
    let losses = vec![0.5, 0.25, 0.125, 1.0];
    println!("{:?}", mean(losses.iter().copied()));
    println!("{:?}", mean(losses.iter().skip(2).map(|x| x * 2.0)));
    println!("{:?}", mean(std::iter::empty()));
    let names = vec!["relu".to_string(), "softmax".to_string()];
    println!("{}", longest(names.into_iter()));
    println!("{}", longest("a bb ccc".split(' ').map(|s| s.to_string())));
    println!("{} {}", count_big(vec![1u32, 5, 9, 12].into_iter(), 4), count_big(0..10, 6));
}
