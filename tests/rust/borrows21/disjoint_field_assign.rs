struct Replay {
    buf: Vec<f32>,
    rng: u64,
}

impl Replay {
    fn sample(&mut self) -> &f32 {
        let r = &self.buf[0];
        self.rng += 1;
        r
    }
}

fn main() {
    let mut rp = Replay { buf: vec![0.5], rng: 0 };
    println!("{}", rp.sample());
}
