use std::error::Error;
use std::fmt;

#[derive(Debug)]
struct BadShape {
    dims: usize,
}

impl fmt::Display for BadShape {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "expected 2 dims, got {}", self.dims)
    }
}

impl Error for BadShape {}

trait Layer {
    fn forward(&self, x: f32) -> f32;
}

struct Scale(f32);
struct Shift(f32);

impl Layer for Scale {
    fn forward(&self, x: f32) -> f32 {
        x * self.0
    }
}

impl Layer for Shift {
    fn forward(&self, x: f32) -> f32 {
        x + self.0
    }
}

fn check(dims: usize) -> Result<usize, Box<dyn Error>> {
    if dims != 2 {
        return Err(Box::new(BadShape { dims }) as Box<dyn Error>);
    }
    Ok(dims)
}

fn main() {
    let e = Box::new(BadShape { dims: 3 }) as Box<dyn Error>;
    println!("{}", e);
    let layers = vec![Box::new(Scale(2.0)) as Box<dyn Layer>, Box::new(Shift(0.5))];
    let mut x = 1.0;
    for l in layers.iter() {
        x = l.forward(x);
    }
    println!("{}", x);
    let s = Shift(-1.0);
    let r = &s as &dyn Layer;
    println!("{}", r.forward(x));
    match check(4) {
        Ok(d) => println!("ok {}", d),
        Err(err) => println!("error: {}", err),
    }
    println!("{:?}", check(2).ok());
}
