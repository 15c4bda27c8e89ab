//! East-Asian wide characters and emoji before a panic count 2 columns each in its location.

fn main() {
    let greeting = "世界"; let face = "😀"; println!("{greeting} {face}");
    let s = "世界"; assert!(s.len() == 6); let e = "😀🎉"; assert!(e.len() == 4, "{e}");
}
