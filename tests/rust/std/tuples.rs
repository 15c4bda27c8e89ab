// Tuples: literals, returning them, `.0`, `let` patterns (tuples, structs, tuple structs).

#[derive(Debug, Clone)]
struct Stats {
    mean: f64,
    count: usize,
    name: String,
}

#[derive(Debug)]
struct Wrapper(i32, (u8, bool));

fn min_max(v: &Vec<i32>) -> (i32, i32) {
    let mut lo = v[0];
    let mut hi = v[0];
    for x in v {
        if *x < lo {
            lo = *x;
        }
        if *x > hi {
            hi = *x;
        }
    }
    (lo, hi)
}

fn stats(v: &Vec<f64>) -> Stats {
    let mut sum = 0.0;
    for x in v {
        sum += x;
    }
    Stats { mean: sum / v.len() as f64, count: v.len(), name: "v".to_string() }
}

fn swap(t: (i32, String)) -> (String, i32) {
    (t.1, t.0)
}

fn main() {
    let (lo, hi) = min_max(&vec![3, -1, 7, 2]);
    println!("{lo} {hi}");
    let t = (1, 2.5, "three", true);
    println!("{:?} {} {} {} {}", t, t.0, t.1, t.2, t.3);
    let nested = ((1, 2), (3.5f32, (4u8,)));
    println!("{:?} {}", nested, (nested.1).1 .0);
    let ((a, b), (c, _)) = nested;
    println!("{a} {b} {c}");
    let (mut m, n) = (10, 20);
    m += n;
    println!("{m} {n}");
    let Stats { mean, count: k, .. } = stats(&vec![1.0, 2.0, 4.0]);
    println!("{mean} {k}");
    let Stats { name, mean: avg, count } = stats(&vec![0.5]);
    println!("{name} {avg} {count}");
    let Wrapper(x, (y, flag)) = Wrapper(-4, (250, false));
    println!("{x} {y} {flag}");
    println!("{:?}", Wrapper(1, (2, true)));
    let s = swap((5, String::from("five")));
    println!("{:?} {}", s, s.0.len());
    let unit = ();
    println!("{:?} {:?} {:?}", unit, (1,), ((), ((),)));
    println!("{}", (1, 2) == (1, 2));
    println!("{:5?}", (1, 2.0));
    let pairs = vec![(1, true), (2, false)];
    println!("{:?}", pairs);
}
