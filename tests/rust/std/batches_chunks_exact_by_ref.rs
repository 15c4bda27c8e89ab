// batches of exactly B with the remainder reported
fn main() {
    let data: Vec<f32> = (0..11).map(|x| x as f32 * 0.5).collect();
    let mut it = data.chunks_exact(4);
    for (i, b) in it.by_ref().enumerate() {
        let m: f32 = b.iter().sum::<f32>() / b.len() as f32;
        println!("batch {} mean {}", i, m);
    }
    println!("dropped {:?}", it.remainder());
    let pairs: Vec<(f32, f32)> = data.windows(2).map(|w| (w[0], w[1] - w[0])).take(2).collect();
    println!("{:?}", pairs);
}
