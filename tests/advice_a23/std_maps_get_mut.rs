use std::collections::{BTreeMap, HashMap};

fn main() {
    let mut protos: HashMap<usize, Vec<f32>> = HashMap::new();
    let labels = [0usize, 1, 0, 1, 0];
    for (i, label) in labels.iter().enumerate() {
        let emb = vec![i as f32, 1.0];
        match protos.get_mut(label) {
            Some(p) => {
                *p = vec![p[0] * 0.8 + emb[0] * 0.2, p[1]];
            }
            None => {
                protos.insert(*label, emb);
            }
        }
    }
    let mut keys: Vec<_> = protos.keys().copied().collect();
    keys.sort();
    for k in keys {
        println!("{k}: {:?}", protos[&k]);
    }
    let mut b: BTreeMap<usize, String> = BTreeMap::new();
    for i in 0..4usize {
        let s = format!("s{i}");
        if let Some(p) = b.get_mut(&(i % 2)) {
            *p = p.clone() + &s;
        } else {
            b.insert(i % 2, s.clone());
        }
    }
    println!("{:?}", b);
    for v in b.values_mut() {
        *v = v.clone() + "!";
    }
    for (_, v) in b.iter_mut() {
        *v = String::from("<") + v.as_str() + ">";
    }
    println!("{:?}", b);
    let mut m: HashMap<u8, String> = HashMap::new();
    for i in 0..3u8 {
        m.entry(i % 2).and_modify(|v| *v = v.clone() + "x").or_insert(String::from("a"));
        let e = m.entry(5).or_insert_with(|| String::new());
        *e = e.clone() + "y";
        *m.entry(7).or_insert(String::new()) = format!("z{i}");
    }
    let mut ks: Vec<_> = m.iter().collect();
    ks.sort();
    println!("{:?}", ks);
    let mut v: Vec<String> = vec![String::from("a"), String::from("b")];
    for i in 0..4usize {
        match v.get_mut(i) {
            Some(s) => *s = s.clone() + "+",
            None => v.push(format!("n{i}")),
        }
    }
    println!("{:?}", v);
    let mut d: BTreeMap<u32, Vec<f32>> = BTreeMap::new();
    for i in 0..5u32 {
        let key = i % 3;
        match d.get_mut(&(key * 10)) {
            Some(row) => {
                *row = row.iter().map(|x| x * 0.5 + i as f32).collect();
            }
            None => {
                d.insert(key * 10, vec![i as f32; 2]);
            }
        }
        *d.entry(99).or_insert(vec![]) = vec![i as f32];
    }
    println!("{:?}", d);
}
