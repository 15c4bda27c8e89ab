fn main() {
    let v: Vec<f32> = vec![1.0, 2.0];
    let e: Vec<f32> = vec![];
    let a = *v.last().unwrap_or(&0.0);
    let b = v.last().copied().unwrap_or(0.0);
    let c = *e.first().unwrap_or(&-1.0);
    let d = v.iter().cloned().fold(0.0, f32::max);
    let m = *v.iter().max_by(|x, y| x.total_cmp(y)).unwrap_or(&0.0);
    let o: Option<f32> = None;
    println!("{} {} {} {} {} {}", a, b, c, d, m, o.unwrap_or(0.5));
}
