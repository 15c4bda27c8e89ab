#[derive(Clone, Debug)]
struct Tn {
    v: f32,
}
fn moments(x: &Tn) -> (Tn, Tn, f32) {
    (x.clone(), x.clone(), 1e-5)
}
fn main() {
    let x = Tn { v: 1.0 };
    let (mean, var) = moments(&x);
    println!("{:?} {:?}", mean, var);
}
