use std::collections::{BTreeSet, HashSet};

fn main() {
    let train: HashSet<u32> = (0..10).collect();
    let val: HashSet<u32> = [3, 8, 12, 15].into_iter().collect();
    let leak = train.intersection(&val).count();
    let mut only_val: Vec<u32> = val.difference(&train).copied().collect();
    only_val.sort();
    println!("{} {:?} {}", leak, only_val, train.is_disjoint(&val));
    let a: BTreeSet<char> = "hello".chars().collect();
    let b: BTreeSet<char> = "world".chars().collect();
    let both: Vec<&char> = a.intersection(&b).collect();
    let all: BTreeSet<char> = a.union(&b).cloned().collect();
    let odd: Vec<char> = a.symmetric_difference(&b).copied().collect();
    println!("{:?} {:?} {:?}", both, all, odd);
    println!("{} {}", both.len() <= all.len(), a.is_subset(&all) && all.is_superset(&b));
    let mut picked: HashSet<usize> = HashSet::new();
    picked.extend([1, 4, 6, 9, 4]);
    picked.extend(vec![10, 11]);
    picked.retain(|&x| x % 2 == 0);
    let mut left: Vec<usize> = picked.into_iter().collect();
    left.sort();
    println!("{:?}", left);
    let mut ordered: BTreeSet<i32> = (1..=6).collect();
    ordered.retain(|x| *x > 2);
    ordered.extend(a.iter().map(|c| *c as i32 - 100));
    println!("{:?}", ordered);
}
