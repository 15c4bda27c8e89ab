#[derive(Debug)]
struct Linear {
    w: Vec<f32>,
}
#[derive(Debug)]
struct Net {
    fc: Linear,
}
fn snapshot(nets: &Vec<Net>) -> Vec<Net> {
    let mut kept = Vec::new();
    for n in nets.iter() {
        kept.push(*n);
    }
    kept
}
fn main() {
    let net = Net {
        fc: Linear { w: vec![1.0] },
    };
    println!("{}", snapshot(&vec![net]).len());
}
