// Vec's extend, extend_from_slice, retain; Option's replace, as_deref; bool's then, then_some.
// Goldens recorded from rustc 1.95.
fn main() {
    let mut v = vec![1, 2, 3];
    v.extend(vec![4, 5]);
    v.extend([6, 7]);
    v.extend(8..10);
    let tail = vec![10, 11];
    v.extend(tail.iter().map(|x| x * 2));
    v.extend_from_slice(&tail);
    v.extend_from_slice(&[0, 0]);
    println!("{:?} {:?}", v, tail);
    v.retain(|x| *x % 2 == 0);
    println!("{:?}", v);
    let mut rows: Vec<Vec<i32>> = vec![vec![1]];
    let more = vec![vec![2, 3]];
    rows.extend_from_slice(&more);
    rows[1].push(4);
    println!("{:?} {:?}", rows, more);
    let mut names: Vec<String> = Vec::new();
    names.extend(vec!["loss".to_string(), "acc".to_string()]);
    names.retain(|n| n.len() > 3);
    println!("{:?}", names);

    let mut best: Option<f32> = None;
    let old = best.replace(0.5);
    let older = best.replace(0.25);
    println!("{:?} {:?} {:?}", best, old, older);
    let label: Option<String> = Some("step".to_string());
    let none: Option<String> = None;
    println!("{:?} {:?}", label.as_deref(), none.as_deref());
    println!("{}", label.as_deref().unwrap_or("none"));

    let mut calls = 0;
    for loss in [0.5f32, 2.0] {
        let high = loss > 1.0;
        let flagged = high.then_some(loss * 10.0);
        let doubled = high.then(|| {
            calls += 1;
            loss * 2.0
        });
        println!("{:?} {:?} {}", flagged, doubled, calls);
    }
}
