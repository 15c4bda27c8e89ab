#[derive(Debug, Clone)]
struct R { w: u32 }
impl R {
    fn sq(s: u32) -> Self { R { w: s * s } }
    fn area(&self) -> u32 { self.w }
    fn pair(a: u32, b: u32) -> u32 { a * 10 + b }
    fn twice(x: f64) -> f64 { x * 2.0 }
}
fn apply(f: fn(f64) -> f64, x: f64) -> f64 { f(x) }
fn fold_with<F: Fn(u32, u32) -> u32>(v: &[u32], f: F) -> u32 { v.iter().fold(0, |a, &b| f(a, b)) }
fn main() {
    let rs: Vec<R> = (1..4).map(R::sq).collect();
    println!("{:?}", rs.iter().map(R::area).collect::<Vec<_>>());
    println!("{}", apply(R::twice, 1.5));
    println!("{}", fold_with(&[1, 2, 3], R::pair));
    let f = R::sq;
    println!("{:?}", f(7));
    let best = vec![3.0, 1.0].into_iter().map(R::twice).fold(0.0, f64::max);
    println!("{}", best);
}
