// Two optimizers behind `&mut dyn Optimizer`, stepped by one training function.
trait Optimizer {
    fn step(&mut self, params: &mut Vec<f64>, grads: &[f64]);
    fn describe(&self) -> String;
}

struct Sgd {
    lr: f64,
}

struct Adam {
    lr: f64,
    t: i32,
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Optimizer for Sgd {
    fn step(&mut self, params: &mut Vec<f64>, grads: &[f64]) {
        for i in 0..params.len() {
            params[i] -= self.lr * grads[i];
        }
    }
    fn describe(&self) -> String {
        format!("sgd lr={}", self.lr)
    }
}

impl Optimizer for Adam {
    fn step(&mut self, params: &mut Vec<f64>, grads: &[f64]) {
        if self.m.is_empty() {
            self.m = vec![0.0; params.len()];
            self.v = vec![0.0; params.len()];
        }
        self.t += 1;
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
        for i in 0..params.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * grads[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * grads[i] * grads[i];
            let m_hat = self.m[i] / (1.0 - b1.powi(self.t));
            let v_hat = self.v[i] / (1.0 - b2.powi(self.t));
            params[i] -= self.lr * m_hat / (v_hat.sqrt() + eps);
        }
    }
    fn describe(&self) -> String {
        format!("adam t={}", self.t)
    }
}

fn loss_and_grad(p: &[f64]) -> (f64, Vec<f64>) {
    let loss = (p[0] - 3.0).powi(2) + 10.0 * (p[1] + 1.0).powi(2);
    (loss, vec![2.0 * (p[0] - 3.0), 20.0 * (p[1] + 1.0)])
}

fn train(opt: &mut dyn Optimizer, steps: usize) -> Vec<f64> {
    let mut p = vec![0.0, 0.0];
    for s in 0..steps {
        let (loss, g) = loss_and_grad(&p);
        if s % 5 == 0 {
            println!("  {} step {} loss {:.6}", opt.describe(), s, loss);
        }
        opt.step(&mut p, &g);
    }
    p
}

fn main() {
    let mut sgd = Sgd { lr: 0.04 };
    let mut adam = Adam { lr: 0.3, t: 0, m: vec![], v: vec![] };
    let a = train(&mut sgd, 15);
    let b = train(&mut adam, 15);
    println!("{:?}", a);
    println!("{:?}", b);
    let mut all: Vec<Box<dyn Optimizer>> = vec![Box::new(Sgd { lr: 0.01 }), Box::new(adam)];
    for o in all.iter_mut() {
        let p = train(o.as_mut(), 3);
        println!("{} -> {:.4}", o.describe(), p[0]);
    }
}
