// Trait objects: `&dyn`, `Box<dyn>`, `Vec<Box<dyn>>` dispatched by the value's type,
// `impl Trait` in argument and return position.
trait Shape {
    fn area(&self) -> f32;
    fn name(&self) -> String {
        String::from("shape")
    }
}

struct Circle {
    r: f32,
}

struct Rect {
    w: f32,
    h: f32,
}

impl Shape for Circle {
    fn area(&self) -> f32 {
        3.0 * self.r * self.r
    }
    fn name(&self) -> String {
        format!("circle r={}", self.r)
    }
}

impl Shape for Rect {
    fn area(&self) -> f32 {
        self.w * self.h
    }
}

fn show(s: &dyn Shape) {
    println!("{}: {}", s.name(), s.area());
}

fn total(shapes: &Vec<Box<dyn Shape>>) -> f32 {
    let mut sum = 0.0;
    for s in shapes.iter() {
        sum += s.area();
    }
    sum
}

fn largest(shapes: &Vec<Box<dyn Shape>>) -> f32 {
    shapes.iter().map(|s| s.area()).fold(0.0, f32::max)
}

fn print_area(s: impl Shape) {
    println!("impl arg: {}", s.area());
}

fn unit_square() -> impl Shape {
    Rect { w: 1.0, h: 1.0 }
}

fn pick(big: bool) -> Box<dyn Shape> {
    if big {
        Box::new(Rect { w: 10.0, h: 10.0 })
    } else {
        Box::new(Circle { r: 0.5 })
    }
}

fn main() {
    let c = Circle { r: 2.0 };
    let r = Rect { w: 3.0, h: 4.0 };
    show(&c);
    show(&r);
    let shapes: Vec<Box<dyn Shape>> = vec![
        Box::new(Circle { r: 1.0 }),
        Box::new(Rect { w: 2.0, h: 5.0 }),
        Box::new(Circle { r: 3.0 }),
    ];
    for s in &shapes {
        println!("{} -> {}", s.name(), s.area());
    }
    println!("total {}", total(&shapes));
    println!("largest {}", largest(&shapes));
    let mut more: Vec<Box<dyn Shape>> = Vec::new();
    more.push(Box::new(Rect { w: 1.5, h: 2.0 }));
    more.push(pick(true));
    more.push(pick(false));
    println!("{}", more.len());
    for (i, s) in more.iter().enumerate() {
        println!("{i}: {}", s.area());
    }
    let names: Vec<String> = more.iter().map(|s| s.name()).collect();
    println!("{:?}", names);
    print_area(Circle { r: 1.0 });
    print_area(r);
    let u = unit_square();
    println!("{}", u.area());
    let b: Box<dyn Shape> = Box::new(c);
    show(b.as_ref());
    println!("{}", b.area());
}
