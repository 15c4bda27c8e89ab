fn find(v: &[i32], x: i32) -> Option<Option<usize>> {
    if v.is_empty() { None } else { Some(v.iter().position(|&y| y == x)) }
}
fn main() {
    let x: Option<Option<u32>> = Some(Some(3));
    let y: Option<Option<u32>> = Some(None);
    let z: Option<Option<u32>> = None;
    println!("{:?} {:?} {:?}", x.flatten(), y.flatten(), z.flatten());
    println!("{:?} {:?}", find(&[1, 2], 2).flatten(), find(&[], 2).flatten());
    let words = vec!["a", "bb"];
    let first_len = words.first().map(|w| w.chars().nth(1)).flatten();
    println!("{:?}", first_len);
    let n = Some(Some(String::from("hi"))).flatten().unwrap_or_default();
    println!("{}", n);
}
