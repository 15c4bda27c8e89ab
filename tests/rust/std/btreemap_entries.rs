use std::collections::BTreeMap;

#[derive(Debug)]
struct Stat {
    n: usize,
}

fn main() {
    let mut m = BTreeMap::new();
    for w in ["b", "a", "c", "a", "b", "a"] {
        *m.entry(w).or_insert(0) += 1;
    }
    println!("{:?}", m);
    println!("{:#?}", m);
    let mut c = m.clone();
    c.insert("z", 9);
    println!("{} {}", m.len(), c.len());
    println!("{}", m["a"]);
    let mut by: BTreeMap<(u32, char), Vec<f64>> = BTreeMap::new();
    by.entry((2, 'x')).or_default().push(1.5);
    by.entry((1, 'y')).or_default().push(2.5);
    by.entry((2, 'x')).or_default().push(0.25);
    for ((a, b), v) in &by {
        println!("{} {} {:?}", a, b, v);
    }
    while let Some((k, v)) = by.pop_first() {
        println!("pop {:?} {:?}", k, v);
    }
    println!("{}", by.is_empty());
    let mut s: BTreeMap<i64, Stat> = BTreeMap::new();
    s.insert(-3, Stat { n: 1 });
    s.insert(7, Stat { n: 2 });
    if let Some(st) = s.get_mut(&7) {
        st.n += 10;
    }
    println!("{:?}", s);
    let total: usize = s.values().map(|x| x.n).sum();
    println!("{}", total);
    for (k, v) in s.iter().rev() {
        println!("{} {}", k, v.n);
    }
    println!("{:?}", s.keys().collect::<Vec<_>>());
    let mut e: BTreeMap<u8, u8> = BTreeMap::new();
    println!("{:?}", e.first_key_value());
    println!("{:?} {:?}", e.pop_last(), e);
    e.insert(1, 1);
    for (k, v) in e {
        println!("{} {}", k, v);
    }
    let names: Vec<&str> = m.clone().into_keys().collect();
    let counts: Vec<i32> = m.into_values().collect();
    println!("{:?} {:?}", names, counts);
}
