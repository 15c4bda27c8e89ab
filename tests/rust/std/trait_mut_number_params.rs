trait Optimizer {
    fn update(&mut self, param: &mut f64, grad: f64);
    fn name(&self) -> String {
        "opt".to_string()
    }
}
struct Sgd {
    lr: f64,
}
struct Momentum {
    lr: f64,
    beta: f64,
    v: f64,
}
impl Optimizer for Sgd {
    fn update(&mut self, param: &mut f64, grad: f64) {
        *param -= self.lr * grad;
    }
}
impl Optimizer for Momentum {
    fn update(&mut self, param: &mut f64, grad: f64) {
        self.v = self.beta * self.v + grad;
        *param -= self.lr * self.v;
    }
    fn name(&self) -> String {
        format!("momentum({})", self.beta)
    }
}
trait Counter {
    fn tick(&self, n: &mut u32);
    fn reset(n: &mut u32) {
        *n = 0;
    }
}
struct By(u32);
impl Counter for By {
    fn tick(&self, n: &mut u32) {
        *n += self.0;
    }
}
fn fit<O: Optimizer>(opt: &mut O, w: &mut f64) {
    for _ in 0..3 {
        let g = 2.0 * (*w - 1.0);
        opt.update(w, g);
    }
}
fn main() {
    let mut w = 5.0;
    let mut s = Sgd { lr: 0.25 };
    fit(&mut s, &mut w);
    println!("{:.4} {}", w, s.name());
    let mut opts: Vec<Box<dyn Optimizer>> = vec![
        Box::new(Sgd { lr: 0.1 }),
        Box::new(Momentum {
            lr: 0.1,
            beta: 0.9,
            v: 0.0,
        }),
    ];
    let mut params = vec![1.0, 1.0];
    for (i, o) in opts.iter_mut().enumerate() {
        o.update(&mut params[i], 4.0);
        o.update(&mut params[i], 4.0);
        println!("{} {:.3}", o.name(), params[i]);
    }
    let mut count = 0;
    let c = By(3);
    c.tick(&mut count);
    c.tick(&mut count);
    println!("{}", count);
    By::reset(&mut count);
    println!("{}", count);
}
