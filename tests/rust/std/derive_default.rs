// `#[derive(Default)]`: every field its type's default.
#[derive(Debug, Clone, Default)]
struct Stats {
    n: u64,
    mean: f64,
    m2: f32,
    seen: bool,
    label: String,
    history: Vec<f32>,
    best: Option<f64>,
    range: (i32, f32),
    bins: [u8; 3],
}

#[derive(Debug, Default)]
struct Trainer {
    stats: Stats,
    step: usize,
}

#[derive(Debug, Default, PartialEq)]
struct Pair(i8, f64);

impl Stats {
    fn push(&mut self, x: f64) {
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.history.push(x as f32);
        self.seen = true;
    }
}

fn main() {
    let s = Stats::default();
    println!("{:?}", s);
    let mut t = Trainer::default();
    t.stats.push(2.0);
    t.stats.push(4.0);
    t.step += 1;
    println!("{:?}", t);
    let fresh = Trainer::default();
    println!("{} {:?}", fresh.stats.history.len(), Pair::default());
    println!("{}", Pair::default() == Pair(0, 0.0));
}
