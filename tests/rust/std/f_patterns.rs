use std::collections::HashMap;
#[derive(Debug)]
struct P {
    name: String,
    tags: Vec<String>,
}
fn references() {
    let v = vec![1, 2, 3, 4, 5];
    match v.iter().max() {
        Some(&x) => println!("max {}", x),
        None => println!("none"),
    }
    if let Some(&f) = v.first() {
        println!("first {}", f);
    }
    if let Some(&l) = v.iter().rev().find(|&&x| x < 4) {
        println!("found {}", l);
    }
    let mut it = v.iter();
    while let Some(&x) = it.next() {
        if x > 2 {
            break;
        }
        println!("it {}", x);
    }
    let words = vec!["a", "bb"];
    if let Some(&w) = words.last() {
        println!("{}", w);
    }
    let mut m = HashMap::new();
    m.insert("k", 3);
    match m.get("k") {
        Some(&n) if n > 1 => println!("big {}", n),
        Some(&n) => println!("{}", n),
        None => {}
    }
    let pts = vec![(1, 2.5), (3, 0.5)];
    if let Some(&(a, b)) = pts.iter().max_by(|p, q| p.1.partial_cmp(&q.1).unwrap()) {
        println!("{} {}", a, b);
    }
    let r = &7;
    match r {
        &7 => println!("seven"),
        _ => println!("other"),
    }
}

fn bindings() {
    let o = Some(String::from("x"));
    if let Some(ref s) = o {
        println!("{} {}", s, s.len());
    }
    println!("{:?}", o);
    let p = P {
        name: String::from("n"),
        tags: vec![String::from("t")],
    };
    match p {
        P {
            name: ref n,
            tags: ref t,
        } => println!("{} {:?}", n, t),
    }
    match p {
        P { ref name, .. } => println!("{}", name),
    }
    println!("{:?}", p);
    let items = vec![Some(String::from("a")), None];
    for it in items.iter() {
        match *it {
            Some(ref s) => println!("got {}", s),
            None => println!("none"),
        }
    }
    let pairs = vec![(String::from("k"), 1)];
    for &(ref k, v) in pairs.iter() {
        println!("{} {}", k, v);
    }
    let n = 42;
    let msg = match n {
        x @ 0..=9 => format!("digit {}", x),
        x @ (10 | 20 | 42) => format!("special {}", x),
        _ => String::from("other"),
    };
    println!("{}", msg);
    let opt = Some(3);
    if let s @ Some(_) = opt {
        println!("{:?}", s);
    }
}

fn main() {
    references();
    bindings();
}
