use std::collections::BTreeMap;
#[derive(Debug)]
enum V {
    Num(f64),
    Pair(f64, f64),
}
impl V {
    fn total(&self) -> f64 {
        match self {
            V::Num(x) => *x,
            V::Pair(a, b) => a + b,
        }
    }
    fn label(&self) -> String {
        format!("{:?}", self)
    }
}
fn main() {
    let mut m = BTreeMap::new();
    m.insert("a", V::Num(1.0));
    m.insert("b", V::Pair(2.0, 0.5));
    let ts: Vec<f64> = m.values().map(V::total).collect();
    let ls: Vec<String> = m.values().rev().map(V::label).collect();
    let vs = vec![V::Num(3.0)];
    let best = vs.iter().map(V::total).fold(0.0, f64::max);
    println!("{:?} {:?} {}", ts, ls, best);
}
