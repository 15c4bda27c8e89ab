// std's operator traits implemented for references: impl Add for &V, Mul<f32> for &V, Mul<&V> for V, Neg for &V, beside impl Add for V
use std::ops::{Add, Mul, Neg};
#[derive(Debug, Clone, PartialEq)]
struct V { x: f32, y: f32 }
impl Add for V {
    type Output = V;
    fn add(self, o: V) -> V { V { x: self.x + o.x, y: self.y + o.y } }
}
impl Add for &V {
    type Output = V;
    fn add(self, o: &V) -> V { V { x: self.x + o.x + 100.0, y: self.y + o.y } }
}
impl Mul<f32> for &V {
    type Output = V;
    fn mul(self, k: f32) -> V { V { x: self.x * k, y: self.y * k } }
}
impl Mul<&V> for V {
    type Output = f32;
    fn mul(self, o: &V) -> f32 { self.x * o.x + self.y * o.y }
}
impl Neg for &V {
    type Output = V;
    fn neg(self) -> V { V { x: -self.x, y: -self.y } }
}
fn norm2(v: &V) -> f32 { v.clone() * v }
#[derive(Debug, Clone)]
struct Mat { r: usize, c: usize, d: Vec<f32> }
impl Mul for &Mat {
    type Output = Mat;
    fn mul(self, o: &Mat) -> Mat {
        let mut d = vec![0.0; self.r * o.c];
        for i in 0..self.r { for j in 0..o.c { for k in 0..self.c {
            d[i * o.c + j] += self.d[i * self.c + k] * o.d[k * o.c + j];
        }}}
        Mat { r: self.r, c: o.c, d }
    }
}
impl<'a> Add<&'a Mat> for &'a Mat {
    type Output = Mat;
    fn add(self, o: &Mat) -> Mat {
        Mat { r: self.r, c: self.c, d: self.d.iter().zip(o.d.iter()).map(|(a, b)| a + b).collect() }
    }
}
fn main() {
    let m = Mat { r: 2, c: 2, d: vec![1.0, 2.0, 3.0, 4.0] };
    let h = Mat { r: 2, c: 2, d: vec![0.5, 0.0, 0.0, 0.5] };
    let p = &m * &h;
    let q = &(&p + &m) * &h;
    println!("{:?} {:?} {:?}", p.d, q, m.d);
    let a = V { x: 1.0, y: 2.0 };
    let b = V { x: 0.5, y: 0.5 };
    let c = &a + &b;
    let d = a.clone() + b.clone();
    let e = &(&a + &b) * 2.0;
    println!("{:?} {:?} {:?}", c, d, e);
    println!("{} {:?}", norm2(&a), -&b);
    let vs = vec![a.clone(), b.clone()];
    let mut total = V { x: 0.0, y: 0.0 };
    for v in vs.iter() {
        total = &total + v;
    }
    println!("{:?} {:?}", total, a);
}
