enum Opt {
    Rms { rho: f32, s: Vec<f32> },
    Sgd { lr: f32 },
}

struct Hist {
    xs: Vec<u32>,
}

impl Hist {
    fn add(&mut self, x: u32) {
        self.xs.push(x);
    }
}

enum Slot {
    Full(Hist),
    Empty,
}

impl Opt {
    fn step(&mut self, g: &[f32]) {
        match self {
            Opt::Rms { rho, s } => {
                for (si, gi) in s.iter_mut().zip(g) {
                    *si = *rho * *si + gi * gi;
                }
                s.push(*rho);
            }
            Opt::Sgd { lr } => println!("sgd {}", lr),
        }
    }
    fn show(&self) {
        match self {
            Opt::Rms { s, .. } => println!("{:?}", s),
            Opt::Sgd { lr } => println!("{}", lr),
        }
    }
}

fn fill(slot: &mut Slot) {
    match slot {
        Slot::Full(h) => h.add(3),
        Slot::Empty => {}
    }
}

fn main() {
    let mut o = Opt::Rms { rho: 0.5, s: vec![1.0, 2.0] };
    o.step(&[1.0, 1.0]);
    o.step(&[2.0, 0.0]);
    o.show();
    let mut sgd = Opt::Sgd { lr: 0.1 };
    sgd.step(&[]);
    sgd.show();
    let mut slot = Slot::Full(Hist { xs: vec![1] });
    fill(&mut slot);
    match &mut slot {
        Slot::Full(h) => {
            h.xs.push(9);
            for x in h.xs.iter_mut() {
                *x *= 2;
            }
        }
        Slot::Empty => {}
    }
    if let Slot::Full(h) = &slot {
        println!("{:?}", h.xs);
    }
}
