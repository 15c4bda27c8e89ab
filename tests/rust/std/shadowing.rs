//! Shadowing in nested blocks; block values; a shadowed name keeps its old value outside.

fn main() {
    let x = 5;
    let x = x * 2;
    {
        let x = x + 1;
        println!("inner x = {x}");
        let x = "now a string";
        println!("inner x = {x}");
    }
    println!("outer x = {x}");
    let y = {
        let x = 3.5;
        x * 2.0
    };
    println!("y = {y}, x = {x}");
    let z: f32 = 0.1;
    let z = z as f64 * 3.0;
    println!("z = {z:?}");
    let mut w = 1;
    for w in 0..2 {
        println!("loop w = {w}");
    }
    w += 10;
    println!("w = {w}");
    let v = if w > 5 {
        let w = w * 100;
        w + 1
    } else {
        0
    };
    println!("v = {v}, w = {w}");
    let s = String::from("abc");
    let s = s.len();
    println!("s = {s}");
    let a;
    {
        a = 7;
    }
    println!("a = {a}");
    let t = 1;
    let f = || t * 10;
    let t = 2;
    println!("closure sees {} not {t}", f());
}
