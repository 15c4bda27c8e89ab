trait Squash { fn squash(self) -> Self; fn limit() -> Self; }
impl Squash for f32 {
    fn squash(self) -> f32 { if self > f32::limit() { f32::limit() } else { self } }
    fn limit() -> f32 { 1.0 }
}
impl Squash for i64 {
    fn squash(self) -> i64 { self.min(i64::limit()) }
    fn limit() -> i64 { 10 }
}
fn main() {
    let xs: Vec<f32> = vec![0.5, 3.0].into_iter().map(f32::squash).collect();
    println!("{:?} {} {}", xs, 42i64.squash(), <f32 as Squash>::limit());
}
