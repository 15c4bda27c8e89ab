//! Combining marks and zero-width characters before a panic take no column in its location
//! (a variation selector neither: the heart with one is 1 column).

fn main() {
    let word = "cafe\u{301}";
    println!("{word} {}", word.len());
    let s = "e\u{301}\u{200b}\u{200d}\u{2764}\u{fe0f}"; let n = s.len(); println!("{n}");
    let t = "é​‍❤️"; let none: Option<usize> = None; let m = none.expect(t);
    println!("{m}");
}
