//! `if let Some`, unwrap_or, is_some/is_none, first/last/pop, Option of Option.

fn find(v: &Vec<i32>, target: i32) -> Option<usize> {
    for i in 0..v.len() {
        if v[i] == target {
            return Some(i);
        }
    }
    None
}

fn main() {
    let v = vec![3, 1, 4, 1, 5];
    if let Some(i) = find(&v, 4) {
        println!("4 at {i}");
    }
    if let Some(i) = find(&v, 9) {
        println!("9 at {i}");
    } else {
        println!("no 9");
    }
    let r = if let Some(x) = v.first() { x * 10 } else { -1 };
    println!("{r} {:?} {:?}", v.first(), v.last());
    let mut stack = vec![1.5, 2.5];
    while stack.len() > 0 {
        let top = stack.pop();
        println!("{top:?}");
    }
    println!("{:?} {}", stack.pop(), stack.is_empty());
    let maybe: Option<f32> = None;
    println!("{} {} {}", maybe.unwrap_or(0.5), maybe.is_none(), Some(1).is_some());
    let nested = Some(Some(2));
    if let Some(inner) = nested {
        if let Some(x) = inner {
            println!("inner {x}");
        }
    }
    let none_nested: Option<Option<i32>> = Some(None);
    if let Some(inner) = none_nested {
        println!("{:?} {}", inner, inner.unwrap_or(-1));
    }
    let x = Some(3);
    if let Some(_) = x {
        println!("something");
    }
    let w = Some(String::from("word"));
    println!("{:?} {:?}", w.as_ref().map(|s| s.len()), w.clone().unwrap());
    println!("{}", Some(2.5f64).expect("present") * 2.0);
    let shadow = Some(7);
    if let Some(shadow) = shadow {
        println!("shadow {shadow}");
    }
    println!("{shadow:?}");
}
