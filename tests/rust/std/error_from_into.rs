use std::num::ParseIntError;
#[derive(Debug)]
enum E { Int(ParseIntError), Neg(i64) }
impl From<ParseIntError> for E { fn from(e: ParseIntError) -> Self { E::Int(e) } }
fn p(s: &str) -> Result<i64, E> {
    match s.parse::<i64>() {
        Ok(n) if n < 0 => Err(E::Neg(n)),
        Ok(n) => Ok(n),
        Err(e) => Err(e.into()),
    }
}
fn main() {
    let err = "q".parse::<i64>().unwrap_err();
    let e: E = err.into();
    println!("{:?} {:?} {:?} {:?}", p("4"), p("x"), p("-3"), e);
}
