// arithmetic on generic T: Add<Output = T> + Copy (Sub, Mul, Neg, AddAssign, Default), by bounds and where clauses
use std::ops::{Add, AddAssign, Mul, Neg, Sub};
fn sum<T: Add<Output = T> + Copy>(xs: &[T], zero: T) -> T {
    let mut acc = zero;
    for &x in xs {
        acc = acc + x;
    }
    acc
}
fn twice<T>(x: T) -> T
where
    T: Add<Output = T> + Copy,
{
    x + x
}
fn axpy<T: Mul<Output = T> + Add<Output = T> + Copy>(a: T, x: T, y: T) -> T {
    a * x + y
}
fn total<T: AddAssign + Copy>(xs: &[T], start: T) -> T {
    let mut t = start;
    for x in xs.iter() {
        t += *x;
    }
    t
}
fn diff<T: Sub<Output = T> + Neg<Output = T> + Copy + PartialOrd>(a: T, b: T) -> T {
    if a > b { a - b } else { -(b - a) }
}
fn first() {
    println!("{} {}", sum(&[1, 2, 3], 0), sum(&[0.5f64, 0.25], 0.0));
    println!("{} {}", twice(21u8), twice(1.5f32));
    println!("{} {}", axpy(2.0f32, 3.0, 0.1), axpy(2i64, 3, 4));
    println!("{} {}", total(&[0.1f32, 0.2, 0.3], 0.0), total(&[1u32, 2], 5));
    println!("{} {}", diff(1.0f64, 3.0), diff(5i32, 2));
}
#[derive(Debug, Clone, Copy, Default)]
struct V { x: f32, y: f32 }
impl Add for V {
    type Output = V;
    fn add(self, o: V) -> V { V { x: self.x + o.x, y: self.y + o.y } }
}
fn sum_default<T: Add<Output = T> + Copy + Default>(xs: &[T]) -> T {
    let mut acc = T::default();
    for x in xs.iter() {
        acc = acc + *x;
    }
    acc
}
fn dot<T: Add<Output = T> + Mul<Output = T> + Copy + Default>(a: &[T], b: &[T]) -> T {
    let mut acc = T::default();
    for i in 0..a.len() {
        acc = acc + a[i] * b[i];
    }
    acc
}
fn main() {
    first();
    println!("{:?}", sum_default(&[V { x: 1.0, y: 2.0 }, V { x: 0.5, y: 0.25 }]));
    println!("{} {}", sum_default(&[1u64, 2]), dot(&[1.0f32, 2.0], &[3.0, 4.0]));
}
