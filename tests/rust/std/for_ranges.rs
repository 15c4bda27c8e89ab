//! `for` over ranges, rev, step_by, arrays, Vecs and their iterators.

fn main() {
    for i in 0..3 {
        print!("{i} ");
    }
    println!();
    for i in (0..5).rev() {
        print!("{i} ");
    }
    println!();
    for i in 0..=4 {
        print!("{i} ");
    }
    println!();
    for i in (1..=4).rev() {
        print!("{i} ");
    }
    println!();
    for i in (0..10).step_by(3) {
        print!("{i} ");
    }
    println!();
    for i in (0..10).step_by(4).rev() {
        print!("{i} ");
    }
    println!();
    for i in (0..10).rev().step_by(4) {
        print!("{i} ");
    }
    println!();
    for i in (0..=10).step_by(5) {
        print!("{i} ");
    }
    println!();
    for i in 5..2 {
        print!("never {i}");
    }
    for i in -3..-1 {
        print!("{i} ");
    }
    println!();
    let v = vec![10, 20, 30];
    for x in &v {
        print!("{x} ");
    }
    for x in v.iter() {
        print!("{} ", x + 1);
    }
    for x in v.iter().rev() {
        print!("{x} ");
    }
    for x in v.clone().into_iter() {
        print!("{x} ");
    }
    println!();
    for x in [1.5, 2.5] {
        print!("{x} ");
    }
    for x in [[1, 2], [3, 4]] {
        print!("{x:?} ");
    }
    println!();
    let n: u8 = 250;
    for b in n..=255 {
        print!("{b} ");
    }
    println!();
    let mut count = 0usize;
    for _ in 0..v.len() {
        count += 1;
    }
    println!("{count} {}", v.len());
    for i in (0..v.len()).rev() {
        print!("{} ", v[i]);
    }
    println!();
    for x in v {
        print!("{x};");
    }
    println!();
}
