trait Layer {
    fn forward(&self, x: f32) -> f32;
}

struct Scale(f32);

impl Layer for Scale {
    fn forward(&self, x: f32) -> f32 {
        x * self.0
    }
}

fn main() {
    let s = Scale(2.0);
    let b = Box::new(s) as Box<dyn Layer>;
    println!("{} {}", b.forward(1.0), s.forward(2.0));
}
