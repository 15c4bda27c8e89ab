fn zero(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = 0.0;
    }
}
fn scale(xs: &mut [f32], k: f32) -> f32 {
    for i in 0..xs.len() {
        xs[i] *= k;
    }
    xs.iter().sum()
}
fn main() {
    let mut a = [1.0f32, 2.0, 3.0];
    let b = a;
    let s = scale(&mut a, 2.0);
    println!("{} {:?} {:?}", s, a, b);
    zero(&mut a);
    a[1] = 5.0;
    println!("{:?} {:?}", a, b);
    let mut grads = [[0.5f32; 2]; 2];
    let row = grads[0];
    grads[1][0] = 1.0;
    println!("{:?} {:?}", grads, row);
}
