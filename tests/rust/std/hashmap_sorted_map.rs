// A HashMap's entries mapped, collected and sorted at once: the output does not depend on the map's order.
use std::collections::HashMap;

fn main() {
    let runs = [("adam", 0.31), ("sgd", 0.52), ("rmsprop", 0.40), ("adagrad", 0.47)];
    let mut best: HashMap<String, f64> = HashMap::new();
    for (name, loss) in runs.iter() {
        best.insert(name.to_string(), *loss);
    }
    let mut table: Vec<(String, f64)> = best.iter().map(|(k, v)| (k.clone(), *v)).collect();
    table.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
    for (name, loss) in &table {
        println!("{:<8} {:.2}", name, loss);
    }
    let mut lens: Vec<(usize, String)> = best.keys().map(|k| (k.len(), k.to_string())).collect();
    lens.sort();
    println!("{:?}", lens);
    let mut counts: HashMap<char, u32> = HashMap::new();
    for c in "gradient".chars() {
        *counts.entry(c).or_insert(0) += 1;
    }
    let mut letters: Vec<(char, u32)> = counts.iter().map(|(c, n)| (*c, *n)).collect();
    letters.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    println!("{:?}", letters);
    let total: u32 = counts.values().sum();
    println!("{} letters, {} distinct", total, counts.len());
}
