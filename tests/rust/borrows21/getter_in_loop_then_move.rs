struct Model {
    w: Vec<f32>,
}
impl Model {
    fn weights(&self) -> &[f32] {
        &self.w
    }
}
fn archive(m: Model) -> f32 {
    m.w.iter().sum()
}
fn main() {
    let m = Model { w: vec![0.5, 0.25] };
    let mut total = 0.0;
    for _ in 0..2 {
        let v = m.weights();
        total += v[0];
    }
    let a = archive(m);
    println!("{} {}", total, a);
}
