// A tiny network of layers behind `Box<dyn Layer>`: forward through `&dyn`, a manual backward
// and update through `&mut dyn`, each layer's own parameters.
trait Layer {
    fn forward(&mut self, x: &[f32]) -> Vec<f32>;
    fn backward(&mut self, grad: &[f32]) -> Vec<f32>;
    fn update(&mut self, lr: f32);
    fn name(&self) -> String;
}

struct Scale {
    w: Vec<f32>,
    input: Vec<f32>,
    grad_w: Vec<f32>,
}

struct Relu {
    mask: Vec<bool>,
}

impl Layer for Scale {
    fn forward(&mut self, x: &[f32]) -> Vec<f32> {
        self.input = x.to_vec();
        x.iter().zip(&self.w).map(|(a, w)| a * w).collect()
    }
    fn backward(&mut self, grad: &[f32]) -> Vec<f32> {
        self.grad_w = grad.iter().zip(&self.input).map(|(g, x)| g * x).collect();
        grad.iter().zip(&self.w).map(|(g, w)| g * w).collect()
    }
    fn update(&mut self, lr: f32) {
        for (w, g) in self.w.iter_mut().zip(&self.grad_w) {
            *w -= lr * g;
        }
    }
    fn name(&self) -> String {
        format!("scale{:?}", self.w)
    }
}

impl Layer for Relu {
    fn forward(&mut self, x: &[f32]) -> Vec<f32> {
        self.mask = x.iter().map(|v| *v > 0.0).collect();
        x.iter().map(|v| v.max(0.0)).collect()
    }
    fn backward(&mut self, grad: &[f32]) -> Vec<f32> {
        grad.iter().zip(&self.mask).map(|(g, m)| if *m { *g } else { 0.0 }).collect()
    }
    fn update(&mut self, _lr: f32) {}
    fn name(&self) -> String {
        "relu".to_string()
    }
}

fn step(layers: &mut Vec<Box<dyn Layer>>, x: &[f32], target: &[f32], lr: f32) -> f32 {
    let mut h = x.to_vec();
    for l in layers.iter_mut() {
        h = l.forward(&h);
    }
    let loss: f32 = h.iter().zip(target).map(|(a, t)| (a - t) * (a - t)).sum();
    let mut g: Vec<f32> = h.iter().zip(target).map(|(a, t)| 2.0 * (a - t)).collect();
    for i in (0..layers.len()).rev() {
        g = layers[i].backward(&g);
    }
    for l in layers.iter_mut() {
        apply(l.as_mut(), lr);
    }
    loss
}

fn apply(layer: &mut dyn Layer, lr: f32) {
    layer.update(lr);
}

fn main() {
    let mut layers: Vec<Box<dyn Layer>> = vec![
        Box::new(Scale { w: vec![0.5, -0.5, 1.0], input: vec![], grad_w: vec![] }),
        Box::new(Relu { mask: vec![] }),
        Box::new(Scale { w: vec![1.0, 1.0, 1.0], input: vec![], grad_w: vec![] }),
    ];
    let x = [1.0, 2.0, -1.0];
    let t = [2.0, 1.0, 0.5];
    for epoch in 0..5 {
        let loss = step(&mut layers, &x, &t, 0.05);
        println!("epoch {} loss {:.6}", epoch, loss);
    }
    for l in &layers {
        println!("{}", l.name());
    }
}
