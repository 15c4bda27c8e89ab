// Items declared inside function bodies: rustc sees each in its own body only.
fn area() -> f64 {
    const SIDE: f64 = 1.5;
    struct Square {
        side: f64,
    }
    impl Square {
        fn area(&self) -> f64 {
            self.side * self.side
        }
    }
    Square { side: SIDE }.area()
}

fn main() {
    const LIMIT: i64 = 4;

    #[derive(Debug, Clone, PartialEq)]
    struct Point {
        x: i64,
        y: i64,
    }

    impl Point {
        fn scaled(&self, k: i64) -> Point {
            Point { x: self.x * k, y: self.y * k }
        }
    }

    fn double(n: i64) -> i64 {
        n * 2
    }

    let p = Point { x: 1, y: -2 };
    for k in 1..LIMIT {
        let q = p.scaled(double(k));
        println!("{} {}", q.x, q.y);
    }
    println!("{:?} {}", p.clone(), p.x.max(p.y));
    println!("{}", p == Point { x: 1, y: -2 });
    println!("{}", area());
    {
        fn inner() -> &'static str {
            "inner"
        }
        println!("{}", inner());
    }
}
