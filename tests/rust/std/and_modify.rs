use std::collections::{BTreeMap, HashMap};

#[derive(Debug)]
struct Stat {
    n: u32,
    best: f32,
}

fn main() {
    let mut m: HashMap<&str, (f32, usize)> = HashMap::new();
    for (k, x) in [("a", 1.0f32), ("b", 2.0), ("a", 3.0)] {
        m.entry(k).and_modify(|e| {
            e.0 += x;
            e.1 += 1
        }).or_insert((x, 1));
    }
    println!("{:?} {:?}", m["a"], m["b"]);
    let mut c: BTreeMap<char, u32> = BTreeMap::new();
    for ch in "abcab".chars() {
        c.entry(ch).and_modify(|n| *n += 1).or_insert(1);
    }
    println!("{:?}", c);
    let mut seen: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
    let mut appended = 0;
    for (i, x) in [0.5f32, 0.25, 0.75].iter().enumerate() {
        seen.entry(i % 2).and_modify(|v| {
            v.push(*x);
            appended += 1;
        }).or_insert_with(|| vec![*x]);
    }
    println!("{:?} {}", seen, appended);
    let mut stats: BTreeMap<&str, Stat> = BTreeMap::new();
    for (k, loss) in [("adam", 0.5f32), ("adam", 0.25), ("sgd", 0.75)] {
        stats
            .entry(k)
            .and_modify(|s| {
                s.n += 1;
                if loss < s.best {
                    s.best = loss;
                }
            })
            .or_insert(Stat { n: 1, best: loss });
    }
    println!("{:?}", stats);
}
