// `Box<dyn Error>` as a value's written type: a `let`, a `Vec`'s element, a parameter, made by
// `Box::new` of the program's error type, by `.into()` of a text, and taken from `Err(e)`.
use std::error::Error;
use std::fmt;

#[derive(Debug)]
struct ShapeError {
    expected: usize,
    got: usize,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} values, got {}", self.expected, self.got)
    }
}

impl Error for ShapeError {}

fn check(n: usize) -> Result<usize, Box<dyn Error>> {
    if n != 3 {
        return Err(Box::new(ShapeError { expected: 3, got: n }));
    }
    Ok(n)
}

fn report(e: &Box<dyn Error>) -> String {
    format!("<{}>", e)
}

fn main() {
    let e: Box<dyn Error> = Box::new(ShapeError { expected: 4, got: 1 });
    println!("debug {:?} / display {}", e, e);
    let mut errors: Vec<Box<dyn Error>> = Vec::new();
    errors.push(Box::new(ShapeError { expected: 2, got: 0 }));
    errors.push("learning rate is negative".into());
    if let Err(err) = check(5) {
        errors.push(err);
    }
    for err in &errors {
        println!("{}", report(err));
    }
    println!("{} errors, first {:?}", errors.len(), errors[1]);
}
