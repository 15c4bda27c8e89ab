use std::collections::{BTreeMap, HashMap};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Label {
    Cat,
    Dog,
    Bird,
}

fn main() {
    let truth = [Label::Dog, Label::Cat, Label::Bird, Label::Dog, Label::Cat];
    let preds = [Label::Dog, Label::Dog, Label::Bird, Label::Cat, Label::Cat];
    let mut cm: BTreeMap<(Label, Label), u32> = BTreeMap::new();
    for (t, p) in truth.iter().zip(preds.iter()) {
        *cm.entry((*t, *p)).or_default() += 1;
    }
    println!("{:?}", cm);
    for ((t, p), n) in &cm {
        println!("{:?} as {:?}: {}", t, p, n);
    }
    println!("{:?}", cm.get(&(Label::Dog, Label::Dog)));
    println!("{}", cm.contains_key(&(Label::Bird, Label::Cat)));
    println!("{}", cm[&(Label::Cat, Label::Cat)]);
    let mut counts: HashMap<Label, usize> = HashMap::new();
    for l in truth.iter() {
        *counts.entry(*l).or_insert(0) += 1;
    }
    println!("{} {} {}", counts[&Label::Cat], counts[&Label::Dog], counts[&Label::Bird]);
    let mut by: BTreeMap<Label, f32> = BTreeMap::new();
    by.insert(Label::Bird, 0.5);
    by.insert(Label::Cat, 0.25);
    println!("{:?} {:?}", by, by.first_key_value());
    let mut names: BTreeMap<Label, String> = BTreeMap::new();
    names.insert(Label::Dog, "dog".to_string());
    names.insert(Label::Cat, "cat".to_string());
    println!("{:?}", names.insert(Label::Dog, "hound".to_string()));
    println!("{:?}", names.keys().collect::<Vec<_>>());
    println!("{:?}", names.remove(&Label::Cat));
    println!("{:?}", names);
}
