// a stack of boxed layers stepped through a &mut Vec<Box<dyn Layer>> with iter_mut().map
trait Layer {
    fn step(&mut self, lr: f64) -> f64;
}
struct Scale { w: f64 }
struct Shift { b: f64 }
impl Layer for Scale {
    fn step(&mut self, lr: f64) -> f64 { self.w -= lr * 2.0; self.w }
}
impl Layer for Shift {
    fn step(&mut self, lr: f64) -> f64 { self.b += lr; self.b }
}
fn step_all(layers: &mut Vec<Box<dyn Layer>>, lr: f64) -> Vec<f64> {
    layers.iter_mut().map(|l| l.step(lr)).collect()
}
fn main() {
    let mut layers: Vec<Box<dyn Layer>> = vec![Box::new(Scale { w: 1.5 }), Box::new(Shift { b: -0.5 })];
    for epoch in 0..3 {
        println!("epoch {} {:?}", epoch, step_all(&mut layers, 0.25));
    }
    let moved = layers.iter_mut().filter(|_| true).map(|l| l.step(0.0)).count();
    println!("{}", moved);
}
