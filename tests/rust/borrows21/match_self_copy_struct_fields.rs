#[derive(Clone, Copy, Debug)]
struct C {
    n: u32,
    lr: f32,
}
struct Named {
    name: String,
    c: C,
}
enum Slot {
    Full(C),
    Tagged { named: Named, k: u32 },
}
impl Slot {
    fn bump(&mut self) {
        match self {
            Slot::Full(c) => {
                c.n += 1;
                c.lr *= 0.5;
            }
            Slot::Tagged { named, k } => {
                named.name += "!";
                named.c.n += 10;
                named.name.push('?');

            }
        }
    }
}
fn bump_all(slots: &mut Vec<Slot>) {
    for s in slots.iter_mut() {
        s.bump();
    }
}
fn main() {
    let mut s = Slot::Full(C { n: 0, lr: 1.0 });
    s.bump();
    s.bump();
    if let Slot::Full(c) = &s {
        println!("{:?}", c);
    }
    let mut v = vec![Slot::Full(C { n: 5, lr: 2.0 })];
    bump_all(&mut v);
    match &v[0] {
        Slot::Full(c) => println!("{:?}", c),
        Slot::Tagged { k, .. } => println!("{}", k),
    }
}
