//! unwrap on None: the location is the method name.

fn lookup(v: &Vec<f32>, i: usize) -> Option<f32> {
    if i < v.len() { Some(v[i]) } else { None }
}

fn main() {
    let v = vec![0.5, 1.5];
    println!("{}", lookup(&v, 1).unwrap());
    let total = lookup(&v, 0).unwrap()
        + lookup(&v, 2)
            .unwrap();
    println!("{total}");
}
