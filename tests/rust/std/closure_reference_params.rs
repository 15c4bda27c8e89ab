fn main() {
    let total = |v: &[f64]| -> f64 { v.iter().sum() };
    let name_len = |s: &str| s.len();
    let data = vec![1.0, 2.5];
    let mut k = 3;
    let owned = String::from("abc");
    println!("{} {} {} {}", total(&data), total(&data[1..]), k, name_len(&owned));
    let by_val = |x: f64, w: &Vec<f64>| x * w.len() as f64;
    println!("{}", by_val(2.0, &data));
}
