fn main() {
    let names: Vec<String> = vec!["w".to_string(), "b".to_string()];
    println!("{}", names.join(", "));
    let parts = ["a", "b", "c"];
    println!("[{}]", parts.join("-"));
    let words = vec!["x", "y"];
    let glued = words.concat();
    println!("{} {}", glued, glued.len());
    let empty: Vec<String> = Vec::new();
    println!("<{}>", empty.join("+"));
    let losses = vec![0.5f32, 0.25];
    let shown: Vec<String> = losses.iter().map(|l| format!("{:.2}", l)).collect();
    println!("losses: {}", shown.join(" | "));
}
