// `match` on enums (unit, tuple, struct variants), literals, ranges, `Option`, tuples, with
// guards and `@` bindings; `if let` with any pattern; derived Debug and PartialEq of an enum.

#[derive(Debug, Clone, PartialEq)]
enum Shape {
    Dot,
    Circle(f64),
    Rect { w: f64, h: f64 },
}

impl Shape {
    fn area(&self) -> f64 {
        match self {
            Shape::Dot => 0.0,
            Shape::Circle(r) => 3.0 * r * r,
            Shape::Rect { w, h } => w * h,
        }
    }
}

fn classify(n: i32) -> &'static str {
    match n {
        i32::MIN..=-1 => "negative",
        0 => "zero",
        1 | 2 | 3 => "small",
        x if x % 2 == 0 => "even",
        _ => "odd",
    }
}

fn main() {
    let shapes = vec![Shape::Dot, Shape::Circle(1.5), Shape::Rect { w: 2.0, h: 3.0 }];
    for s in &shapes {
        println!("{:?} {}", s, s.area());
    }
    for n in [-5, 0, 2, 8, 9] {
        println!("{n} {}", classify(n));
    }
    let opt: Option<i32> = Some(4);
    let v = match opt {
        Some(x) if x > 3 => x * 10,
        Some(x) => x,
        None => -1,
    };
    println!("{v}");
    let pair = (1, "b");
    match pair {
        (0, _) => println!("zero"),
        (n @ 1..=5, s) => println!("{n} {s}"),
        _ => println!("other"),
    }
    if let Shape::Circle(r) = shapes[1].clone() {
        println!("circle {r}");
    }
    if let Shape::Rect { w, .. } = &shapes[0] {
        println!("rect {w}");
    } else {
        println!("not a rect");
    }
    println!("{}", shapes[1] == Shape::Circle(1.5));
    let flag = true;
    let word = match flag {
        true => "yes",
        false => "no",
    };
    println!("{word}");
}
