// clip fixed-size gradient arrays in place through &mut [T]
fn clip<T: PartialOrd + Copy>(xs: &mut [T], lo: T, hi: T) -> usize {
    let mut n = 0;
    for x in xs.iter_mut() {
        if *x < lo {
            *x = lo;
            n += 1;
        } else if *x > hi {
            *x = hi;
            n += 1;
        }
    }
    n
}

fn norm(xs: &[f32]) -> f32 {
    xs.iter().map(|x| x * x).sum::<f32>().sqrt()
}

fn main() {
    let mut g = [3.0f32, -0.5, -4.0, 0.25];
    let n = clip(&mut g, -1.0, 1.0);
    println!("{:?} clipped {} norm {}", g, n, norm(&g));
    let mut ids = [7i64, -2, 12];
    clip(&mut ids, 0, 10);
    println!("{:?}", ids);
}
