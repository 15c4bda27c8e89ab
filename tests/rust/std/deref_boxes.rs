// `*b` of a `Box`: a boxed closure borrowed as `&dyn Fn` (`&*warm`), a boxed field, a boxed
// parameter and a boxed number.
struct S {
    f: Box<dyn Fn(u32) -> f32>,
    n: Box<i32>,
}
fn apply(g: Box<dyn Fn(u32) -> f32>) -> f32 {
    let h: &dyn Fn(u32) -> f32 = &*g;
    h(2)
}
fn main() {
    let warm: Box<dyn Fn(u32) -> f32> = Box::new(|e| e as f32 * 0.5);
    let f: &dyn Fn(u32) -> f32 = &*warm;
    println!("{}", f(3));
    let s = S { f: Box::new(|e| e as f32 + 1.0), n: Box::new(4) };
    let g: &dyn Fn(u32) -> f32 = &*s.f;
    println!("{} {}", g(1), *s.n + 1);
    println!("{}", apply(Box::new(|e| e as f32 * 3.0)));
    let b: Box<i32> = Box::new(7);
    let c = *b * 2;
    println!("{}", c);
}
