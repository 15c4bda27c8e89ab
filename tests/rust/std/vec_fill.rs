fn reset(buf: &mut Vec<f32>) {
    buf.fill(0.0);
}
fn main() {
    let mut v = vec![3, 9, 2];
    v.fill(7);
    let mut grads = vec![0.5f32, -1.0];
    reset(&mut grads);
    let mut rows = vec![vec![1u8], vec![2, 3]];
    rows.fill(vec![9]);
    rows[0].push(1);
    let mut w = vec![1, 2, 3, 4];
    w.truncate(2);
    w.fill(-1);
    println!("{:?} {:?} {:?} {:?}", v, grads, rows, w);
}
