// `.into()` of a text: a `String` (a field, a `let`, a push, a result) or an `Err(..)`'s `String`
#[derive(Debug)]
struct Run {
    name: String,
    loss: f64,
}

fn check(x: i32) -> Result<i32, String> {
    if x < 0 {
        return Err("negative".into());
    }
    Ok(x * 2)
}

fn label(n: usize) -> String {
    if n == 0 { "none".into() } else { format!("{} runs", n) }
}

fn main() {
    let runs = vec![Run { name: "a".into(), loss: 0.5 }, Run { name: String::from("b"), loss: 0.25 }];
    println!("{:?}", runs);
    println!("{:?} {:?}", check(3), check(-1));
    let s: String = "typed".into();
    let mut names: Vec<String> = Vec::new();
    names.push("pushed".into());
    names.push(s);
    println!("{:?} {} {}", names, label(0), label(runs.len()));
    let r: Result<String, String> = Err("bad".into());
    println!("{:?} {}", r, runs[0].name.len() + runs[1].loss as usize);
}
