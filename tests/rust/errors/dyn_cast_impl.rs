trait Layer {
    fn forward(&self, x: f32) -> f32;
}

struct Scale(f32);
struct Plain(f32);

impl Layer for Scale {
    fn forward(&self, x: f32) -> f32 {
        x * self.0
    }
}

fn main() {
    let layers = vec![Box::new(Scale(2.0)) as Box<dyn Layer>, Box::new(Plain(0.5)) as Box<dyn Layer>];
    println!("{}", layers[0].forward(1.0));
}
