// `Ok(())` as a pattern, as `match train() { Ok(()) => .., Err(e) => .. }` is written.
fn train(epochs: u32) -> Result<(), String> {
    if epochs == 0 {
        return Err(String::from("no epochs"));
    }
    Ok(())
}
fn main() {
    for e in [2u32, 0] {
        match train(e) {
            Ok(()) => println!("trained {}", e),
            Err(msg) => println!("error: {}", msg),
        }
        if let Ok(()) = train(e) {
            println!("again");
        }
    }
    let r: Result<(), u8> = Ok(());
    match r {
        Ok(()) => println!("unit"),
        Err(3) => println!("three"),
        Err(_) => println!("other"),
    }
}
