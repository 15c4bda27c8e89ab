fn main() {
    let v: Vec<i32> = [1, 2].iter().cycle().take(5).cloned().collect();
    println!("{:?}", v);
    let mut calls = 0;
    let w: Vec<i32> = (0..3).map(|x| x * 10).cycle().take(7).collect();
    calls += w.len();
    println!("{:?} {}", w, calls);
    let e: Vec<i32> = Vec::new();
    println!("{:?}", e.iter().cycle().next());
    for (i, c) in "ab".chars().cycle().enumerate().skip(1).take(3) {
        print!("{}{} ", i, c);
    }
    println!();
}
