fn window(v: &[f64], at: &usize) -> f64 {
    v[..*at].iter().sum::<f64>() + v[*at..].len() as f64
}
fn main() {
    let v = vec![1, 2, 1];
    let rep = v.iter().enumerate().find(|(i, x)| v[..*i].contains(x)).map(|(i, _)| i);
    println!("{:?}", rep);
    let n = &3usize;
    for i in 0..*n { print!("{} ", i); }
    println!();
    let bounds = vec![(0usize, 2usize), (1, 3)];
    for (a, b) in bounds.iter() {
        let s: i32 = v[*a..*b].iter().sum();
        let t: Vec<usize> = (*a..*b).collect();
        println!("{} {:?}", s, t);
    }
    println!("{}", window(&[0.5, 1.5, 2.0], &2));
    let k = &2;
    let total: i32 = (1..=*k).sum::<i32>() + (0..*k).map(|x| x * 10).sum::<i32>();
    println!("{}", total);
}
