use std::fmt::Display;

fn largest<T: PartialOrd + Copy>(xs: &[T]) -> T {
    let mut m = xs[0];
    for &x in xs {
        if x > m {
            m = x;
        }
    }
    m
}

fn smallest<T>(xs: &[T]) -> T
where
    T: PartialOrd + Copy,
{
    let mut m = xs[0];
    for x in xs.iter() {
        if *x < m {
            m = *x;
        }
    }
    m
}

fn sum_all<T: Into<f64> + Copy>(xs: &[T]) -> f64 {
    let mut s = 0.0;
    for x in xs {
        s += (*x).into();
    }
    s
}

fn describe<T: Display>(name: &str, value: T) -> String {
    format!("{name}: {value}")
}

fn show_all<T: std::fmt::Debug>(items: &[T]) {
    for (i, item) in items.iter().enumerate() {
        println!("{} -> {:?}", i, item);
    }
}

fn count_equal<T: PartialEq>(xs: &[T], target: &T) -> usize {
    xs.iter().filter(|x| *x == target).count()
}

fn repeat<T: Clone>(x: &T, n: usize) -> Vec<T> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.push(x.clone());
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
struct Point {
    x: f32,
    y: f32,
}

fn main() {
    let ints = vec![34, 50, 25, 100, 65];
    let floats = [0.1f32, 0.25, 0.2];
    println!("{} {}", largest(&ints), smallest(&ints));
    println!("{} {}", largest(&floats), smallest(&floats));
    println!("{}", largest(&['y', 'm', 'a', 'q']));
    println!("{} {}", sum_all(&ints), sum_all(&floats));
    println!("{}", sum_all(&[1u8, 2, 3]));
    println!("{}", describe("pi", 3.14159f32));
    println!("{}", describe("name", String::from("ferris")));
    show_all(&[Point { x: 1.0, y: 0.5 }, Point { x: -2.0, y: 0.1 }]);
    show_all(&["a", "b"]);
    let words = vec![String::from("a"), String::from("b"), String::from("a")];
    println!("{}", count_equal(&words, &String::from("a")));
    println!("{}", count_equal(&[Point { x: 1.0, y: 2.0 }], &Point { x: 1.0, y: 2.0 }));
    println!("{:?}", repeat(&Point { x: 0.3, y: 0.0 }, 2));
    println!("{:?}", repeat(&7u64, 3));
}
