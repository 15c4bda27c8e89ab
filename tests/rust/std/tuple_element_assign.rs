// A tuple's element assigned in place: `pair.0 = x`, `pair.1 += y`, in a variable, a field,
// a nested tuple; a copy taken before keeps its elements.
struct Holder {
    pair: (i32, f32),
}

fn main() {
    let mut pair = (1, 2.5);
    pair.0 = 5;
    pair.1 += 1.0;
    println!("{:?}", pair);
    let mut h = Holder { pair: (3, 0.5) };
    h.pair.1 *= 4.0;
    h.pair.0 -= 1;
    println!("{:?}", h.pair);
    let mut nested = ((1, 2), [3, 4]);
    nested.0 .1 = 20;
    nested.1[0] = 30;
    println!("{:?}", nested);
    let copy = pair;
    pair.0 = 99;
    println!("{:?} {:?}", copy, pair);
    let mut acc = (0, 0.0);
    for i in 1..4 {
        acc.0 += i;
        acc.1 += 0.5 * i as f64;
    }
    println!("{:?}", acc);
}
