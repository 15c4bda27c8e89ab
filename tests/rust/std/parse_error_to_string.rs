fn main() {
    let e = "x".parse::<u32>().unwrap_err();
    let s: String = e.to_string();
    println!("{} | {}", s, format!("{}", e));
    let f = "1.2.3".parse::<f64>().map_err(|e| e.to_string());
    println!("{:?}", f);
}
