// Checks a schedule and a batch of losses for order: `is_sorted` compares neighbours with `<=`.
fn main() {
    let steps = vec![0, 10, 10, 25];
    let lrs = [0.1f32, 0.05, 0.01];
    println!("{} {}", steps.is_sorted(), lrs.is_sorted());
    let empty: Vec<i32> = Vec::new();
    println!("{} {}", empty.is_sorted(), [7].is_sorted());
    let with_nan = [1.0f64, f64::NAN, 2.0];
    println!("{}", with_nan.is_sorted());
    let words = vec!["a", "bb", "ccc"];
    println!("{}", words.is_sorted());
    println!("{}", words.is_sorted_by_key(|w| w.len()));
    println!("{}", lrs.is_sorted_by_key(|x| -x));
    let mut calls = 0;
    let pairs = vec![(1, 'z'), (2, 'a'), (0, 'b')];
    let sorted = pairs.is_sorted_by_key(|p| {
        calls += 1;
        p.0
    });
    println!("{} {}", sorted, calls);
}
