//! Unannotated closure parameters take their types from the calls, operators wait for them
//! (rustc's trait obligations); trait methods on `{integer}`/`{float}`; casts checked last.

fn main() {
    let triple = |x| x * 3.0;
    let a = triple(0.1f32);
    println!("f32 argument: {a:?} sqrt {:?}", a.sqrt());
    let b = triple(0.1);
    println!("called again, still f32: {b:?}");
    let triple64 = |x| x * 3.0;
    println!("f64 fallback: {:?}", triple64(0.1));
    let scale = |x| 3.0 * x;
    println!("literal on the left: {:?}", scale(0.1f32));
    let mul = |x, y| x * y;
    let mul_right = |x, y| x * y;
    let mul64 = |x, y| x * y;
    println!("two parameters: {:?} {:?} {:?}", mul(0.1f32, 3.0), mul_right(0.1, 3.0f32), mul64(0.1, 3.0));
    let f = |x: f32| x * 3.0;
    let g = |y| f(y) + 1.0;
    println!("through another closure: {:?}", g(0.1));
    let add = |p, q| p + q;
    let mut s = 0.0;
    for _ in 0..10 {
        s = add(s, 0.1);
    }
    println!("accumulated: {s:?}");
    let dec = |n| n - 1;
    let len: usize = 3;
    println!("usize: {} {}", dec(len), dec(7));
    let from_ten = |n| 10 - n;
    println!("cast of a pending result: {} {}", from_ten(3) as u8, from_ten(20) as f32);
    let big = |n| n + 1;
    let wide: i64 = 5;
    println!("i64: {}", big(wide) * 1000000000);
    let r = |x| x % 7;
    println!("rem: {} {}", r(-20), r(20));
    let n = 42;
    let x = 2.5;
    println!("trait methods: {} {} {} {:?} {}", n.to_string(), x.to_string(), n.max(50), x.clone(), 7.min(3));
}
