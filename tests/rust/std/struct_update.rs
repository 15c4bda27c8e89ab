// Struct update syntax: `..base` from a variable (fields copied or moved) and from a call.
#[derive(Debug, Clone, Default)]
struct Config {
    lr: f64,
    epochs: u32,
    name: String,
    layers: Vec<usize>,
}

fn base_config() -> Config {
    println!("making base");
    Config { lr: 0.1, epochs: 10, name: "base".to_string(), layers: vec![4, 2] }
}

fn tag(s: &str) -> String {
    println!("tagging {}", s);
    s.to_string()
}

fn main() {
    let a = base_config();
    let b = Config { lr: 0.01, ..a.clone() };
    let c = Config { epochs: 20, name: String::from("c"), layers: vec![8], ..a };
    println!("{:?}\n{:?}\n{:?}", a, b, c);
    let d = Config { name: tag("d"), ..base_config() };
    println!("{:?}", d);
    let e = Config { epochs: 3, ..Default::default() };
    println!("{:?}", e);
    let f = Config { lr: 0.5, epochs: 1, ..d.clone() };
    println!("{} {} {:?} {}", f.name, f.lr, f.layers, d.epochs);
    steps();
}

#[derive(Debug, Clone, Copy)]
struct Step {
    lr: f32,
    momentum: f32,
    warmup: u32,
}

#[allow(dead_code)]
fn steps() {
    let s = Step { lr: 0.1, momentum: 0.9, warmup: 5 };
    let t = Step { lr: 0.05, ..s };
    let u = Step { warmup: 0, ..t };
    println!("{:?} {:?} {:?}", s, t, u);
}
