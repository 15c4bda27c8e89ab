// Hand-written optimizer loops: iter_mut zipped with iter_mut, nested zips, a loop's row,
// an indexed row's iter_mut.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    fn step(&mut self, params: &mut Vec<f64>, grads: &[f64]) {
        self.t += 1;
        let (b1, b2, lr) = (0.9f64, 0.999f64, 0.01f64);
        for ((m, v), g) in self.m.iter_mut().zip(self.v.iter_mut()).zip(grads) {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
        }
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        for ((p, m), v) in params.iter_mut().zip(self.m.iter()).zip(&self.v) {
            *p -= lr * (m / c1) / ((v / c2).sqrt() + 1e-8);
        }
    }
}

fn main() {
    let mut p = vec![1.0f64, 2.0, -0.5];
    let mut vel = vec![0.0f64; 3];
    let g = [0.5f64, -0.5, 0.25];
    for ((pi, gi), vi) in p.iter_mut().zip(g.iter()).zip(vel.iter_mut()) {
        *vi = 0.9 * *vi + gi;
        *pi -= 0.1 * *vi;
    }
    println!("{:?} {:?}", p, vel);

    let mut a = vec![1.0f64, 2.0];
    let mut b = vec![0.0f64, 0.0, 7.0];
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        *y = *x * 2.0;
        *x = 0.0;
    }
    println!("{:?} {:?}", a, b);
    for (y, x) in b.iter().zip(&mut a) {
        *x += y + 1.0;
    }
    println!("{:?}", a);

    let data = vec![vec![2.0f64, 4.0], vec![4.0, 8.0], vec![0.0, 3.0]];
    let mut mean = vec![0.0f64; 2];
    for row in &data {
        for (m, x) in mean.iter_mut().zip(row) {
            *m += x / 3.0;
        }
    }
    println!("{:?}", mean);

    let mut rows = vec![vec![2.0f64, 4.0, 6.0], vec![1.0, 1.0, 3.0]];
    let pivot = rows[0][0];
    for v in rows[0].iter_mut() {
        *v /= pivot;
    }
    let k = 1;
    let f = rows[k][0];
    for (j, v) in rows[k].iter_mut().enumerate() {
        *v -= f * (j as f64 + 1.0);
    }
    for (x, s) in rows[1].iter_mut().zip(mean.iter()) {
        *x *= s;
    }
    rows[0].iter_mut().for_each(|x| *x += 0.5);
    println!("{:?}", rows);

    let mut opt = Adam { m: vec![0.0; 3], v: vec![0.0; 3], t: 0 };
    let grads = vec![0.1f64, -0.2, 0.3];
    for _ in 0..3 {
        opt.step(&mut p, &grads);
    }
    println!("{:?} t={}", p, opt.t);
    println!("{:.6} {:.8}", opt.m[0], opt.v[2]);
}
