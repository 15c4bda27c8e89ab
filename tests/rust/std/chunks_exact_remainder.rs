fn main() {
    let mut v: Vec<i32> = Vec::with_capacity(10);
    v.push(1);
    let data = [1, 2, 3, 4, 5, 6, 7];
    let it = data.chunks_exact(3);
    println!("{:?}", it.remainder());
    for c in data.chunks_exact(3) {
        println!("{:?}", c);
    }
    let v2: Vec<f32> = vec![0.5; 5];
    let chunks = v2.chunks_exact(2);
    let rem = chunks.remainder().to_vec();
    let sums: Vec<f32> = chunks.map(|c| c.iter().sum()).collect();
    println!("{:?} {:?}", sums, rem);
    let mut s = String::with_capacity(8);
    s.push('x');
}
