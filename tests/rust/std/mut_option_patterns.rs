use std::collections::HashMap;
#[derive(Debug)]
enum Slot {
    Empty,
    Items(Vec<u32>),
    Named { tags: Vec<String>, hits: u32 },
}
#[derive(Debug)]
struct Layer {
    w: Vec<f32>,
    name: String,
}
fn main() {
    let mut env: HashMap<String, Slot> = HashMap::new();
    env.insert("a".to_string(), Slot::Items(vec![1]));
    env.insert(
        "b".to_string(),
        Slot::Named {
            tags: vec![],
            hits: 0,
        },
    );
    env.insert("c".to_string(), Slot::Empty);
    if let Some(Slot::Items(v)) = env.get_mut("a") {
        v.push(2);
        v.retain(|x| *x > 1);
    }
    let key = "b".to_string();
    if let Some(Slot::Named { tags, .. }) = env.get_mut(&key) {
        tags.push("new".to_string());
        tags.sort();
    }
    match env.get_mut("a") {
        Some(Slot::Items(v)) => v.extend([7, 8]),
        Some(_) => println!("other"),
        None => println!("none"),
    }
    let mut keys: Vec<_> = env.keys().cloned().collect();
    keys.sort();
    for k in keys {
        println!("{} {:?}", k, env[&k]);
    }
    let mut layers = vec![
        Layer {
            w: vec![1.0],
            name: "in".to_string(),
        },
        Layer {
            w: vec![2.0, 3.0],
            name: "out".to_string(),
        },
    ];
    if let Some(Layer { w, name }) = layers.iter_mut().find(|l| l.name == "in") {
        w.clear();
        println!("cleared {}", name);
    }
    let mut groups: Vec<Vec<i32>> = vec![vec![3], vec![1, 1]];
    if let Some(g) = groups.iter_mut().max_by_key(|g| g.len()) {
        g.push(9);
    }
    println!("{:?} {:?}", layers, groups);
}
