// `main` returning `Result<(), Box<dyn Error>>`, a helper returning one, `?` on it.
use std::error::Error;

fn mean(v: &Vec<f64>) -> Result<f64, Box<dyn Error>> {
    let total: f64 = v.iter().sum();
    Ok(total / v.len() as f64)
}

fn main() -> Result<(), Box<dyn Error>> {
    let v = vec![1.0, 2.0, 4.5];
    let m = mean(&v)?;
    println!("{m}");
    println!("{:?}", mean(&v));
    Ok(())
}
