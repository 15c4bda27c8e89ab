#[derive(Clone, Debug)]
struct Tn {
    v: f32,
}
fn main() {
    let xs = vec![Tn { v: 1.0 }, Tn { v: 3.0 }];
    let mut best: Vec<Option<Tn>> = vec![None; 2];
    for (i, x) in xs.iter().enumerate() {
        best[i] = Some(x);
    }
    println!("{}", best.len());
}
