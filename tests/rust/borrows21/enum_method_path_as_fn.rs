enum V {
    Num(f64),
    List(Vec<V>),
}

impl V {
    fn total(&self) -> f64 {
        match self {
            V::Num(x) => *x,
            V::List(items) => items.iter().map(V::total).sum(),
        }
    }
}

fn main() {
    let v = V::List(vec![V::Num(1.5), V::Num(2.0)]);
    println!("{}", v.total());
}
