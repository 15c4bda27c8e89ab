fn main() {
    let mut v: Vec<i32> = Vec::with_capacity(10);
    println!("{} {}", v.len(), v.capacity());
    for i in 0..3 { v.push(i); }
    println!("{} {}", v.len(), v.capacity());
    let mut w = Vec::new();
    println!("{}", w.capacity());
    w.push(1u8);
    println!("{}", w.capacity());
    for i in 0..20 { w.push(i); }
    println!("{} {}", w.len(), w.capacity());
    let mut u: Vec<f64> = Vec::with_capacity(2);
    u.push(1.0); u.push(2.0); u.push(3.0);
    println!("{} {}", u.len(), u.capacity());
    u.clear();
    println!("{} {}", u.len(), u.capacity());
    let z = vec![1, 2, 3];
    println!("{}", z.capacity());
    let mut s: Vec<String> = Vec::new();
    for i in 0..5 { s.push(i.to_string()); }
    println!("{} {}", s.len(), s.capacity());
    let mut b = Vec::with_capacity(0);
    b.push(true);
    println!("{}", b.capacity());
    let e: Vec<()> = Vec::with_capacity(3);
    println!("{}", e.capacity());
    assert!(v.capacity() >= v.len());
}
