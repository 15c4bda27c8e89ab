struct Trainer {
    steps: usize,
    lr: f64,
    losses: Vec<f64>,
}

fn bump(n: &mut usize) {
    *n += 1;
}

fn bump_twice(n: &mut usize) {
    bump(n);
    bump(&mut *n);
}

fn decay(lr: &mut f64, factor: f64) -> f64 {
    *lr *= factor;
    *lr
}

fn record(best: &mut f64, seen: &mut usize, loss: f64) -> bool {
    *seen += 1;
    if loss < *best {
        *best = loss;
        true
    } else {
        false
    }
}

impl Trainer {
    fn step(&mut self, counter: &mut u32) {
        bump(&mut self.steps);
        decay(&mut self.lr, 0.5);
        *counter += 2;
        self.losses.push(self.lr);
    }
}

fn main() {
    let mut t = Trainer { steps: 0, lr: 0.1, losses: Vec::new() };
    let mut calls = 0u32;
    for _ in 0..3 {
        t.step(&mut calls);
    }
    println!("{} {} {:?} {}", t.steps, t.lr, t.losses, calls);
    let mut n = 0;
    bump_twice(&mut n);
    println!("{}", n);
    let mut best = f64::INFINITY;
    let mut seen = 0;
    for loss in [0.5, 0.7, 0.25, 0.3] {
        if record(&mut best, &mut seen, loss) {
            println!("new best {}", best);
        }
    }
    println!("{} {}", best, seen);
    let mut counts = vec![0usize; 3];
    bump(&mut counts[1]);
    bump(&mut counts[1]);
    bump(&mut counts[2]);
    println!("{:?}", counts);
    let mut flag = false;
    {
        let f = &mut flag;
        *f = !*f;
    }
    println!("{}", flag);
    let mut total = 0i64;
    let r = &mut total;
    for i in 1..=4 {
        *r += i * i;
    }
    println!("{}", r);
    println!("{}", total);
    let mut c = 'a';
    let cr = &mut c;
    *cr = 'z';
    println!("{}", c);
}
