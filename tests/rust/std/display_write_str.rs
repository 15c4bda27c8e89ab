// `f.write_str(s)` in `impl fmt::Display`: one a `match` arm, or in a row with `?`.
use std::fmt;
enum Color { Red, Green, Custom(u8) }
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Color::Red => f.write_str("red"),
            Color::Green => f.write_str("green"),
            Color::Custom(n) => {
                f.write_str("custom-")?;
                let s = n.to_string();
                f.write_str(&s)
            }
        }
    }
}
fn main() {
    println!("{} {} {}", Color::Red, Color::Green, Color::Custom(7));
    println!("[{:>8}]", Color::Red);
}
