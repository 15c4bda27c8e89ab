//! assert_eq! without a message: left and right in Debug.

fn main() {
    let a: f32 = 0.1 + 0.2;
    assert_eq!(a, 0.3);
    let v = vec![1.5, 2.0];
    assert_eq!(v, vec![1.5, 2.0]);
    println!("equal so far");
    let w: Vec<f64> = vec![0.1 + 0.2, 1.0];
    assert_eq!(w, vec![0.3, 1.0]);
}
