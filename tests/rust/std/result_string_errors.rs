// `Result<T, String>` and `Result<T, &str>`: `ok_or`, `ok_or_else`, `map_err`, `map`,
// `and_then`, `unwrap_or`, `unwrap_or_else`, `ok`, `?` between them and into `Box<dyn Error>`.
use std::error::Error;

fn find(v: &[i32], t: i32) -> Result<usize, String> {
    v.iter().position(|&x| x == t).ok_or(format!("missing {}", t))
}

fn half(n: i32) -> Result<i32, &'static str> {
    if n % 2 == 0 {
        Ok(n / 2)
    } else {
        Err("odd")
    }
}

fn quarter(n: i32) -> Result<i32, &'static str> {
    let h = half(n)?;
    half(h)
}

fn boxed(n: i32) -> Result<i32, Box<dyn Error>> {
    let at = find(&[4, 8], n)?;
    Ok(at as i32 * 10)
}

fn main() -> Result<(), String> {
    let v = vec![1, 2, 3];
    println!("{:?} {:?}", find(&v, 2), find(&v, 9));
    let o: Option<i32> = None;
    let r: Result<i32, String> = o.ok_or_else(|| "none".to_string());
    println!("{:?} {}", r, half(3).unwrap_or(-1));
    let m = half(3).map_err(|e| format!("bad: {}", e));
    println!("{:?} {:?}", m, half(8).map(|x| x * 3));
    println!("{:?} {:?}", quarter(8), quarter(6));
    println!("{:?} {:?}", half(4).and_then(|x| half(x + 1)), half(5).ok());
    println!("{}", half(7).unwrap_or_else(|e| e.len() as i32));
    println!("{}", half(8).unwrap_or_else(|e| e.len() as i32));
    match boxed(8) {
        Ok(x) => println!("ok {}", x),
        Err(e) => println!("err {}", e),
    }
    match boxed(5) {
        Ok(x) => println!("ok {}", x),
        Err(e) => println!("err {} / {:?}", e, e),
    }
    if let Err(e) = half(1) {
        println!("{}", e);
    }
    let total: i32 = find(&v, 3).map_err(|e| e + "!")? as i32;
    println!("{}", total);
    let names = vec!["a".to_string()];
    println!("{:?} {:?}", v.first().copied().ok_or("empty"), names.last().cloned());
    Ok(())
}
