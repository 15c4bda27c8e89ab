//! f32 or f64: an unsuffixed float literal takes its type from its uses, else f64.

fn main() {
    // Nothing constrains these: f64.
    let a = 0.1 + 0.2;
    println!("fallback: {a} {:?}", 0.1 + 0.2);
    // An annotation types the whole expression, literals included.
    let b: f32 = 0.1 + 0.2;
    println!("annotated: {b} {:?}", b);
    // A later use types an earlier binding.
    let x = 0.1;
    let y: f32 = x * 3.0;
    println!("x = {x:?}, y = {y:?}");
    // A suffix on one operand types the other.
    let s = 0.1 + 0.2f32;
    let d = 0.1 + 0.2_f64;
    println!("suffixes: {s} {d}");
    // Assigned later, through a mutable binding.
    let mut acc = 0.0;
    for _ in 0..10 {
        acc += 0.1;
    }
    let acc32: f32 = acc;
    println!("acc (f32) = {acc32:?}");
    let mut acc64 = 0.0;
    for _ in 0..10 {
        acc64 += 0.1;
    }
    println!("acc64 = {acc64:?}");
    // A comparison with an f32 types the literal.
    let limit: f32 = 16777217.0;
    println!("limit = {limit}, above = {}", limit < 16777217.5);
    let big = 16777217.0;
    println!("big = {big}");
    // `as` types an unsuffixed literal directly.
    let c = 0.1 as f32;
    let e = 0.1 as f64 as f32;
    println!("casts: {c:?} {e:?} {}", 1.0000001 as f32);
    // Declared first, assigned in branches.
    let z;
    if a > 0.3 {
        z = 1.1;
    } else {
        z = 2.2;
    }
    let z32: f32 = z;
    println!("z32 = {z32}");
    let third = 1.0 / 3.0;
    let third32: f32 = 1.0 / 3.0;
    println!("{third} {third32} {}", third32 as f64);
}
