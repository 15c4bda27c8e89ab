fn ends(v: [f32; 5]) -> (f32, f32) {
    let [first, .., last] = v;
    (first, last)
}
struct Batch {
    dims: [usize; 4],
}
fn main() {
    println!("{:?}", ends([1.0, 2.0, 3.0, 4.0, 5.5]));
    let b = Batch {
        dims: [8, 3, 28, 28],
    };
    let [n, c, ..] = b.dims;
    let [.., h, w] = b.dims;
    println!("{} {} {} {}", n, c, h, w);
    let [head, rest @ ..] = [10, 20, 30];
    println!("{} {:?}", head, rest);
    let [a, mid @ .., z]: [i64; 4] = [1, 2, 3, 4];
    println!("{} {:?} {}", a, mid, z);
    let names = ["x".to_string(), "y".to_string(), "z".to_string()];
    let [x, ..] = &names;
    println!("{} {}", x, names.len());
    let [_, .., mut tail] = [1u8, 2, 3];
    tail += 1;
    println!("{}", tail);
}
