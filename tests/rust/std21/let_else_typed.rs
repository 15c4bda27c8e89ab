fn main() {
    let v = vec!["3", "x"];
    for s in &v {
        let Ok(n): Result<u8, _> = s.parse() else { println!("skip {}", s); continue; };
        println!("{}", n + 1);
    }
    let Some(last): Option<&&str> = v.last() else { return };
    println!("{}", last);
}
