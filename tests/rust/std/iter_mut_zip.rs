// `for (x, y) in v.iter_mut().zip(w.iter())` (or `.zip(&w)`): `*x` written in place.
struct Sgd {
    lr: f32,
    w: Vec<f32>,
}

impl Sgd {
    fn step(&mut self, grads: &[f32]) {
        for (w, g) in self.w.iter_mut().zip(grads.iter()) {
            *w -= self.lr * g;
        }
    }
}

fn main() {
    let mut opt = Sgd { lr: 0.5, w: vec![1.0, 2.0, 3.0] };
    opt.step(&[0.5, 1.0]);
    println!("{:?}", opt.w);
    let mut a = vec![1, 2, 3];
    let b = vec![10, 20, 30, 40];
    for (x, y) in a.iter_mut().zip(&b) {
        *x += *y;
    }
    println!("{:?}", a);
    let names = vec![String::from("p"), String::from("q")];
    let mut labels = vec![String::new(), String::new(), String::new()];
    for (l, n) in labels.iter_mut().zip(names.iter()) {
        l.push_str(n);
        *l += "!";
    }
    println!("{:?}", labels);
    let mut v = vec![String::new()];
    v[0].push_str("a");
    println!("{:?}", v);
}
