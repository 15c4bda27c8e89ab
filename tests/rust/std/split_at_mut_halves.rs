fn main() {
    let mut w = vec![1.0f32, 2.0, 3.0, 4.0];
    let (a, b) = w.split_at_mut(1);
    a[0] = b.iter().sum();
    b.sort_by(|x, y| y.partial_cmp(x).unwrap());
    w.push(0.5);
    println!("{:?}", w);
    let mut arr = [5u8, 6, 7];
    let (l, r) = arr.split_at_mut(1);
    r[1] = l[0] * 2;
    println!("{:?}", arr);
    let (_, empty) = w.split_at_mut(5);
    println!("{}", empty.len());
    let (x, y) = w.split_at_mut(6);
    println!("{:?} {:?}", x, y);
}
