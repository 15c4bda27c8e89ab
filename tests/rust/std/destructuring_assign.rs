// Destructuring assignment (Rust 1.59): a tuple of places on the left of `=`, as an LSTM loop
// writes `(h, c) = cell(x, h, c);`. Evaluated right side first, then each place left to right.
fn cell(x: f32, h: f32, c: f32) -> (f32, f32) {
    let c_next = 0.5 * c + x;
    (c_next * 0.25 + h, c_next)
}

fn swap_halves(v: Vec<String>) -> (Vec<String>, Vec<String>) {
    let mid = v.len() / 2;
    (v[mid..].to_vec(), v[..mid].to_vec())
}

struct State {
    h: f32,
    c: f32,
    steps: u32,
}

fn main() {
    let mut h = 0.0f32;
    let mut c = 1.0f32;
    for x in [0.5f32, -1.0, 2.0] {
        (h, c) = cell(x, h, c);
        println!("h={:.4} c={:.4}", h, c);
    }
    let (mut a, mut b) = (1u64, 1u64);
    for _ in 0..10 {
        (a, b) = (b, a + b);
    }
    println!("fib {} {}", a, b);
    let mut s = State { h: 0.0, c: 0.0, steps: 0 };
    (s.h, s.c) = cell(1.0, 0.5, 2.0);
    s.steps += 1;
    println!("{} {} {}", s.h, s.c, s.steps);
    let mut v = vec![0i32; 3];
    let mut total = 0;
    (v[0], _, (v[2], total)) = (7, "skipped", (9, 16));
    println!("{:?} {}", v, total);
    let mut left = vec![String::from("a"), String::from("b")];
    let mut right = vec![String::from("c"), String::from("d")];
    (left, right) = swap_halves([left, right].concat());
    println!("{:?} {:?}", left, right);
    let mut pair = (0, 0);
    (pair.1, pair.0) = (pair.0 + 1, pair.1 + 2);
    println!("{:?}", pair);
}
