// Iterator adapters `take_while`, `skip_while`, `filter_map`, `scan` (its `&mut` state),
// `partition`; a Vec's `dedup`, a slice's `binary_search` (the index core's loop finds).
fn main() {
    let v = vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    let running: Vec<i32> = v.iter().scan(0, |acc, &x| {
        *acc += x;
        Some(*acc)
    }).collect();
    println!("{:?}", running);
    let until: Vec<i32> = v.iter().scan(1, |prod, x| {
        *prod = *prod * x;
        if *prod > 100 { None } else { Some(*prod) }
    }).collect();
    println!("{:?}", until);
    let pairs: Vec<(i32, i32)> = (1..5).scan((0, 1), |st, _| {
        let (a, b) = *st;
        *st = (b, a + b);
        Some((a, b))
    }).collect();
    println!("{:?}", pairs);
    let tw: Vec<i32> = (1..20).take_while(|n| n * n < 50).collect();
    let sw: Vec<i32> = (1..10).skip_while(|n| *n < 7).collect();
    println!("{:?} {:?}", tw, sw);
    let words = vec!["3", "x", "10", "-2", ""];
    let nums: Vec<i64> = words.iter().filter_map(|w| w.parse::<i64>().ok()).collect();
    println!("{:?}", nums);
    let rev: Vec<i32> = v.iter().filter_map(|&x| if x % 2 == 1 { Some(x * 10) } else { None }).rev().collect();
    println!("{:?}", rev);
    let total: i32 = v.iter().filter_map(|x| if *x > 4 { Some(*x) } else { None }).sum();
    println!("{}", total);
    let (small, big): (Vec<i32>, Vec<i32>) = v.iter().partition(|&&x| x < 4);
    println!("{:?} {:?}", small, big);
    let (ev, od) = (0..10).partition::<Vec<i32>, _>(|x| x % 2 == 0);
    println!("{:?} {:?}", ev, od);
    let mut w = vec![1.0, 1.0, 2.5, 2.5, 2.5, 1.0];
    w.dedup();
    println!("{:?}", w);
    let mut names = vec![String::from("a"), String::from("a"), String::from("b")];
    names.dedup();
    println!("{:?} {}", names, names.len());
    let mut empty: Vec<i32> = Vec::new();
    empty.dedup();
    println!("{:?}", empty);
    let sorted = vec![1, 2, 2, 2, 3, 5, 8, 8];
    for x in 0..10 {
        print!("{:?} ", sorted.binary_search(&x));
    }
    println!();
    let arr = [10, 20, 30];
    println!("{:?} {:?}", arr.binary_search(&20), arr.binary_search(&35));
    let e: Vec<i32> = vec![];
    println!("{:?}", e.binary_search(&1));
    let mut s = v.clone();
    s.sort();
    s.dedup();
    println!("{:?} {:?}", s, s.binary_search(&6));
    let lens: Vec<usize> = "a bb ccc".split(' ').take_while(|w| w.len() < 3).map(|w| w.len()).collect();
    println!("{:?}", lens);
}
