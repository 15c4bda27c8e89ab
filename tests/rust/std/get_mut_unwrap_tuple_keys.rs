use std::collections::HashMap;
fn main() {
    let mut m: HashMap<(i32, i32), char> = HashMap::new();
    m.insert((0, 0), 'a');
    m.insert((1, 2), 'b');
    *m.get_mut(&(0, 0)).unwrap() = 'A';
    let (r, c) = (1, 2);
    *m.get_mut(&(r, c)).expect("there") = 'B';
    let mut flags: HashMap<char, bool> = HashMap::new();
    flags.insert('x', false);
    *flags.get_mut(&'x').unwrap() = true;
    println!("{} {} {}", m[&(0, 0)], m[&(1, 2)], flags[&'x']);
}
