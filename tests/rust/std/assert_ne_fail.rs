//! assert_ne! failing, with and without a message; debug_assert forms hold.

fn main() {
    let a = 3;
    debug_assert!(a > 1);
    debug_assert_eq!(a, 3);
    debug_assert_ne!(a, 4, "never {}", a);
    assert_ne!(a, 4);
    let s = String::from("same");
    assert_ne!(s.len(), 4);
}
