// Patterns in `for` and in closure parameters: tuples, `&x`, nested tuples, structs.

#[derive(Debug, Clone)]
struct Sample {
    x: f32,
    label: usize,
}

fn main() {
    let v = vec![10, 20, 30];
    for (i, x) in v.iter().enumerate() {
        println!("{i} {x}");
    }
    let pairs = [(1, 2), (3, 4)];
    for &(a, b) in pairs.iter() {
        println!("{}", a * b);
    }
    for (i, (a, b)) in pairs.iter().enumerate() {
        println!("{i}: {a} {b}");
    }
    let samples = vec![Sample { x: 0.5, label: 1 }, Sample { x: -1.0, label: 0 }];
    for Sample { x, label } in samples.iter() {
        println!("{x} -> {label}");
    }
    let f = |(a, b): (i32, i32)| a - b;
    println!("{}", f((7, 5)));
    let sums: Vec<i32> = pairs.iter().map(|&(a, b)| a + b).collect();
    println!("{:?}", sums);
    let total = v.iter().fold(0, |acc, &x| acc + x);
    println!("{total} {:?}", samples[1]);
}
