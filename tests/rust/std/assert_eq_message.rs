//! assert_eq! with a message.

fn main() {
    let expected = Some("two");
    let got: Option<&str> = None;
    println!("comparing");
    assert_eq!(got, expected, "lookup of {} failed", 2);
}
