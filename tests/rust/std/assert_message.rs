//! assert! with a formatted message prints only the message.

fn main() {
    let loss: f32 = 0.25;
    assert!(loss < 1.0, "loss too big: {}", loss);
    println!("loss {loss} ok");
    let limit = 0.2;
    assert!(loss < limit, "loss {loss:.3} above limit {:?} (step {})", limit, 7);
}
