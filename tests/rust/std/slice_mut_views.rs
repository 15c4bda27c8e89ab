// `&mut v[a..b]`: a view whose writes reach `v` (a function's `&mut [T]`, a local).
fn normalize(xs: &mut [f64]) {
    let m = xs.iter().sum::<f64>() / xs.len() as f64;
    for x in xs.iter_mut() {
        *x -= m;
    }
}

fn fill(xs: &mut [i32], k: i32) {
    for i in 0..xs.len() {
        xs[i] = k * i as i32;
    }
    let inner = &mut xs[1..];
    inner[0] += 100;
}

fn main() {
    let mut v = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    normalize(&mut v[3..]);
    println!("{:?}", v);
    normalize(&mut v[..2]);
    println!("{:?}", v);
    let mut w = vec![0; 6];
    fill(&mut w[2..5], 3);
    println!("{:?}", w);
    let mut a = vec![1, 2, 3, 4];
    let b = a.clone();
    fill(&mut a[1..], 2);
    println!("{:?} {:?}", a, b);
    {
        let tail = &mut w[4..];
        tail[1] = -1;
        println!("{:?}", tail);
    }
    println!("{:?}", w);
}
