// Struct items, impl blocks, field access and assignment, derived Debug, Clone and PartialEq.

#[derive(Debug, Clone, PartialEq)]
struct Point {
    x: f32,
    y: f32,
}

#[derive(Debug, Clone)]
struct Pair(i32, f64);

#[derive(Debug, Clone, PartialEq)]
struct Marker;

#[derive(Debug, Clone)]
struct Empty {}

#[derive(Debug, Clone)]
struct Line {
    from: Point,
    to: Point,
    label: String,
    weights: Vec<f64>,
    tag: Option<Marker>,
}

impl Point {
    fn new(x: f32, y: f32) -> Self {
        Self { x, y }
    }

    fn origin() -> Point {
        Point::new(0.0, 0.0)
    }

    fn norm2(&self) -> f32 {
        self.x * self.x + self.y * self.y
    }

    fn scale(&mut self, k: f32) {
        self.x *= k;
        self.y = self.y * k;
    }

    fn shifted(mut self, dx: f32) -> Self {
        self.x += dx;
        self
    }

    fn into_pair(self) -> Pair {
        Pair(self.x as i32, self.y as f64)
    }
}

impl Line {
    fn length2(&self) -> f32 {
        let dx = self.to.x - self.from.x;
        let dy = self.to.y - self.from.y;
        dx * dx + dy * dy
    }

    fn push(&mut self, w: f64) {
        self.weights.push(w);
    }
}

fn main() {
    let mut p = Point::new(0.1, 0.2);
    println!("{:?} {}", p, p.norm2());
    p.scale(3.0);
    println!("{p:?} x={} y={}", p.x, p.y);
    let q = p.clone();
    p.x = 7.5;
    println!("{:?} {:?} {} {}", p, q, p == q, q == q.clone());
    let r = q.shifted(1.0);
    println!("{:?} {:?}", r, Point::origin());
    let pair = r.into_pair();
    println!("{:?} {} {}", pair, pair.0, pair.1);
    let mut pair2 = pair.clone();
    pair2.0 += 10;
    pair2.1 = -0.5;
    println!("{:?} {:?}", pair, pair2);
    println!("{:?} {:?} {}", Marker, Empty {}, Marker == Marker);
    let mut line = Line {
        label: String::from("diag"),
        from: Point::origin(),
        to: Point { x: 3.0, y: 4.0 },
        weights: vec![1.0],
        tag: Some(Marker),
    };
    line.push(2.5);
    line.to.y = 0.0;
    line.from.x -= 1.0;
    println!("{:?}", line);
    println!("{} {} {:?}", line.length2(), line.label, line.weights);
    let copy = line.clone();
    line.push(0.25);
    println!("{} {}", copy.weights.len(), line.weights.len());
    let points = vec![Point::new(1.0, 2.0), Point::new(3.0, 4.0)];
    println!("{} {:?}", points[1].x, points);
    println!("{:8.3?}|{:<6?}|", Point::new(1.0, -2.0), Pair(3, 0.1));
}
