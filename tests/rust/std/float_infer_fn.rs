//! Inference through function parameters, returns, closures and blocks.

fn scale(x: f32, k: f32) -> f32 {
    x * k
}

fn halve(x: f64) -> f64 {
    x / 2.0
}

fn tenth() -> f32 {
    0.1
}

fn tenth_sum() -> f32 {
    let t = 0.1;
    t + t + t
}

fn pick(flag: bool) -> f32 {
    if flag { 0.7 } else { 1.3 }
}

fn main() {
    let a = 0.1;
    let b = scale(a, 3.0);
    println!("scale: {a:?} {b:?}");
    let c = 0.1;
    let d = halve(c) * 3.0;
    println!("halve: {d:?}");
    println!("tenth: {:?} {:?}", tenth() * 3.0, tenth_sum());
    println!("pick: {} {}", pick(true) + 0.1, pick(false) * 3.0);
    let double = |x: f32| x * 2.0 + 0.1;
    println!("closure: {:?}", double(0.1));
    let triple = |x: f32| x * 3.0;
    let t = triple(0.1);
    println!("closure annotated: {t:?}");
    let triple64 = |x| x * 3.0;
    let t64 = triple64(0.1);
    println!("closure fallback: {t64:?}");
    let add = |p: f32, q| p + q;
    println!("two params: {:?}", add(0.1, 0.2));
    let block = {
        let u = 0.1;
        u * 3.0
    };
    let block32: f32 = block;
    println!("block: {block32:?}");
    let from_loop = loop {
        break 0.1 * 3.0;
    };
    println!("loop (f64): {from_loop:?}");
    let from_loop32: f32 = loop {
        break 0.1 * 3.0;
    };
    println!("loop (f32): {from_loop32:?}");
    let ret = |x: f32| -> f32 { x / 3.0 };
    println!("ret: {:?} {:?}", ret(1.0), 1.0 / 3.0);
}
