fn main() {
    let mut v: Vec<f32> = Vec::new();
    v.resize(3, 1.0);
    println!("{} {}", v.len(), v.capacity());
    v.resize(5, 0.0);
    println!("{} {}", v.len(), v.capacity());
    v.resize(2, 0.0);
    println!("{} {}", v.len(), v.capacity());
    let mut w = Vec::with_capacity(10);
    w.push(1u8);
    w.resize(30, 2);
    println!("{} {}", w.len(), w.capacity());
}
