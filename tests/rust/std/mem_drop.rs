// `drop(x)` of the prelude and `std::mem::drop`: the value moved into the call (a loader freed
// once its batch sizes are read; a number dropped is copied, still usable).
struct Loader {
    batches: Vec<Vec<f32>>,
    name: String,
}

fn main() {
    let loader = Loader { batches: vec![vec![1.0, 2.0], vec![3.0]], name: "train".to_string() };
    let sizes: Vec<usize> = loader.batches.iter().map(|b| b.len()).collect();
    drop(loader);
    let step = 3;
    drop(step);
    println!("{:?} {}", sizes, step);
    let buffer = vec![0u8; 4];
    std::mem::drop(buffer);
    println!("dropped");
}
