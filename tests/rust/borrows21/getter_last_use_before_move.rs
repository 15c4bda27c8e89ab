struct Model {
    layers: Vec<usize>,
}
impl Model {
    fn sizes(&self) -> &[usize] {
        &self.layers
    }
}
fn consume(m: Model) -> usize {
    m.layers.len()
}
fn main() {
    let m = Model { layers: vec![4, 2] };
    let s = m.sizes();
    println!("{:?}", s);
    let n = consume(m);
    println!("{}", n);
}
