// build_e0308*.txt: this file as src/main.rs of a crate named `broken`.
fn loss(x: f32) -> f32 {
    x * 2.0
}

fn main() {
    let steps: u32 = "three";
    let total = loss(steps);
    println!("{total}");
}
