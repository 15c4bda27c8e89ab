// Option::zip, xor, and, is_none_or, unwrap_or_default.
fn pair(a: Option<i32>, b: Option<f64>) -> Option<(i32, f64)> {
    a.zip(b)
}

fn main() {
    let lr = Some(0.01);
    let steps: Option<u32> = Some(100);
    println!("{:?} {:?}", steps.zip(lr), steps.zip(None::<f64>));
    println!("{:?} {:?}", pair(Some(3), Some(0.5)), pair(None, Some(1.0)));
    if let Some((s, l)) = steps.zip(lr) {
        println!("{} steps at {}", s, l);
    }
    let names = vec!["a", "b"];
    let best = names.first().zip(names.last()).map(|(x, y)| format!("{}..{}", x, y));
    println!("{:?}", best);
    let none: Option<i32> = None;
    println!("{:?} {:?} {:?} {:?}", Some(1).xor(none), Some(1).xor(Some(2)), none.xor(Some(3)), none.xor(None));
    println!("{:?} {:?}", Some(1).and(Some("x")), none.and(Some("y")));
    defaults();
    println!("{} {} {}", none.is_none_or(|x| x > 0), Some(5).is_none_or(|x| x > 9), Some(5).is_none_or(|x| x == 5));
}

fn defaults() {
    let n: Option<u64> = None;
    let v: Option<Vec<i32>> = None;
    let s: Option<String> = Some("kept".to_string());
    let f: Option<f32> = None;
    println!("{} {:?} {} {} {}", n.unwrap_or_default(), v.unwrap_or_default(), s.unwrap_or_default(), f.unwrap_or_default(), Some(true).unwrap_or_default());
}
