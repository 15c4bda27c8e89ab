// `drain(a..b)`, `split_at` (its panic at the call), `get_or_insert_with`, `get_or_insert`.
#[derive(Debug)]
struct Stats { n: usize }
fn main() {
    drains();
    let mut c: Option<Vec<f32>> = None;
    c.get_or_insert_with(Vec::new).push(1.0);
    c.get_or_insert_with(|| vec![9.0]).push(2.0);
    println!("{:?}", c);
    let mut s: Option<Stats> = None;
    println!("{:?}", s.get_or_insert(Stats { n: 1 }));
    println!("{:?}", s.get_or_insert_with(|| Stats { n: 10 }));
    println!("{:?}", s);
    let mut k: Option<i32> = Some(4);
    let v = *k.get_or_insert(7);
    println!("{} {:?}", v, k);
    let w = vec![1, 2, 3, 4, 5];
    let (a, b) = w.split_at(2);
    let arr = [1.0f32, 2.0];
    let (p, q) = arr.split_at(0);
    println!("{:?} {:?} {:?} {:?} {}", a, b, p, q, a.len() + b.iter().sum::<i32>() as usize);
    let (x, y) = w[1..].split_at(4);
    println!("{:?} {:?}", x, y);
    let (_, z) = w.split_at(6);
    println!("{:?}", z);
}

fn drains() {
    let mut v = vec![1, 2, 3, 4, 5];
    let d: Vec<i32> = v.drain(1..3).collect();
    println!("{:?} {:?}", v, d);
    let e: Vec<i32> = v.drain(..1).collect();
    let f: Vec<i32> = v.drain(1..).collect();
    println!("{:?} {:?} {:?}", v, e, f);
    let mut w = vec![1, 2, 3, 4];
    let n = 2;
    for x in w.drain(0..=n - 1) { println!("{}", x); }
    println!("{:?}", w);
}
