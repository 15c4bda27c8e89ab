trait Layer {
    fn forward(&self, x: f32) -> f32;
}
struct Shift(f32);
impl Layer for Shift {
    fn forward(&self, x: f32) -> f32 {
        x + self.0
    }
}
fn main() {
    let s = Shift(-1.0);
    let r = &s as &dyn Layer;
    let _moved = r;
    println!("{}", r.forward(1.0));
}
