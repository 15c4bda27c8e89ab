use std::collections::{BTreeMap, HashMap};
fn restock(inv: &mut HashMap<String, (u32, f64)>, item: &str, n: u32) -> bool {
    let mut found = false;
    if let Some((q, price)) = inv.get_mut(item) {
        *q += n;
        *price *= 0.9;
        found = true;
    }
    found
}
fn main() {
    let mut inv: HashMap<String, (u32, f64)> = HashMap::new();
    inv.insert("kiwi".to_string(), (5, 0.2));
    if let Some((q, _)) = inv.get_mut("kiwi") { *q -= 1; }
    println!("{:?}", inv.get("kiwi"));
    println!("{} {}", restock(&mut inv, "kiwi", 10), restock(&mut inv, "fig", 1));
    println!("{:?}", inv["kiwi"]);
    let mut scores: BTreeMap<u8, (i32, i32)> = BTreeMap::new();
    scores.insert(1, (0, 0));
    for (k, won) in [(1u8, true), (1, false), (2, true)] {
        if let Some((w, l)) = scores.get_mut(&k) {
            if won { *w += 1 } else { *l += 1 }
        } else {
            scores.insert(k, if won { (1, 0) } else { (0, 1) });
        }
    }
    println!("{:?}", scores);
    let mut pairs = vec![(1, 'a'), (2, 'b')];
    if let Some((n, c)) = pairs.get_mut(1) { *n *= 10; *c = 'z'; }
    println!("{:?}", pairs);
}
