#[derive(Clone, Debug)]
struct Tn {
    v: Vec<f32>,
}
fn pass_through<T>(t: T) -> T {
    t
}
fn main() {
    let w = Tn {
        v: vec![0.5, 1.5, 2.0, -1.0],
    };
    let seen = pass_through(&w);
    let doubled: Vec<f32> = seen.clone().v.iter().map(|_| 2.0).collect();
    println!("{:?}", doubled);
    println!("{:?}", seen.clone().v);
}
