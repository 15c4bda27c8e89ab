// is_sorted_by_key makes each key as core's walk reaches it and stops at the first key smaller
// than the one before: the keys after it are never made (a NaN key compares false).
fn main() {
    let v = vec![1.0f32, 2.0, f32::NAN, 0.5];
    let mut n = 0;
    println!("{}", v.is_sorted_by_key(|x| { n += 1; *x }));
    println!("{}", n);
    let w = [3, 4, 9];
    let mut m = 0;
    println!("{} {}", w.is_sorted_by_key(|x| { m += 1; x * 2 }), m);
    let e: Vec<i32> = vec![];
    println!("{}", e.is_sorted_by_key(|x| *x));
}
