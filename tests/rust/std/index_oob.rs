//! Index out of bounds names the length and the index.

fn main() {
    let v = vec![10, 20, 30];
    let mut i = 0;
    while i <= v.len() {
        println!("v[{i}] = {}", v[i]);
        i += 1;
    }
}
