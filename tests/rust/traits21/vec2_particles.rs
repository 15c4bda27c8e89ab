// Gradient descent on a 2-D quadratic bowl with a small vector type and its operator impls.
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

#[derive(Debug, Clone, Copy, PartialEq)]
struct V2 {
    x: f64,
    y: f64,
}

impl V2 {
    fn dot(self, o: V2) -> f64 {
        self.x * o.x + self.y * o.y
    }
    fn norm(self) -> f64 {
        self.dot(self).sqrt()
    }
}

impl Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2 { x: self.x + o.x, y: self.y + o.y }
    }
}

impl Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        V2 { x: self.x - o.x, y: self.y - o.y }
    }
}

impl Mul<f64> for V2 {
    type Output = V2;
    fn mul(self, k: f64) -> V2 {
        V2 { x: self.x * k, y: self.y * k }
    }
}

impl Neg for V2 {
    type Output = V2;
    fn neg(self) -> V2 {
        V2 { x: -self.x, y: -self.y }
    }
}

impl AddAssign for V2 {
    fn add_assign(&mut self, o: V2) {
        self.x += o.x;
        self.y += o.y;
    }
}

impl SubAssign for V2 {
    fn sub_assign(&mut self, o: V2) {
        self.x -= o.x;
        self.y -= o.y;
    }
}

fn grad(p: V2, center: V2) -> V2 {
    (p - center) * 2.0
}

fn main() {
    let center = V2 { x: 1.0, y: -2.0 };
    let mut p = V2 { x: 5.0, y: 3.0 };
    let mut velocity = V2 { x: 0.0, y: 0.0 };
    let (lr, beta) = (0.1, 0.5);
    for step in 0..8 {
        let g = grad(p, center);
        velocity = velocity * beta + -g * lr;
        p += velocity;
        println!("{} {:.5} {:.5} |g|={:.5}", step, p.x, p.y, g.norm());
    }
    let mut q = p;
    q -= center;
    println!("{:?} {}", q, q == p - center);
}
