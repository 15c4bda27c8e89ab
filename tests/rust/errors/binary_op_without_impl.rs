struct P {
    a: i32,
}

fn equal(p: P, q: P) -> bool {
    p == q
}

fn joined(a: Vec<i32>, b: Vec<i32>) -> Vec<i32> {
    a + b
}

fn words() -> usize {
    let s = "x" + "y";
    s.len()
}

fn product() -> f64 {
    let o = Some(1.5) * Some(2.0);
    o.unwrap_or(0.0)
}

fn main() {
    let p = P { a: 1 };
    println!("{} {}", p.a, equal(P { a: 1 }, P { a: 2 }));
    println!("{:?} {} {}", joined(vec![1], vec![2]), words(), product());
}
