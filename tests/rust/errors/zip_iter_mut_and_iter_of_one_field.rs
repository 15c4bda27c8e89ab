struct S { m: Vec<f64>, v: Vec<f64> }
fn main() {
    let mut s = S { m: vec![1.0], v: vec![2.0] };
    for (m, v) in s.m.iter_mut().zip(s.m.iter()) {
        *m += v;
    }
    println!("{:?} {:?}", s.m, s.v);
}
