fn main() {
    let w = [0.123f64, 4.567];
    println!("{:?}", w.map(|x| (x * 10.0).round()));
    let names = ["fc1", "fc2", "out"];
    let owned: [String; 3] = names.map(|n| n.to_uppercase());
    println!("{:?} {}", owned, owned.len());
    let grads = [[1.0f32, -2.0], [0.5, 0.25]];
    let norms = grads.map(|g| g.iter().map(|x| x * x).sum::<f32>().sqrt());
    println!("{:?}", norms);
    let mut calls = 0;
    let doubled = [1u8, 2, 3].map(|x| {
        calls += 1;
        x * 2
    });
    println!("{:?} {}", doubled, calls);
}
