// `try_fold` with a closure giving an `Option` or a `Result` (stopping at the first `None` or
// `Err`, the later items not pulled), and `sum`/`product` of `Result`s and `Option`s.
fn numel(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

fn parse_dim(s: &str) -> Result<u32, String> {
    s.parse::<u32>().map_err(|e| format!("bad dim {:?}: {}", s, e))
}

fn main() {
    println!("{:?} {:?}", numel(&[2, 3, 4]), numel(&[usize::MAX, 2, 0]));
    let mut seen = 0;
    let r: Result<i32, String> = [4, 5, -1, 7].iter().try_fold(0i32, |acc, &x| {
        seen += 1;
        if x < 0 { Err(format!("negative at {}", seen)) } else { Ok(acc + x) }
    });
    println!("{:?} after {}", r, seen);
    let ok: Result<u32, String> = ["3", "4", "5"].iter().map(|s| parse_dim(s)).sum();
    let bad: Result<u32, String> = ["3", "x", "5"].iter().map(|s| parse_dim(s)).sum();
    println!("{:?} {:?}", ok, bad);
    let prod: Option<u64> = vec![Some(2u64), Some(3), Some(7)].into_iter().product();
    let none: Option<u64> = vec![Some(2u64), None].into_iter().product();
    let floats: Result<f64, String> = vec![Ok(0.5), Ok(0.25)].into_iter().sum();
    println!("{:?} {:?} {:?}", prod, none, floats);
}
