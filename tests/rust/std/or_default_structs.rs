use std::collections::{BTreeMap, HashMap};

#[derive(Debug, Default)]
struct Stats {
    n: usize,
    total: f32,
}

impl Stats {
    fn add(&mut self, x: f32) {
        self.n += 1;
        self.total += x;
    }

    fn mean(&self) -> f32 {
        self.total / self.n as f32
    }
}

#[derive(Debug)]
struct Best {
    loss: f32,
    step: usize,
}

impl Default for Best {
    fn default() -> Self {
        Best { loss: f32::INFINITY, step: 0 }
    }
}

fn main() {
    let runs = [("adam", 0.5f32), ("sgd", 0.9), ("adam", 0.25), ("sgd", 0.7), ("adam", 0.75)];
    let mut by: BTreeMap<&str, Stats> = BTreeMap::new();
    for (name, loss) in runs.iter() {
        by.entry(name).or_default().add(*loss);
    }
    for (name, s) in &by {
        println!("{}: {} runs, mean {}", name, s.n, s.mean());
    }
    let mut best: HashMap<&str, Best> = HashMap::new();
    for (step, (name, loss)) in runs.iter().enumerate() {
        let b = best.entry(name).or_default();
        if *loss < b.loss {
            b.loss = *loss;
            b.step = step;
        }
    }
    println!("{:?} {:?}", best["adam"], best["sgd"]);
    let s = by.entry("rmsprop").or_default();
    println!("{:?}", s);
    println!("{}", by.len());
}
