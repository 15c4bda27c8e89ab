fn main() {
    let mut v = vec![1, 2, 3];
    v.push(4);
    println!("{} {}", v.len(), v.capacity());
    let mut w: Vec<i32> = Vec::with_capacity(2);
    w.push(1);
    w.push(2);
    w.push(3);
    w.clear();
    println!("{} {}", w.len(), w.capacity());
    w.extend(vec![1, 2, 3, 4, 5, 6, 7, 8, 9]);
    println!("{} {}", w.len(), w.capacity());
    w.truncate(2);
    w.pop();
    println!("{} {}", w.len(), w.capacity());
    let mut z = vec![0u8; 3];
    z.push(1);
    z.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    println!("{} {}", z.len(), z.capacity());
    let mut e: Vec<i64> = Vec::new();
    e.extend(0..5);
    println!("{} {}", e.len(), e.capacity());
    let mut n = vec![vec![1]; 2];
    n.push(vec![]);
    println!("{} {}", n.len(), n.capacity());
}
