use std::collections::HashMap;
fn sgd(params: &mut HashMap<String, Vec<f32>>, grads: &HashMap<String, Vec<f32>>, lr: f32) {
    for name in ["w", "b"] {
        if let Some(p) = params.get_mut(name) {
            for (x, g) in p.iter_mut().zip(grads[name].iter()) {
                *x -= lr * g;
            }
        }
    }
}
fn main() {
    let mut params: HashMap<String, Vec<f32>> = HashMap::new();
    params.insert("w".to_string(), vec![1.0, 2.0]);
    params.insert("b".to_string(), vec![0.5]);
    let mut grads = HashMap::new();
    grads.insert("w".to_string(), vec![0.5, -1.0]);
    grads.insert("b".to_string(), vec![2.0]);
    sgd(&mut params, &grads, 0.1);
    let mut counts: HashMap<&str, Vec<u32>> = HashMap::new();
    counts.insert("a", vec![0, 0]);
    if let Some(c) = counts.get_mut("a") {
        for x in c.iter_mut() {
            *x += 3;
        }
    }
    if let Some(c) = counts.get_mut("zz") {
        c.push(1);
    }
    println!("{:?} {:?} {:?}", params["w"], params["b"], counts["a"]);
}
