use std::collections::BTreeMap;
fn main() {
    let mut grads: BTreeMap<usize, f32> = BTreeMap::new();
    let updates = [(3usize, 0.5f32), (1, -0.25), (3, 0.25), (7, 1.0), (1, 0.25)];
    for &(i, g) in updates.iter() {
        *grads.entry(i).or_insert(0.0) += g;
    }
    grads.retain(|_, g| *g != 0.0);
    let mut params = vec![1.0f32; 8];
    for (&i, g) in &grads {
        params[i] -= 0.1 * g;
    }
    println!("{:?}", grads);
    println!("{:?}", params);
    if let Some((&last, _)) = grads.iter().next_back() {
        println!("last touched {}", last);
    }
}
