// Slices: `&[T]` and `&mut [T]` parameters, `&Vec<T>`/`&[T; N]` coerced to them, `v[a..b]`.
fn mean(xs: &[f32]) -> f32 {
    xs.iter().sum::<f32>() / xs.len() as f32
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn ints_max(xs: &[i32]) -> i32 {
    let mut best = xs[0];
    for &x in xs.iter() {
        if x > best {
            best = x;
        }
    }
    best
}

fn head(xs: &[i32]) -> &[i32] {
    &xs[..2]
}

fn scale(xs: &mut [f32], k: f32) {
    for i in 0..xs.len() {
        xs[i] *= k;
    }
}

fn count_positive(xs: &[i64]) -> usize {
    let mut n = 0;
    for x in xs {
        if *x > 0 {
            n += 1;
        }
    }
    n
}

fn lookup(table: &[(i32, f64)], key: i32) -> Option<f64> {
    for &(k, v) in table {
        if k == key {
            return Some(v);
        }
    }
    None
}

fn main() {
    let v = vec![1.0f32, 2.0, 4.0, 8.0];
    println!("{}", mean(&v));
    println!("{}", mean(&v[1..3]));
    println!("{}", mean(&v[..2]));
    println!("{}", mean(&v[2..]));
    println!("{}", mean(&v[..]));
    println!("{}", mean(&v[1..=3]));
    println!("{}", mean(&[3.0, 4.5]));
    let arr = [1.0f64, 2.0, 3.0];
    println!("{}", dot(&arr, &[0.5, 0.25, 2.0]));
    println!("{}", dot(&vec![1.0, 1.0], &arr[1..]));
    println!("{} {} {}", ints_max(&[3, 9, 2]), 0.5, 8);
    let ints = vec![5, 6, 7, 8];
    let h = head(&ints);
    println!("{:?} {} {:?} {:?}", h, h.len(), h.first(), h.last());
    let s: &[i32] = &ints;
    println!("{:?} {} {}", &s[1..3], s[3], s.is_empty());
    println!("{:?}", &ints[1..][..2]);
    let owned: Vec<i32> = s[2..].to_vec();
    println!("{:?} {:?}", owned, ints.to_vec());
    let mut w = vec![1.0f32, 2.0, 3.0];
    scale(&mut w, 2.0);
    println!("{:?}", w);
    let mut a = vec![1.0f32, 1.5];
    scale(&mut a, 4.0);
    println!("{:?}", a);
    println!("{}", count_positive(&[-1, 2, 3, 0]));
    let table = vec![(1, 0.5), (2, 1.5)];
    println!("{:?} {:?}", lookup(&table, 2), lookup(&table, 3));
    let empty: &[f32] = &[];
    println!("{} {:?}", empty.len(), empty);
    for pair in v[..3].windows(2) {
        println!("{:?}", pair);
    }
    let text = "hello world";
    println!("[{}] [{}] [{}]", &text[0..5], &text[6..], &text[..=1]);
    let name = String::from("gradient");
    println!("{}", &name[4..]);
    let n = v.len();
    println!("{}", v[n - 2..].iter().map(|x| x * 2.0).sum::<f32>());
}
