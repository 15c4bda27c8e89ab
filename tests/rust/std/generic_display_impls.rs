use std::fmt;
struct Tagged<T> { value: T }
impl<T: fmt::Display> fmt::Display for Tagged<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "<{}>", self.value) }
}
struct Pair<A, B> { a: A, b: B }
impl<A, B> fmt::Display for Pair<A, B> where A: fmt::Display, B: fmt::Display {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "({}, {:>4})", self.a, self.b) }
}
struct Unit;
impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "u") }
}
fn main() {
    println!("{} {}", Tagged { value: 0.1 + 0.2 }, Tagged { value: 7u8 });
    println!("{}", Tagged { value: "txt" });
    println!("{}", Tagged { value: Tagged { value: 'c' } });
    let p = Pair { a: true, b: -3i64 };
    println!("{} {}", p, Pair { a: Unit, b: String::from("s") });
    let s = Tagged { value: 2.5 }.to_string();
    println!("{} {}", s, s.len());
}
