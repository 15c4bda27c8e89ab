//! Closures capturing variables, `move`, closures as arguments to Option::map.

fn apply(f: i32) -> i32 {
    f + 1
}

fn main() {
    let base = 10;
    let add = |x: i32| x + base;
    println!("{} {}", add(1), add(2));
    let mut counter = 0;
    let mut bump = || {
        counter += 1;
        counter * 2
    };
    println!("{} {}", bump(), bump());
    println!("counter = {counter}");
    let mut owned = 5;
    let mut take = move || {
        owned += 1;
        owned
    };
    println!("{} {} outer {}", take(), take(), owned);
    owned = 100;
    println!("{} {}", take(), owned);
    let scale: f32 = 0.1;
    let times = |x: f32| x * scale;
    println!("{:?}", times(3.0));
    let opt = Some(4);
    println!("{:?} {:?}", opt.map(|v| v * base), opt.map(|v| apply(v)));
    let none: Option<i32> = None;
    println!("{:?}", none.map(|v| v + 1));
    let make = |k: i32| move |x: i32| x * k;
    let double = make(2);
    let triple = make(3);
    println!("{} {}", double(7), triple(7));
    let mut fs = Vec::new();
    for i in 0..3 {
        fs.push(move || i * 100);
    }
    for f in &fs {
        print!("{} ", f());
    }
    println!();
    let nested = |a: i32| {
        let inner = |b: i32| a * b + base;
        inner(a + 1)
    };
    println!("{}", nested(3));
    let fact = |n: u64| {
        let mut acc = 1u64;
        for k in 1..=n {
            acc *= k;
        }
        acc
    };
    println!("{}", fact(20));
    let mut c = 1;
    let moved = {
        let outer = || move || c * 10;
        outer()
    };
    c = 5;
    println!("nested move copied {} (c is now {c})", moved());
    let mut d = 2;
    let curry = |k: i32| move |m: i32| d * k * m;
    let g = curry(3);
    d = 100;
    println!("{} {d}", g(1));
    let no_args = || "no args";
    println!("{}", no_args());
}
