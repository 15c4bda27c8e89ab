// `ref mut` in patterns: let-destructuring of tuples and structs, `if let Some(ref mut x)`, `match` arms `Some(ref mut x)`
#[derive(Debug)]
struct P { x: i32, v: Vec<f32>, w: f64 }
fn lets() {
    let mut p = P { x: 1, v: vec![1.0], w: 0.5 };
    let P { ref mut x, ref mut v, .. } = p;
    *x += 1;
    v.push(2.0);
    println!("{:?}", p);
    let mut pair = (1, 2.5f32);
    let (ref mut a, ref mut b) = pair;
    *a += 10;
    *b *= 2.0;
    println!("{:?}", pair);
    let mut ps = vec![P { x: 1, v: vec![], w: 1.0 }, P { x: 2, v: vec![], w: 2.0 }];
    for q in ps.iter_mut() {
        let P { ref mut x, ref w, .. } = *q;
        *x *= 3;
        println!("{}", w);
    }
    println!("{:?}", ps);
    let mut nested = ((1, 2), 3);
    let ((ref mut i, _), ref mut k) = nested;
    *i = 7;
    *k -= 1;
    println!("{:?}", nested);
}
#[derive(Debug)]
struct Best { loss: Option<f32>, hist: Option<Vec<f32>> }
fn if_lets() {
    let mut o = Some(5);
    if let Some(ref mut n) = o {
        *n += 1;
    }
    println!("{:?}", o);
    let mut b = Best { loss: Some(1.0), hist: Some(vec![]) };
    if let Some(ref mut l) = b.loss {
        *l *= 0.5;
    }
    if let Some(ref mut h) = b.hist {
        h.push(0.25);
    }
    let mut none: Option<i32> = None;
    if let Some(ref mut n) = none {
        *n = 3;
    } else {
        println!("none");
    }
    println!("{:?} {:?}", b, none);
}
#[derive(Debug)]
struct S { best: Option<f32>, log: Option<Vec<u8>> }
fn matches() {
    let mut o = Some(5);
    match o {
        Some(ref mut n) => *n *= 2,
        None => {}
    }
    println!("{:?}", o);
    let mut s = S { best: None, log: Some(vec![1]) };
    for x in [3.0f32, 1.0, 2.0] {
        match s.best {
            Some(ref mut b) => {
                if x < *b {
                    *b = x;
                }
            }
            None => s.best = Some(x),
        }
    }
    match s.log {
        Some(ref mut l) => l.push(2),
        None => println!("no log"),
    }
    println!("{:?}", s);
}
fn main() {
    lets();
    if_lets();
    matches();
}
