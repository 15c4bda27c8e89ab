fn main() {
    let mut img = vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
    for row in img.chunks_mut(3) {
        let m = row.iter().sum::<f32>() / row.len() as f32;
        for x in row.iter_mut() {
            *x -= m;
        }
        row[0] = 100.0 + row[0];
    }
    println!("{:?}", img);
    let mut pairs = vec![0u32; 5];
    for (k, p) in pairs.chunks_exact_mut(2).enumerate() {
        p[1] = k as u32 + 1;
    }
    println!("{:?}", pairs);
    for c in pairs.chunks_exact_mut(2) {
        c.swap(0, 1);
    }
    println!("{:?}", pairs);
    let n = pairs.len() - 5;
    for c in pairs.chunks_mut(n) {
        c[0] = 9;
    }
}
