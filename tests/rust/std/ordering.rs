// PartialOrd beyond numbers: str, String, bool, Option, Vec and arrays, NaN included.
fn main() {
    println!("{} {} {}", "abc" < "abd", "ab" < "abc", "b" > "abc");
    println!("{} {}", "é" > "z", String::from("b") >= String::from("b"));
    println!("{} {} {}", Some(3) > None, None < Some(0), Some(2) <= Some(1));
    println!("{} {}", vec![1, 2] < vec![1, 3], vec![1, 2] < vec![1, 2, 0]);
    println!("{} {}", vec![2] > vec![1, 9, 9], [1, 2] >= [1, 2]);
    println!("{} {}", true > false, false >= true);
    let nan = f64::NAN;
    println!("{} {} {}", vec![1.0, nan] < vec![1.0, 2.0], vec![1.0, nan] >= vec![1.0, 2.0], vec![0.0, nan] < vec![1.0, nan]);
    println!("{} {} {}", Some(nan) < Some(1.0), None < Some(nan), Some(nan) >= Some(nan));
    let words = vec!["pear", "apple"];
    let mut first = words[0];
    for w in words.iter() {
        if *w < first {
            first = w;
        }
    }
    println!("{first}");
}
