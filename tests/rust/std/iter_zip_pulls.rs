// How far `zip` pulls its left side when the right one ends first. With both sides
// exact-size and random-access (slice iterators, ranges, their maps) std's `Zip` stops at the
// shorter length: the left's third closure never runs. A `filter` on the left is not
// random-access, so the left's third item is pulled (and printed) before the right says None.
fn main() {
    let a = vec![1, 2, 3];
    let b = vec![10, 20];
    let z: Vec<(i32, i32)> = a.iter().map(|x| { println!("left {}", x); *x }).zip(b.iter()).map(|(x, y)| (x, *y)).collect();
    println!("{:?}", z);
    let z2: Vec<(i32, i32)> = a.iter().filter(|x| **x > 0).map(|x| { println!("filtered {}", x); *x }).zip(b.iter()).map(|(x, y)| (x, *y)).collect();
    println!("{:?}", z2);
    let z3: Vec<(i32, i32)> = (1..4).map(|x| { println!("range {}", x); x }).zip(b.iter()).map(|(x, y)| (x, *y)).collect();
    println!("{:?}", z3);
    let mut n = 0;
    for (x, y) in a.iter().map(|x| { println!("for {}", x); x }).zip(b.iter()) {
        n += x * y;
    }
    println!("{}", n);
    let mut m = 0;
    for (x, y) in b.iter().zip(a.iter().map(|x| { println!("right {}", x); x })) {
        m += x * y;
    }
    println!("{}", m);
}
