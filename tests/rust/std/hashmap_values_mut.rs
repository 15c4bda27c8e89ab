use std::collections::BTreeMap;
use std::collections::HashMap;

#[derive(Debug)]
struct Tally {
    count: u32,
    label: String,
}

fn main() {
    let mut scores: HashMap<&str, i32> = HashMap::new();
    scores.insert("a", 3);
    scores.insert("b", -4);
    scores.insert("c", 7);
    for v in scores.values_mut() {
        *v *= 10;
    }
    let sorted: BTreeMap<&str, i32> = scores.iter().map(|(k, v)| (*k, *v)).collect();
    println!("{:?}", sorted);
    let mut tallies: HashMap<u8, Tally> = HashMap::new();
    tallies.insert(1, Tally { count: 2, label: String::from("x") });
    tallies.insert(2, Tally { count: 5, label: String::from("y") });
    let mut seen = 0;
    for t in tallies.values_mut() {
        t.count += 1;
        t.label.push('!');
        seen += t.count;
    }
    let mut keys: Vec<&u8> = tallies.keys().collect();
    keys.sort();
    for k in keys {
        println!("{} {:?}", k, tallies[k]);
    }
    println!("{}", seen);
    let mut halves: HashMap<u8, f64> = HashMap::new();
    halves.insert(0, 1.5);
    halves.insert(9, -2.25);
    for h in halves.values_mut() {
        *h = *h * 0.5 + 1.0;
    }
    println!("{} {}", halves[&0], halves[&9]);
}
