// A trait the program defines, implemented for its structs (static dispatch), with a default
// method; methods calling methods; a panic inside a method.

trait Shape {
    fn area(&self) -> f64;
    fn name(&self) -> String;
    fn describe(&self) -> String {
        format!("{} with area {:.2}", self.name(), self.area())
    }
}

struct Square {
    side: f64,
}

struct Circle {
    r: f64,
}

impl Shape for Square {
    fn area(&self) -> f64 {
        self.side * self.side
    }
    fn name(&self) -> String {
        "square".to_string()
    }
}

impl Shape for Circle {
    fn area(&self) -> f64 {
        3.14159 * self.r * self.r
    }
    fn name(&self) -> String {
        String::from("circle")
    }
    fn describe(&self) -> String {
        format!("round, r = {}", self.r)
    }
}

struct Counter {
    count: u8,
    limit: Option<u8>,
}

impl Counter {
    fn new() -> Counter {
        Counter { count: 250, limit: None }
    }

    fn tick(&mut self) -> u8 {
        self.count += 1;
        self.count
    }

    fn limit(&self) -> u8 {
        self.limit.unwrap()
    }
}

fn main() {
    let s = Square { side: 1.5 };
    let c = Circle { r: 2.0 };
    println!("{}", s.describe());
    println!("{}", c.describe());
    println!("{} {}", Shape::area(&s), Square::name(&s));
    let mut counter = Counter::new();
    for _ in 0..3 {
        println!("tick {}", counter.tick());
    }
    if counter.count > 100 {
        println!("limit {}", counter.limit());
    }
}
