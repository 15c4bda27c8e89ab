trait Half {
    fn half(self) -> f64;
    fn unit() -> f64;
    fn twice_unit() -> f64 { Self::unit() * 2.0 }
}
impl Half for f64 {
    fn half(self) -> f64 { self / 2.0 }
    fn unit() -> f64 { 1.0 }
}
trait Clamp01 { fn clamp01(&self) -> Self; fn zero() -> Self; }
impl Clamp01 for f32 {
    fn clamp01(&self) -> f32 { self.max(0.0).min(1.0) }
    fn zero() -> f32 { 0.0 }
}
impl Clamp01 for i32 {
    fn clamp01(&self) -> i32 { (*self).max(0).min(1) }
    fn zero() -> i32 { 0 }
}
fn main() {
    println!("{} {}", 3.0f64.half(), f64::unit());
    println!("{} {}", f64::twice_unit(), f64::half(5.0));
    println!("{} {} {} {}", 1.7f32.clamp01(), f32::zero(), (-4i32).clamp01(), i32::zero());
    let v: Vec<f32> = vec![-0.5, 0.25, 2.0].iter().map(|x| x.clamp01()).collect();
    println!("{:?}", v);
}
