#[derive(Debug)]
struct Param { name: String, value: f32, grad: f32, frozen: bool }

fn sgd(params: &mut [Param], lr: f32) -> usize {
    let mut n = 0;
    for p in params.iter_mut().filter(|p| !p.frozen) {
        p.value -= lr * p.grad;
        p.grad = 0.0;
        n += 1;
    }
    n
}

fn main() {
    let mut ps: Vec<Param> = ["embed", "fc1", "fc2", "head"].iter().enumerate()
        .map(|(i, n)| Param { name: n.to_string(), value: 1.0, grad: 0.1 * (i as f32 + 1.0), frozen: *n == "embed" })
        .collect();
    let updated = sgd(&mut ps, 0.5);
    println!("updated {}", updated);
    for p in &ps { println!("{:6} {:.3} {} {}", p.name, p.value, p.grad, p.frozen); }
    if let Some(h) = ps.iter_mut().find(|p| p.name == "head") { h.frozen = true; h.grad = 9.0; }
    ps.last_mut().unwrap().value *= 2.0;
    let n = sgd(&mut ps[1..], 1.0);
    println!("{} {:?}", n, ps.iter().map(|p| p.value).collect::<Vec<_>>());
    ps.swap(0, 3);
    let first = &ps[0];
    println!("{:?}", first);
    let total_grad: f32 = ps.iter().map(|p| p.grad).sum();
    println!("{}", total_grad);
}
