use std::num::ParseIntError;
#[derive(Debug)]
enum E { Int(ParseIntError), Neg(i64) }
impl From<ParseIntError> for E { fn from(e: ParseIntError) -> Self { E::Int(e) } }
fn p(s: &str) -> Result<i64, E> {
    let n = s.parse::<i64>().map_err(E::from)?;
    if n < 0 { return Err(E::Neg(n)); }
    Ok(n)
}
fn main() {
    let e = E::from("q".parse::<i64>().unwrap_err());
    println!("{:?} {:?} {:?} {:?}", p("4"), p("x"), p("-2"), e);
}
