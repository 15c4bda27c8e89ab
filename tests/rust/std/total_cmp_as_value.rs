// `f32::total_cmp` / `f64::total_cmp` named as a function value: `sort_by`, `max_by`, `min_by`
// (NaN last, -0.0 before 0.0: the total order).
fn main() {
    let mut v = vec![0.5f32, -1.0, f32::NAN, 2.0, -0.0, 0.0];
    v.sort_by(f32::total_cmp);
    println!("{:?}", v);
    let mut w: Vec<f64> = vec![3.5, -2.25, 1.0];
    w.sort_by(f64::total_cmp);
    w.reverse();
    println!("{:?}", w);
    let best = w.iter().copied().max_by(f64::total_cmp);
    println!("{:?}", best);
    let least = v.iter().copied().min_by(f32::total_cmp).unwrap();
    println!("{}", least);
}
