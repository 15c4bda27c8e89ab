// Vec's insert, remove, reverse, truncate, swap, contains; Option's and_then, map_or,
// map_or_else, is_some_and, filter, unwrap_or_else. Goldens recorded from rustc 1.95.
fn half(x: i32) -> Option<i32> {
    if x % 2 == 0 {
        Some(x / 2)
    } else {
        None
    }
}

fn main() {
    let mut returns: Vec<f32> = Vec::new();
    let mut ret = 0.0;
    for r in [1.0f32, 0.5, 2.0] {
        ret = r + 0.9 * ret;
        returns.insert(0, ret);
    }
    println!("{:?}", returns);
    let mut v = vec![1, 2, 3, 4, 5];
    v.insert(5, 6);
    v.insert(0, 0);
    let removed = v.remove(2);
    println!("{:?} removed {}", v, removed);
    v.reverse();
    println!("{:?}", v);
    v.swap(0, 3);
    println!("{:?}", v);
    v.truncate(4);
    v.truncate(10);
    println!("{:?} {} {}", v, v.contains(&6), v.contains(&2));
    let mut names: Vec<String> = vec!["a".to_string(), "b".to_string()];
    names.insert(1, "c".to_string());
    names.reverse();
    println!("{:?}", names);

    let some = Some(8);
    let none: Option<i32> = None;
    println!("{:?} {:?} {:?}", some.and_then(half), some.and_then(|x| half(x + 1)), none.and_then(half));
    println!("{} {}", some.map_or(-1, |x| x * 3), none.map_or(-1, |x| x * 3));
    println!("{} {}", some.map_or_else(|| -2, |x| x + 1), none.map_or_else(|| -2, |x| x + 1));
    println!("{} {} {}", some.is_some_and(|x| x > 5), some.is_some_and(|x| x > 9), none.is_some_and(|x| x > 0));
    println!("{:?} {:?} {:?}", some.filter(|x| *x > 5), some.filter(|x| *x > 9), none.filter(|x| *x > 0));
    println!("{} {}", some.unwrap_or_else(|| 0), none.unwrap_or_else(|| 7));
    let label: Option<String> = Some("loss".to_string());
    println!("{}", label.as_ref().map_or(0, |s| s.len()));
}
