fn has_prefix(v: &[i32], p: &[i32]) -> bool {
    v.starts_with(p)
}
fn main() {
    let v: Vec<u32> = vec![10, 20, 30];
    let a = [1.5f64, 2.5];
    let w = vec![10, 20];
    println!("{} {}", v.starts_with(&[10, 20]), v.ends_with(&[20]));
    println!("{} {} {}", v.starts_with(&w), v.ends_with(&v[1..]), a.ends_with(&[2.5]));
    println!("{} {}", has_prefix(&[1, 2, 3], &[1, 2]), has_prefix(&[1], &[1, 2]));
    let e: Vec<u32> = Vec::new();
    println!("{} {}", v.starts_with(&e), e.ends_with(&[]));
    let n = [f64::NAN];
    println!("{}", n.starts_with(&[f64::NAN]));
    let names = vec!["a".to_string(), "b".to_string()];
    println!("{}", names.starts_with(&["a".to_string()]));
}
