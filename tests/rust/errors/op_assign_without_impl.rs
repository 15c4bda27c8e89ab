struct V {
    x: f64,
}

fn shrink(mut v: V) -> f64 {
    v -= V { x: 2.0 };
    v.x
}

fn grow() -> Vec<i32> {
    let mut w = vec![1];
    w += vec![2];
    w
}

fn main() {
    println!("{} {:?}", shrink(V { x: 1.0 }), grow());
}
