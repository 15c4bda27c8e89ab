// `static` items (immutable), next to `const`, used in types, expressions and a struct.

static LIMIT: usize = 3;
static GREETING: &str = "hi";
const SCALE: f32 = 0.5;
static NAMES: [&str; 2] = ["a", "b"];

#[derive(Debug)]
struct Config {
    steps: usize,
    lr: f32,
}

fn config() -> Config {
    Config { steps: LIMIT * 2, lr: SCALE / 10.0 }
}

fn main() {
    let v = vec![1.0f32; LIMIT];
    println!("{:?} {} {:?} {GREETING}", v, SCALE * 3.0, NAMES);
    let c = config();
    println!("{:?} {}", c, c.steps + LIMIT);
}
