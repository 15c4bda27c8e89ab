use std::fmt;
#[derive(Debug)]
struct TrainError { msg: String, code: u8 }
impl From<String> for TrainError {
    fn from(msg: String) -> Self { TrainError { msg, code: 1 } }
}
impl From<std::num::ParseFloatError> for TrainError {
    fn from(e: std::num::ParseFloatError) -> TrainError { TrainError { msg: e.to_string(), code: 2 } }
}
impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "[{}] {}", self.code, self.msg) }
}
fn check(loss: &str) -> Result<f32, String> {
    if loss.is_empty() { Err(String::from("empty")) } else { Ok(1.0) }
}
fn step(loss: &str) -> Result<f32, TrainError> {
    check(loss)?;
    let v: f32 = loss.parse()?;
    if v.is_nan() { return Err(TrainError::from(format!("nan at {}", loss))); }
    Ok(v * 0.5)
}
fn main() {
    for s in ["0.5", "", "abc", "NaN"] {
        match step(s) {
            Ok(v) => println!("ok {}", v),
            Err(e) => println!("{} / {:?}", e, e),
        }
    }
}
