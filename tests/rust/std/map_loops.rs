use std::collections::{BTreeMap, HashMap};

struct Stat {
    count: u32,
    total: i64,
}

fn main() {
    let mut h: HashMap<String, i32> = HashMap::new();
    for (i, w) in ["a", "bb", "ccc", "dd"].iter().enumerate() {
        h.insert(w.to_string(), i as i32 + 1);
    }
    for (_k, v) in &mut h {
        *v *= 10;
    }
    for (_, v) in h.iter_mut() {
        *v += 1;
    }
    for (k, v) in &mut h {
        if k.len() > 1 {
            *v -= 1;
        }
    }
    let mut total = 0;
    let mut long = 0;
    let mut best = i32::MIN;
    for (k, v) in &h {
        total += *v;
        let size = k.len();
        if size >= 2 {
            long += 1;
        }
        best = best.max(*v);
    }
    let mut letters = 0;
    for k in h.keys() {
        letters += k.len();
    }
    let mut any_big = false;
    for v in h.values() {
        any_big |= *v > 30;
    }
    println!("{} {} {} {} {}", total, long, best, letters, any_big);
    println!("{} {} {} {}", h["a"], h["bb"], h["ccc"], h["dd"]);

    let mut b: BTreeMap<&str, Stat> = BTreeMap::new();
    b.insert("x", Stat { count: 0, total: 5 });
    b.insert("w", Stat { count: 2, total: -1 });
    for (name, s) in b.iter_mut() {
        s.count += 1;
        s.total *= 2;
        println!("{} {} {}", name, s.count, s.total);
    }
    for v in b.values_mut() {
        v.total -= 1;
    }
    for (k, v) in &mut b {
        v.count += k.len() as u32;
    }
    for (k, v) in &b {
        println!("{} {} {}", k, v.count, v.total);
    }
}
