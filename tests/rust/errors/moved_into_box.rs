trait Shape {
    fn area(&self) -> f64;
}

struct Square {
    side: f64,
}

impl Shape for Square {
    fn area(&self) -> f64 {
        self.side * self.side
    }
}

fn main() {
    let s = Square { side: 2.0 };
    let t = s;
    let b: Box<dyn Shape> = Box::new(s);
    println!("{} {}", t.area(), b.area());
}
