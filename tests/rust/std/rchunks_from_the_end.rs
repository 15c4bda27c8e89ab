fn main() {
    let v: Vec<u32> = (0..10).collect();
    for c in v.rchunks(3) {
        print!("{:?} ", c);
    }
    println!();
    let last: Vec<Vec<u32>> = v.rchunks(4).rev().map(|c| c.to_vec()).collect();
    println!("{:?} {}", last, v.rchunks(4).len());
    let a = [1.5f32, 2.5, 3.5];
    println!("{:?}", a.rchunks(2).next());
    let z = v.rchunks(0).count();
    println!("{}", z);
}
