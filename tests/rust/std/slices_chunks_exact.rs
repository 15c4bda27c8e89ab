// chunks_exact(n): the whole chunks only, double-ended and exact-size
fn main() {
    let v = vec![1.0f32, 2.0, 3.0, 4.0, 5.0];
    for c in v.chunks_exact(2) {
        println!("{:?} {}", c, c.len());
    }
    println!("{}", v.chunks_exact(2).len());
    println!("{}", v.chunks_exact(5).count());
    println!("{}", v.chunks_exact(6).count());
    let sums: Vec<f32> = v.chunks_exact(2).map(|c| c.iter().sum()).collect();
    println!("{:?}", sums);
    let a = [1u8, 2, 3, 4, 5, 6];
    for (i, c) in a.chunks_exact(3).enumerate().rev() {
        println!("{} {:?}", i, c);
    }
    let s: &[i32] = &[1, 2, 3];
    println!("{:?}", s.chunks_exact(2).next());
    println!("{:?} {:?}", v.chunks_exact(2).remainder(), a.chunks_exact(4).remainder());
}
