// Struct update from `*self`, `self` and a variable whose remaining fields are `Copy`.
#[derive(Debug, Clone, Copy)]
struct Opt { lr: f64, steps: u32 }
impl Opt {
    fn with_lr(&self, lr: f64) -> Opt {
        Opt { lr, ..*self }
    }
    fn halved(self) -> Self {
        Self { lr: self.lr / 2.0, ..self }
    }
}
#[derive(Debug, Clone)]
struct Cfg { name: String, epochs: u32 }
impl Cfg {
    fn renamed(&self, name: &str) -> Cfg {
        Cfg { name: name.to_string(), ..*self }
    }
}
fn main() {
    let o = Opt { lr: 0.1, steps: 3 };
    println!("{:?} {:?} {:?}", o.with_lr(0.2), o.halved(), o);
    let c = Cfg { name: "a".to_string(), epochs: 2 };
    println!("{:?} {:?}", c.renamed("b"), c);
}
