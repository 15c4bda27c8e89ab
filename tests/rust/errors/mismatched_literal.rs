fn main() {
    let x: f32 = 1usize;
    println!("{}", x);
}
