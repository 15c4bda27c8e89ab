// collect into Option<Vec<T>> and Result<Vec<T>, E>: the first None or Err, pulled no further
fn parse_some(xs: &[&str]) -> Option<Vec<i32>> {
    xs.iter().map(|s| s.parse::<i32>().ok()).collect::<Option<Vec<_>>>()
}
fn parse_floats(xs: &[&str]) -> Result<Vec<f64>, std::num::ParseFloatError> {
    xs.iter().map(|s| s.parse::<f64>()).collect::<Result<Vec<_>, _>>()
}
fn first() {
    let a: Option<i32> = None;
    let b = a.or_else(|| Some(3));
    let c = Some(1).or_else(|| Some(5));
    println!("{:?} {:?}", b, c);
    println!("{:?} {:?}", parse_some(&["1", "2"]), parse_some(&["1", "x"]));
    println!("{:?}", parse_floats(&["1.5", "2"]));
    match parse_floats(&["1.5", "q"]) {
        Ok(v) => println!("ok {:?}", v),
        Err(e) => println!("err {}", e),
    }
    let v: Option<Vec<u32>> = vec![Some(1u32), Some(2)].into_iter().collect();
    println!("{:?}", v);
    let r: Result<Vec<i32>, String> = vec![Ok(1), Err("bad".to_string()), Ok(3)].into_iter().collect();
    println!("{:?}", r);
}
use std::error::Error;
fn halves(xs: &[i32]) -> Option<Vec<i32>> {
    xs.iter().map(|&x| if x % 2 == 0 { Some(x / 2) } else { None }).collect()
}
fn parse_all(xs: &[&str]) -> Result<Vec<u8>, std::num::ParseIntError> {
    xs.iter().map(|s| s.trim().parse::<u8>()).collect()
}
fn main() -> Result<(), Box<dyn Error>> {
    println!("{:?} {:?}", halves(&[2, 4]), halves(&[2, 3, 4]));
    println!("{:?}", parse_all(&["1", " 2 "]));
    let seen: Option<Vec<usize>> = (0..5)
        .map(|i| {
            println!("pull {}", i);
            if i < 2 { Some(i) } else { None }
        })
        .collect();
    println!("{:?}", seen);
    let v = ["1.5", "2.5"].iter().map(|s| s.parse::<f64>()).collect::<Result<Vec<_>, _>>()?;
    println!("{:?}", v);
    let w: Result<Vec<i32>, String> = (1..4).map(|i| if i < 3 { Ok(i) } else { Err(format!("no {}", i)) }).collect();
    println!("{:?}", w);
    let bad = ["7", "x8"].iter().map(|s| s.parse::<i32>()).collect::<Result<Vec<_>, _>>();
    if let Err(e) = &bad {
        println!("{}", e);
    }
    first();
    Ok(())
}
