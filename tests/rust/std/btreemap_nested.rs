use std::collections::BTreeMap;
fn main() {
    let mut cfg: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (sec, k, v) in [("train", "lr", "0.1"), ("model", "dim", "8"), ("train", "bs", "32")] {
        cfg.entry(sec.to_string()).or_default().insert(k.to_string(), v.to_string());
    }
    println!("{:?}", cfg);
    for (sec, kv) in &cfg {
        for (k, v) in kv {
            println!("{}.{} = {}", sec, k, v);
        }
    }
}
