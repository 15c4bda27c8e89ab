fn main() {
    let fracs = [0.5f32, 1.0, 1.5, -0.1, f32::NAN];
    for f in fracs {
        println!("{} {} {}", f, (0.0..=1.0).contains(&f), (0.0..1.0).contains(&f));
    }
    let lo = 2.0f64;
    println!("{} {} {}", (lo..1.0).is_empty(), (lo..=2.0).is_empty(), (lo..2.0).is_empty());
    let r = 0.1f64..0.9;
    println!("{}", r.contains(&0.5));
}
