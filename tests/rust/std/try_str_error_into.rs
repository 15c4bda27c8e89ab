// `?` converts the error with `From`: a `&str` into a `String` (`From<&str> for String`) or a
// `Box<dyn Error>`; `Err("..")?;` as a statement (its value falls back to `()`).
use std::error::Error;

fn pop2(stack: &mut Vec<f64>) -> Result<(f64, f64), String> {
    let b = stack.pop().ok_or("stack underflow")?;
    let a = stack.pop().ok_or("stack underflow")?;
    Ok((a, b))
}

fn positive(x: f64) -> Result<f64, String> {
    if x <= 0.0 {
        Err("not positive")?;
    }
    Ok(x.sqrt())
}

fn parse_lr(text: &str) -> Result<f64, Box<dyn Error>> {
    let lr: f64 = text.trim().parse()?;
    if lr > 1.0 {
        Err("learning rate above 1")?;
    }
    let first = text.chars().next().ok_or("empty")?;
    println!("first char {:?}", first);
    Ok(lr)
}

fn main() {
    let mut s = vec![1.5, 2.0, 4.0];
    println!("{:?}", pop2(&mut s));
    println!("{:?}", pop2(&mut s));
    println!("{:?} {:?}", positive(16.0), positive(-1.0));
    match parse_lr(" 0.01") {
        Ok(v) => println!("lr {}", v),
        Err(e) => println!("error {}", e),
    }
    match parse_lr("3") {
        Ok(v) => println!("lr {}", v),
        Err(e) => println!("error {}", e),
    }
    if let Err(e) = parse_lr("x") {
        println!("error {}", e);
    }
}
