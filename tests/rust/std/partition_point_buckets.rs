// `partition_point` of a sorted slice: bucket indices of values against thresholds; the
// predicate's calls (counted) are those of core's binary search.
fn bucket(th: &[f64], x: f64) -> usize {
    th.partition_point(|&t| t <= x)
}

fn main() {
    let th = vec![0.1, 0.5, 0.9, 1.5];
    for x in [-1.0, 0.1, 0.3, 0.9, 2.0] {
        print!("{} ", bucket(&th, x));
    }
    println!();
    let ids = [3u32, 8, 19, 20, 20, 41, 77];
    let mut calls = 0;
    let cut = ids.partition_point(|v| {
        calls += 1;
        *v < 20
    });
    println!("cut {} after {} calls; {:?}", cut, calls, &ids[cut..]);
    let empty: Vec<i32> = Vec::new();
    let none = empty.partition_point(|x| *x > 0);
    let all = ids.partition_point(|&v| v < 1000);
    let words = vec!["ant", "bee", "cat", "dog"];
    println!("{} {} {}", none, all, words.partition_point(|w| *w < "c"));
}
