// Generic functions with trait bounds, `where` clauses, `impl<T: Trait>` blocks,
// default methods calling required ones, associated consts and functions.
trait Shape {
    const NAME: &'static str;
    fn new(size: f32) -> Self;
    fn area(&self) -> f32;
    fn describe(&self) -> String {
        format!("{} of area {:.2}", Self::NAME, self.area())
    }
}

struct Circle {
    r: f32,
}

struct Square {
    side: f32,
}

impl Shape for Circle {
    const NAME: &'static str = "circle";
    fn new(size: f32) -> Self {
        Circle { r: size }
    }
    fn area(&self) -> f32 {
        3.14159 * self.r * self.r
    }
}

impl Shape for Square {
    const NAME: &'static str = "square";
    fn new(size: f32) -> Self {
        Square { side: size }
    }
    fn area(&self) -> f32 {
        self.side * self.side
    }
    fn describe(&self) -> String {
        format!("a square with side {}", self.side)
    }
}

fn area_of<T: Shape>(t: &T) -> f32 {
    t.area()
}

fn total<A, B>(a: &A, b: &B) -> f32
where
    A: Shape,
    B: Shape,
{
    a.area() + b.area()
}

fn make<T: Shape>(size: f32) -> T {
    T::new(size)
}

fn name_of<T: Shape>(_t: &T) -> &'static str {
    T::NAME
}

fn main() {
    let c = Circle { r: 1.5 };
    let s = Square { side: 2.0 };
    println!("{}", area_of(&c));
    println!("{}", area_of(&s));
    println!("{}", total(&c, &s));
    println!("{}", c.describe());
    println!("{}", s.describe());
    let made: Circle = make(2.0);
    println!("{:.3}", made.area());
    let sq = make::<Square>(3.0);
    println!("{}", sq.area());
    println!("{} {}", name_of(&c), name_of(&sq));
    println!("{}", Circle::NAME);
}
