// f32/f64 log(base) (ln / ln), rem_euclid, div_euclid (std's, rounded in the type), sin_cos.
fn main() {
    let xs = [8.0f64, 100.0, 0.5, 1.0, 0.0, -3.0, 1e300, 7.5, -7.5, f64::INFINITY];
    for x in xs.iter() {
        println!("{:?} {:?} {:?}", x.log(2.0), x.log(10.0), x.log(1.0));
        println!("{:?} {:?} {:?} {:?}", x.rem_euclid(2.0), x.rem_euclid(-2.0), x.div_euclid(2.0), x.div_euclid(-2.0));
        let (s, c) = x.sin_cos();
        println!("{:?} {:?}", s, c);
    }
    let ys = [8.0f32, 100.0, 0.5, 1.0, -3.0, 3e38, 7.5, -7.5, 0.1, -0.1];
    for y in ys.iter() {
        println!("{:?} {:?} {:?}", y.log(2.0), y.log(10.0), y.log(3.0));
        println!("{:?} {:?} {:?} {:?}", y.rem_euclid(0.3), y.rem_euclid(-2.0), y.div_euclid(0.3), y.div_euclid(-2.0));
        println!("{:?}", y.sin_cos());
    }
    println!("{:?} {:?}", f64::log(81.0, 3.0), f32::sin_cos(1.0));
    println!("{:?}", (-1e-30f64).rem_euclid(1.0));
}
