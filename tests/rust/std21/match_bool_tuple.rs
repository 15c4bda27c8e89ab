#[derive(Debug, Clone, Copy)]
enum Phase { Train, Eval }
fn main() {
    let mut m = (0, 0, 0, 0);
    for (s, l) in [(0.9, true), (0.2, true), (0.7, false), (0.1, false)] {
        match (s >= 0.5, l) {
            (true, true) => m.0 += 1,
            (true, false) => m.1 += 1,
            (false, true) => m.2 += 1,
            (false, false) => m.3 += 1,
        }
    }
    println!("{:?}", m);
    for p in [Phase::Train, Phase::Eval] {
        for best in [None, Some(0.5f32)] {
            let word = match (p, best) {
                (Phase::Train, None) => "train-first".to_string(),
                (Phase::Train, Some(b)) => format!("train {}", b),
                (Phase::Eval, _) => "eval".to_string(),
            };
            println!("{}", word);
        }
    }
    let r: Result<i32, String> = Ok(3);
    let s = match (r.is_ok(), r) {
        (true, Ok(v)) | (false, Ok(v)) => v,
        (_, Err(_)) => -1,
    };
    println!("{}", s);
    let x = 5;
    let t = match (x > 3, x) {
        (true, n) => n,
        (false, _) => 0,
    };
    println!("{}", t);
}
