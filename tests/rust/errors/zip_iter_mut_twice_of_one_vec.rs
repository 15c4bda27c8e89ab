fn main() {
    let mut a = vec![1.0f64, 2.0];
    for (x, y) in a.iter_mut().zip(a.iter_mut()) {
        *x += *y;
    }
    println!("{:?}", a);
}
