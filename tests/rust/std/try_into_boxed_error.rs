// `?` converting errors into `Box<dyn Error>`: a `ParseIntError`, the program's own error type.
use std::error::Error;
use std::fmt;
#[derive(Debug)]
enum TrainError { NoData }
impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "no data") }
}
impl Error for TrainError {}
fn load(n: usize) -> Result<usize, TrainError> {
    if n == 0 { Err(TrainError::NoData) } else { Ok(n) }
}
fn epochs(s: &str) -> Result<usize, Box<dyn Error>> {
    let n: usize = s.trim().parse()?;
    let m = load(n)?;
    Ok(m * 2)
}
fn main() {
    println!("{:?}", epochs(" 4 ").unwrap());
    match epochs("x") { Ok(v) => println!("{}", v), Err(e) => println!("{} / {:?}", e, e) }
    match epochs("0") { Ok(v) => println!("{}", v), Err(e) => println!("{} / {:?}", e, e) }
    let r: Result<f64, std::num::ParseFloatError> = "1.5".parse();
    println!("{:?}", r);
}
