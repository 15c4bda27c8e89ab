fn parse(s: &str) -> Result<i32, String> {
    s.trim().parse::<i32>().map_err(|e| format!("bad {}: {}", s, e))
}

fn main() {
    let good = parse(" 42 ");
    let bad = parse("x");
    println!("{:?} {:?}", good.as_ref().err(), bad.as_ref().err());
    println!("{} {}", good.clone().unwrap_or_default(), bad.clone().unwrap_or_default());
    let names: Result<String, String> = Err("no".to_string());
    println!("{:?}", names.unwrap_or_default());
    let v: Result<Vec<u8>, i32> = Err(3);
    println!("{:?} {:?}", v.clone().err(), v.unwrap_or_default());
    let copy: Result<i32, i32> = Ok(1);
    let a = copy.ok();
    let b = copy.err();
    println!("{:?} {:?}", a, b);
}
