// `*r = value` through a `&mut` parameter or local: the caller's struct or `Vec` replaced.
#[derive(Debug)]
struct Model {
    weights: Vec<f64>,
    step: u32,
}

fn retrain(m: &mut Model) {
    let next = Model { weights: m.weights.iter().map(|w| w * 0.5).collect(), step: m.step + 1 };
    *m = next;
}

fn reset(v: &mut Vec<i32>) {
    *v = vec![0, 0];
}

fn main() {
    let mut m = Model { weights: vec![1.0, -2.0], step: 0 };
    retrain(&mut m);
    retrain(&mut m);
    println!("{:?}", m);
    let mut w = vec![3];
    reset(&mut w);
    let r = &mut w;
    *r = vec![7, 8, 9];
    println!("{:?}", w);
}
