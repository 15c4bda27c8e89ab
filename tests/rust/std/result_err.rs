// `Err` in `Result<T, Box<dyn Error>>`: std's boxed text errors, a program's own error type,
// `?`, the patterns and methods of a Result that may hold an `Err`.
use std::error::Error;
use std::fmt;

#[derive(Debug)]
enum StepError {
    Diverged(f64),
    Empty,
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            StepError::Diverged(loss) => write!(f, "loss diverged to {loss}"),
            StepError::Empty => write!(f, "no batch"),
        }
    }
}

impl Error for StepError {}

fn step(loss: f64) -> Result<f64, Box<dyn Error>> {
    if loss > 10.0 {
        return Err(Box::new(StepError::Diverged(loss)));
    }
    if loss == 0.0 {
        return Err(Box::new(StepError::Empty));
    }
    if loss < 0.0 {
        return Err(format!("negative loss {}", loss).into());
    }
    Ok(loss * 0.5)
}

fn run(losses: Vec<f64>) -> Result<f64, Box<dyn Error>> {
    let mut total = 0.0;
    for loss in losses {
        total += step(loss)?;
    }
    Ok(total)
}

fn main() {
    println!("{:?}", run(vec![1.0, 2.0]));
    println!("{:?}", run(vec![1.0, 20.0]));
    match run(vec![0.0]) {
        Ok(total) => println!("total {total}"),
        Err(e) => println!("failed: {e}"),
    }
    if let Err(e) = step(-2.0) {
        println!("{} / {:?} / [{:>20}]", e, e, e);
    }
    println!("{}", step(12.0).unwrap_or(-1.0));
    println!("{}", step(4.0).unwrap_or(-1.0));
    println!("{}", step(0.0).unwrap_err());
    let r = step(3.0);
    println!("{} {} {}", r.is_ok(), r.is_err(), r.expect("a step"));
    println!("{:#?}", step(50.0));
}
