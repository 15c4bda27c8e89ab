// `contains` compares with `PartialEq`'s `==`: a struct's or enum's derived one, and NaN equal
// to nothing, not even the same value read back from the Vec.
#[derive(Debug, PartialEq)]
struct Run {
    name: String,
    score: f32,
}

#[derive(Debug, PartialEq)]
enum Phase {
    Warm,
    Train(u32),
}

fn main() {
    let runs = vec![Run { name: "e".into(), score: 0.5 }];
    println!("{}", runs.contains(&Run { name: "e".into(), score: 0.5 }));
    println!("{}", runs.contains(&Run { name: "e".into(), score: 0.25 }));
    let v = vec![0.5f64, f64::NAN];
    let n = v[1];
    println!("{} {}", v.contains(&0.5), v.contains(&n));
    let ps = [Phase::Warm, Phase::Train(3)];
    println!("{} {}", ps.contains(&Phase::Train(3)), ps.contains(&Phase::Train(4)));
}
