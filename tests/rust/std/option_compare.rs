use std::cmp::Ordering;

fn main() {
    let a: Option<f32> = Some(0.5);
    let b: Option<f32> = None;
    println!("{:?} {:?} {}", a.partial_cmp(&b), b.partial_cmp(&a), a > b);
    let best: Option<f32> = Some(0.25);
    let nan: Option<f32> = Some(f32::NAN);
    println!("{:?} {:?}", a.partial_cmp(&best), nan.partial_cmp(&a));
    let x: Option<u32> = Some(3);
    let y: Option<u32> = Some(7);
    println!("{:?} {}", x.cmp(&y), x.cmp(&None) == Ordering::Greater);
    let mut scores = vec![Some(0.5f32), None, Some(0.1)];
    scores.sort_by(|p, q| p.partial_cmp(q).unwrap());
    println!("{:?}", scores);
}
