use std::collections::{BTreeMap, HashMap};
fn main() {
    let labels = [0usize, 1, 1, 2, 1, 0, 1, 1];
    let counts: HashMap<usize, usize> = labels.iter().fold(HashMap::new(), |mut m, &l| {
        *m.entry(l).or_insert(0) += 1;
        m
    });
    let total = labels.len() as f64;
    let k = counts.len() as f64;
    let weights: BTreeMap<usize, f64> = counts.iter().map(|(&c, &n)| (c, total / (k * n as f64))).collect();
    for (c, w) in &weights {
        println!("class {} weight {:.4}", c, w);
    }
    let loss: f64 = labels.iter().map(|l| weights[l] * 0.5).sum();
    println!("{:.4}", loss);
}
