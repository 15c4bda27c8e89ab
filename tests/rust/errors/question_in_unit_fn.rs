fn half(n: i32) -> Result<i32, Box<dyn std::error::Error>> {
    Ok(n / 2)
}

fn main() {
    let h = half(4)?;
    println!("{h}");
}
