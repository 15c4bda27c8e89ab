use std::ops;
use std::ops::{AddAssign, Mul, MulAssign, Neg, Sub};

#[derive(Debug, Clone, Copy, PartialEq)]
struct Vec2 {
    x: f64,
    y: f64,
}

impl ops::Add for Vec2 {
    type Output = Self;
    fn add(self, other: Self) -> Self::Output {
        Vec2 { x: self.x + other.x, y: self.y + other.y }
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, other: Vec2) -> Vec2 {
        Vec2 { x: self.x - other.x, y: self.y - other.y }
    }
}

impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2 { x: self.x * k, y: self.y * k }
    }
}

impl Mul for Vec2 {
    type Output = f64;
    fn mul(self, o: Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2 { x: -self.x, y: -self.y }
    }
}

impl AddAssign for Vec2 {
    fn add_assign(&mut self, o: Vec2) {
        self.x += o.x;
        self.y += o.y;
    }
}

impl MulAssign<f64> for Vec2 {
    fn mul_assign(&mut self, k: f64) {
        self.x *= k;
        self.y *= k;
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Money {
    cents: i64,
    label: String,
}

impl std::ops::Add for Money {
    type Output = Money;
    fn add(mut self, other: Money) -> Money {
        self.cents += other.cents;
        self.label.push('+');
        self.label.push_str(&other.label);
        self
    }
}

struct Body {
    pos: Vec2,
    vel: Vec2,
}

impl Body {
    fn step(&mut self, dt: f64) {
        self.pos += self.vel * dt;
    }
}

fn main() {
    let a = Vec2 { x: 1.0, y: 2.0 };
    let b = Vec2 { x: 0.5, y: -1.5 };
    let c = a + b;
    println!("{:?} {:?} {:?}", c, a - b, -a);
    println!("{:?} {}", a * 2.0, a * b);
    let mut d = a;
    d += b;
    d *= 3.0;
    println!("{:?} {:?}", d, a);
    let pts = vec![a, b, c];
    let sum = pts.iter().fold(Vec2 { x: 0.0, y: 0.0 }, |acc, p| acc + *p);
    println!("{:?}", sum);
    let mut total = Vec2 { x: 0.0, y: 0.0 };
    for p in pts.iter() {
        total += *p;
    }
    println!("{:?} {}", total, total == sum);
    let mut body = Body { pos: a, vel: b };
    for _ in 0..3 {
        body.step(0.5);
    }
    println!("{:?}", body.pos);
    let m = Money { cents: 150, label: String::from("a") };
    let n = Money { cents: 275, label: String::from("b") };
    let s = m + n.clone();
    println!("{:?} {:?}", s, n);
    let t = s + n;
    println!("{} {}", t.cents, t.label);
}
