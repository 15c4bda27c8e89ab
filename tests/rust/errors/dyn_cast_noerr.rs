use std::error::Error;

#[derive(Debug)]
struct Plain;

fn main() {
    let e = Box::new(Plain) as Box<dyn Error>;
    println!("{:?}", e.to_string());
}
