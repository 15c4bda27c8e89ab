use std::collections::HashMap;
#[derive(Debug)]
struct Config { lr: f64, epochs: u32, name: String }
fn parse(lines: &[&str]) -> Result<Config, String> {
    let mut kv: HashMap<&str, &str> = HashMap::new();
    for line in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            return Err(format!("bad line: {}", line));
        };
        kv.insert(k.trim(), v.trim());
    }
    let Some(lr) = kv.get("lr").and_then(|s| s.parse::<f64>().ok()) else {
        return Err("lr missing".to_string());
    };
    let epochs = match kv.get("epochs") {
        Some(s) => s.parse::<u32>().map_err(|e| e.to_string())?,
        None => 10,
    };
    let name = kv.get("name").map(|s| s.to_string()).unwrap_or_default();
    Ok(Config { lr, epochs, name })
}
fn main() {
    println!("{:?}", parse(&["lr = 0.01", "# comment", "epochs=3", "name = mlp"]));
    println!("{:?}", parse(&["epochs=3"]));
    println!("{:?}", parse(&["lr=0.1", "oops"]));
    println!("{:?}", parse(&["lr=0.1", "epochs=x"]));
}
