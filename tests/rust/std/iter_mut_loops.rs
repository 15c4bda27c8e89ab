// `iter_mut` loops: each element written in place, as rustc runs them.
#[derive(Debug, Clone)]
struct Neuron {
    w: f32,
    hits: u32,
}

struct Sgd {
    lr: f32,
    momentum: f32,
    velocity: Vec<f32>,
}

impl Sgd {
    fn step(&mut self, params: &mut Vec<f32>, grads: &Vec<f32>) {
        for v in self.velocity.iter_mut() {
            *v *= self.momentum;
        }
        for (i, v) in self.velocity.iter_mut().enumerate() {
            *v += grads[i];
        }
        for (i, p) in params.iter_mut().enumerate() {
            *p -= self.lr * self.velocity[i];
        }
    }
}

fn normalize(xs: &mut [f64]) {
    let m = xs.iter().sum::<f64>() / xs.len() as f64;
    for x in xs.iter_mut() {
        *x -= m;
    }
}

fn main() {
    let mut v = vec![1.0f32, 2.0, 3.0];
    for x in v.iter_mut() {
        *x = *x * 2.0 + 1.0;
    }
    println!("{:?}", v);
    for x in &mut v {
        *x -= 0.5;
        if *x > 4.0 {
            *x = 4.0;
        }
    }
    println!("{:?}", v);
    let mut counts = [0u8; 4];
    for (i, c) in counts.iter_mut().enumerate() {
        *c += i as u8 * 3;
    }
    println!("{:?}", counts);
    let mut layer = vec![Neuron { w: 0.5, hits: 0 }, Neuron { w: -1.0, hits: 2 }];
    for n in layer.iter_mut() {
        n.w *= 2.0;
        n.hits += 1;
    }
    for (_, n) in layer.iter_mut().enumerate() {
        n.w = n.w.abs();
    }
    println!("{:?}", layer);
    let mut opt = Sgd { lr: 0.1, momentum: 0.9, velocity: vec![0.0, 0.0] };
    let mut params = vec![1.0f32, -1.0];
    for _ in 0..3 {
        opt.step(&mut params, &vec![0.5, -0.25]);
    }
    println!("{:?} {:?}", params, opt.velocity);
    let mut data = vec![1.0, 2.0, 6.0];
    normalize(&mut data);
    println!("{:?}", data);
    let mut total = 0;
    let mut grid = vec![vec![1, 2], vec![3]];
    for row in grid.iter_mut() {
        row.push(0);
        total += row.len();
    }
    println!("{:?} {}", grid, total);
}
