// `Vec<T> == [T; N]` (std has that impl, not the reverse) and `String + &str`.
fn main() {
    let v = vec![1, 2, 3];
    println!("{} {}", v == [1, 2, 3], v != [1, 2, 4]);
    assert_eq!(vec![1, 2, 3], [1, 2, 3]);
    let s = String::from("ab");
    let t = String::from("cd");
    let u = s + &t + "ef";
    println!("{u} {}", u.len());
    println!("[{:>8?}] [{:<5?}] [{:^9?}] [{:.1?}]", "ab", "c", t, "xyz");
    println!("[{:*>10?}] [{:8?}]", Some("ab"), vec!["a", "b"]);
    assert_eq!(vec![0.5, 1.5], [0.5, 1.25], "halves");
}
