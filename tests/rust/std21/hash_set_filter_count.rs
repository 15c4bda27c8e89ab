use std::collections::HashSet;
fn main() {
    let pairs = [(1, 2), (2, 1), (3, 4), (1, 2), (4, 3), (5, 5)];
    let mut seen: HashSet<(i32, i32)> = HashSet::new();
    let mut unique = Vec::new();
    for &(a, b) in pairs.iter() {
        let key = if a <= b { (a, b) } else { (b, a) };
        if !seen.contains(&key) {
            seen.insert(key);
            unique.push(key);
        }
    }
    println!("{:?} {}", unique, seen.len());
    let self_loops = seen.iter().filter(|(a, b)| a == b).count();
    println!("{}", self_loops);
    let Some(&first) = unique.first() else { return };
    println!("{:?} {}", first, seen.remove(&first));
}
