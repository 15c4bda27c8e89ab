// `#[derive(Clone, Copy)]`: values copied where used by value, each binding its own.
#[derive(Clone, Copy, Debug, PartialEq)]
struct P { x: f32, y: f32 }
impl P {
    fn scale(mut self, k: f32) -> P { self.x *= k; self.y *= k; self }
    fn bump(&mut self) { self.x += 1.0; }
    fn sum(&self) -> f32 { self.x + self.y }
}
#[derive(Clone, Copy, Debug)]
enum Mode { Train, Eval }
struct Holder { p: P, ps: Vec<P> }
fn main() {
    containers();
    let a = P { x: 1.0, y: 2.0 };
    let mut b = a;
    b.x = 10.0;
    b.bump();
    let c = a.scale(3.0);
    println!("{:?} {:?} {:?} {}", a, b, c, a.sum());
    let mut h = Holder { p: a, ps: vec![a, b] };
    let mut q = h.p;
    q.y = -1.0;
    h.ps[0] = P { x: 7.0, y: 2.0 };
    let r = h.ps[0];
    h.ps[0].bump();
    println!("{:?} {:?} {:?} {:?}", h.p, q, r, h.ps);
    let m = Mode::Train;
    let n = m;
    println!("{:?} {:?} {}", m, n, a == c);
    let arr = [a; 2];
    let mut first = arr[0];
    first.x = 0.5;
    println!("{:?} {:?}", arr, first);
}

// Tuples, arrays and `Option`s of a `Copy` struct are `Copy`; a `move` closure copies it.
fn containers() {
    let p = P { x: 1.0, y: 0.5 };
    let t = (p, 1);
    let (mut a, _) = t;
    a.x = 5.0;
    println!("{:?} {:?}", t, a);
    let arr = [p, p];
    let mut b = arr;
    b[0] = P { x: 9.0, y: 0.5 };
    println!("{:?} {:?}", arr, b);
    for mut q in arr {
        q.x += 100.0;
        println!("{:?}", q);
    }
    println!("{:?}", arr);
    let o = Some(p);
    let mut o2 = o;
    if let Some(r) = o2.as_mut() { r.x = 7.0; }
    println!("{:?} {:?}", o, o2);
    let v = vec![p, p];
    let w: Vec<P> = v.iter().map(|r| { let mut s = *r; s.x *= 3.0; s }).collect();
    println!("{:?} {:?}", v, w);
    let mut c = p;
    let mut f = move || { c.x += 1.0; c.x };
    println!("{} {:?}", f(), c);
}
