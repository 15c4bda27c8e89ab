use std::collections::BTreeMap;
fn main() {
    let mut results: BTreeMap<u32, f64> = BTreeMap::new();
    let mut lr = 1e-4f64;
    let mut step = 0u32;
    while lr < 1.0 {
        let loss = (lr.ln() + 4.0).powi(2) * 0.1 + 0.5;
        results.insert(step, loss);
        lr *= 3.0;
        step += 1;
    }
    let Some((&best_step, &best)) = results.iter().min_by(|a, b| a.1.partial_cmp(b.1).unwrap()) else {
        return;
    };
    println!("{} steps, best {} at {:.4}", results.len(), best_step, best);
    let (&last, _) = results.last_key_value().unwrap();
    println!("last {}", last);
}
