// Inline modules: paths into them (`m::f`, `self::`, `crate::`, `super::`), `use` of an item
// and of a module's glob, a struct and its impl inside a module, nested modules.

mod geometry {
    #[derive(Debug, Clone)]
    pub struct Point {
        pub x: f32,
        pub y: f32,
    }

    impl Point {
        pub fn new(x: f32, y: f32) -> Self {
            Self { x, y }
        }

        pub fn norm2(&self) -> f32 {
            square(self.x) + square(self.y)
        }
    }

    fn square(v: f32) -> f32 {
        v * v
    }

    pub mod shapes {
        use super::Point;

        pub fn unit() -> Point {
            Point::new(1.0, 0.0)
        }

        pub fn scaled(k: f32) -> Point {
            let p = super::Point::new(k, k);
            crate::report(&p);
            p
        }
    }
}

mod numbers {
    pub const LIMIT: i32 = 3;

    pub fn double(n: i32) -> i32 {
        n * 2
    }

    pub fn twice(n: i32) -> i32 {
        self::double(self::double(n)) / 2
    }
}

use geometry::shapes::*;
use geometry::Point;
use self::numbers::double;

fn report(p: &Point) {
    println!("report {:?}", p);
}

fn main() {
    let p = Point::new(3.0, 4.0);
    println!("{} {:?}", p.norm2(), unit());
    let q = scaled(0.5);
    println!("{}", q.norm2());
    println!("{} {} {}", double(4), numbers::twice(5), crate::numbers::double(numbers::LIMIT));
    println!("{:?}", geometry::shapes::unit().x);
}
