// `v.drain(..)`: every element out, in order, the `Vec` left empty. Golden recorded from rustc 1.95.
fn main() {
    let mut buffer: Vec<f32> = vec![0.5, 1.5, 2.5];
    let mut total = 0.0;
    for x in buffer.drain(..) {
        total += x;
    }
    println!("{} {:?} {}", total, buffer, buffer.len());
    let mut names = vec!["a".to_string(), "b".to_string()];
    let moved: Vec<String> = names.drain(..).collect();
    names.push("c".to_string());
    println!("{:?} {:?}", moved, names);
    let mut v = vec![3, 1, 2];
    let doubled: Vec<i32> = v.drain(..).map(|x| x * 2).rev().collect();
    println!("{:?} {:?}", doubled, v);
}
