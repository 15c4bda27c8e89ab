// std::cmp: Ordering by path and after `use`, as a value and a pattern, its methods; cmp::max/min; Option::or_else; iter::repeat
use std::cmp::Ordering;
fn by_score(a: &(f32, usize), b: &(f32, usize)) -> Ordering {
    b.0.partial_cmp(&a.0).unwrap().then_with(|| a.1.cmp(&b.1))
}
fn main() {
    let mut ps = vec![(1.5f32, 2), (0.5, 3), (1.5, 1)];
    ps.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap().then_with(|| a.1.cmp(&b.1)));
    println!("{:?}", ps);
    ps.sort_by(by_score);
    println!("{:?}", ps);
    let o = 1.cmp(&1);
    if o == std::cmp::Ordering::Equal { println!("eq"); }
    for (a, b) in [(2, 3), (3, 3), (4, 3)] {
        match a.cmp(&b) {
            Ordering::Less => println!("less"),
            Ordering::Equal => println!("equal"),
            Ordering::Greater => println!("greater"),
        }
    }
    println!("{:?} {:?}", Ordering::Less.then(Ordering::Greater), Ordering::Equal.then_with(|| Ordering::Greater));
    println!("{:?} {} {}", Ordering::Less.reverse(), 2.cmp(&3).is_lt(), "b".cmp("a").is_ge());
    println!("{}", std::cmp::max(3, 7) + std::cmp::min(2, 9));
    println!("{:?}", std::cmp::max("pear", "apple"));
    let w = std::cmp::min(vec![1, 2], vec![1, 3]);
    println!("{:?} {}", w, core::cmp::max(1u8, 0));
    let a: Option<i32> = None;
    let b = a.or_else(|| Some(3));
    let c = Some(1).or_else(|| {
        println!("not called");
        Some(5)
    });
    println!("{:?} {:?}", b, c);
    let o = 1.cmp(&2);
    println!("{} {} {:?} {:?} {:?}", o < Ordering::Equal, Ordering::Greater <= o, o.max(Ordering::Equal), o.min(Ordering::Greater), o.cmp(&Ordering::Less));
    let z: Vec<f32> = std::iter::repeat(0.5).take(3).collect();
    let rows: Vec<Vec<u8>> = std::iter::repeat(vec![0u8; 2]).take(2).collect();
    let s: String = std::iter::repeat("ab").take(2).collect();
    println!("{:?} {:?} {}", z, rows, s);
}
