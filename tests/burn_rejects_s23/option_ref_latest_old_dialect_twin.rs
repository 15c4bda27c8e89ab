#[derive(Clone, Debug)]
struct Tn {
    v: f32,
}
fn latest(history: &Vec<Tn>) -> Option<Tn> {
    history.last()
}
fn main() {
    let mut history: Vec<Tn> = Vec::new();
    for step in 0..3 {
        history.push(Tn { v: step as f32 });
    }
    println!("{:?}", latest(&history).unwrap());
}
