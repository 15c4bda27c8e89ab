// `let`, `for` and closure-parameter patterns, lowered as `match` patterns are: tuples,
// structs (fields in any order), tuple structs, arrays, `&(a, b)`, `mut` names.
struct P {
    a: i32,
    b: (i32, f64),
}

struct T(i32, i32);

fn main() {
    let (x, mut y) = (1, 2.5);
    y += 1.0;
    let P { b: (c, d), a } = P { a: 3, b: (4, 0.5) };
    let T(e, z) = T(5, 6);
    let [f, g, h] = [7, 8, 9];
    let v = vec![(1, 2), (3, 4)];
    for &(i, j) in v.iter() {
        println!("{i} {j}");
    }
    for (k, (m, n)) in v.iter().enumerate() {
        println!("{k} {m} {n}");
    }
    let add = |(p, q): (i32, i32)| p + q;
    println!("{x} {y} {a} {c} {d} {e} {z} {f} {g} {h} {}", add((1, 2)));
}
