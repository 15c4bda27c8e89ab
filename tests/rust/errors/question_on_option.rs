fn first(v: &Vec<i32>) -> Result<i32, Box<dyn std::error::Error>> {
    let x = v.first()?;
    Ok(*x)
}

fn main() {
    println!("{:?}", first(&vec![1]).unwrap());
}
