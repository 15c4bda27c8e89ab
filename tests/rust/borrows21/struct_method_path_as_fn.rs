struct P {
    x: f64,
}

impl P {
    fn double(&self) -> f64 {
        self.x * 2.0
    }
}

fn main() {
    let ps = vec![P { x: 1.0 }, P { x: 2.5 }];
    let total: f64 = ps.iter().map(P::double).sum();
    println!("{}", total);
}
