//! `assert_eq!` after fullwidth characters: its location counts them 2 columns each.

fn main() {
    let pair = [1, 2];
    let mut i = 0;
    while i < 2 {
        let w = "ｗｉｄｅ"; assert_eq!(pair[i], 2 * i + 1, "{w}");
        i += 1;
    }
}
