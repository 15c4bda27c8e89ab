// Generic structs whose `impl` blocks carry std bounds, used inside their methods.
use std::fmt::Display;
use std::ops::{AddAssign, Mul, Sub};

#[derive(Debug, Clone, PartialEq)]
struct Range<T> {
    lo: T,
    hi: T,
    seen: usize,
}

impl<T: PartialOrd + Copy> Range<T> {
    fn start(x: T) -> Self {
        Range { lo: x, hi: x, seen: 1 }
    }
    fn add(&mut self, x: T) {
        if x < self.lo {
            self.lo = x;
        }
        if x > self.hi {
            self.hi = x;
        }
        self.seen += 1;
    }
    fn contains(&self, x: T) -> bool {
        self.lo <= x && x <= self.hi
    }
}

impl<T> Range<T>
where
    T: Sub<Output = T> + Copy,
{
    fn width(&self) -> T {
        self.hi - self.lo
    }
}

impl<T: Display> Range<T> {
    fn label(&self) -> String {
        format!("[{}, {}] of {}", self.lo, self.hi, self.seen)
    }
}

struct Scaled<T> {
    factor: T,
    sum: T,
}

impl<T: Copy + Default + Mul<Output = T> + AddAssign> Scaled<T> {
    fn new(factor: T) -> Self {
        Self { factor, sum: T::default() }
    }
    fn feed(&mut self, xs: &[T]) -> T {
        for &x in xs {
            self.sum += x * self.factor;
        }
        self.total()
    }
    fn total(&self) -> T {
        self.sum
    }
}

fn main() {
    let mut r = Range::start(3i32);
    for x in [7, -2, 5] {
        r.add(x);
    }
    println!("{} width {} has 0: {} has 9: {}", r.label(), r.width(), r.contains(0), r.contains(9));
    let mut f: Range<f32> = Range::start(0.1);
    f.add(0.7);
    f.add(-0.2);
    println!("{} width {}", f.label(), f.width());
    println!("{:?} {}", f, f == f.clone());
    let mut s = Scaled::new(0.5f64);
    println!("{}", s.feed(&[1.0, 2.0, 3.5]));
    println!("{}", s.feed(&[0.25]));
    let mut k: Scaled<u8> = Scaled::new(3);
    println!("{} {}", k.feed(&[1, 2, 3]), k.total());
    let words = Range { lo: "apple", hi: "pear", seen: 2 };
    println!("{}", words.label());
}
