// Closures as values: in struct fields (generic `F: Fn`, `Box<dyn Fn>`, `fn` pointers),
// passed by name, returned.
struct Scaler<F: Fn(f32) -> f32> {
    f: F,
    name: String,
}

impl<F: Fn(f32) -> f32> Scaler<F> {
    fn apply(&self, x: f32) -> f32 {
        (self.f)(x)
    }
}

struct Boxed {
    op: Box<dyn Fn(f32) -> f32>,
}

struct Table {
    ops: Vec<fn(f32) -> f32>,
}

fn double(x: f32) -> f32 {
    x * 2.0
}

fn square(x: f32) -> f32 {
    x * x
}

fn apply(f: fn(f32) -> f32, x: f32) -> f32 {
    f(x)
}

fn apply_generic<F>(f: F, x: f32) -> f32
where
    F: Fn(f32) -> f32,
{
    f(x)
}

fn apply_impl(f: impl Fn(f32) -> f32, x: f32) -> f32 {
    f(x)
}

fn apply_dyn(f: &dyn Fn(f32) -> f32, x: f32) -> f32 {
    f(x)
}

fn make_adder(n: f32) -> impl Fn(f32) -> f32 {
    move |x| x + n
}

fn make_boxed(n: f32) -> Box<dyn Fn(f32) -> f32> {
    Box::new(move |x| x * n)
}

fn twice<F: Fn(i32) -> i32>(f: F, x: i32) -> i32 {
    f(f(x))
}

fn main() {
    let k = 3.0;
    let s = Scaler { f: |x| x * k, name: String::from("times three") };
    println!("{}: {}", s.name, s.apply(2.5));
    let b = Boxed { op: Box::new(|x| x - 1.0) };
    println!("{}", (b.op)(10.0));
    let t = Table { ops: vec![double, square] };
    for op in t.ops.iter() {
        println!("{}", op(3.0));
    }
    println!("{}", apply(double, 3.0));
    println!("{}", apply(square, 1.5));
    println!("{}", apply_generic(double, 4.0));
    println!("{}", apply_generic(|x| x + 0.5, 4.0));
    println!("{}", apply_impl(square, 5.0));
    println!("{}", apply_dyn(&double, 6.0));
    let add5 = make_adder(5.0);
    println!("{}", add5(1.0));
    let times = make_boxed(4.0);
    println!("{}", times(2.0));
    let v = vec![1.0f32, 7.5, -2.0, 3.25];
    let m = v.iter().cloned().fold(f32::MIN, f32::max);
    println!("{}", m);
    let lo = v.iter().copied().fold(f32::MAX, f32::min);
    println!("{}", lo);
    println!("{}", twice(|x| x * 3, 2));
    let f: fn(f32) -> f32 = double;
    println!("{}", f(0.25));
    let ops: Vec<Box<dyn Fn(f32) -> f32>> = vec![Box::new(double), Box::new(|x| x / 2.0)];
    let outs: Vec<f32> = ops.iter().map(|g| g(8.0)).collect();
    println!("{:?}", outs);
}
