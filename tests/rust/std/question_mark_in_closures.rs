use std::collections::HashMap;
fn parse_pairs(t: &str) -> Vec<(String, String)> {
    t.split(';')
        .filter_map(|p| {
            let mut it = p.splitn(2, '=');
            Some((it.next()?.to_string(), it.next()?.to_string()))
        })
        .collect()
}
fn main() {
    let t = "a=1;b;c=3";
    println!("{:?}", parse_pairs(t));
    let nums: Vec<Result<i32, std::num::ParseIntError>> = vec!["4", "x", "6"]
        .iter()
        .map(|s| {
            let n: i32 = s.parse()?;
            Ok(n * 2)
        })
        .collect();
    println!("{:?}", nums);
    let total: Result<Vec<i32>, String> = ["1", "2"]
        .iter()
        .map(|s| -> Result<i32, String> { let v = s.parse::<i32>().map_err(|e| e.to_string())?; Ok(v + 1) })
        .collect();
    println!("{:?}", total);
    let m: HashMap<&str, u32> = [("x", 2)].into_iter().collect();
    let look = |k: &str| -> Option<u32> { let v = m.get(k)?; Some(v * 10) };
    println!("{:?} {:?}", look("x"), look("y"));
    let first_even = |v: &[i32]| v.iter().find(|x| *x % 2 == 0).copied();
    let lift = |v: Vec<i32>| -> Option<i32> { Some(first_even(&v)? + 100) };
    println!("{:?} {:?}", lift(vec![1, 4]), lift(vec![3]));
}
