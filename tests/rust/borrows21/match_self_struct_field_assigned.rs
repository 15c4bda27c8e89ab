struct H {
    n: u32,
    xs: Vec<u32>,
}
enum Slot {
    Full(H),
    Empty,
}
impl Slot {
    fn bump(&mut self) {
        match self {
            Slot::Full(h) => {
                h.n += 1;
                h.xs.push(h.n);
            }
            Slot::Empty => {}
        }
    }
}
fn main() {
    let mut s = Slot::Full(H { n: 0, xs: vec![] });
    s.bump();
    s.bump();
    if let Slot::Full(h) = &s {
        println!("{} {:?}", h.n, h.xs);
    }
    let e = Slot::Empty;
    if let Slot::Empty = e {
        println!("empty");
    }
}
