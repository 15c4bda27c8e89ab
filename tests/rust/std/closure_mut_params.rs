fn apply<F: Fn(Vec<f32>) -> Vec<f32>>(f: F, v: Vec<f32>) -> Vec<f32> {
    f(v)
}
fn main() {
    let digits = |mut x: u64| {
        let mut n = 0;
        loop {
            n += 1;
            x /= 10;
            if x == 0 {
                break n;
            }
        }
    };
    println!("{} {}", digits(0), digits(98765));
    let doubled = apply(
        |mut v: Vec<f32>| {
            v.push(1.0);
            for x in v.iter_mut() {
                *x *= 2.0;
            }
            v
        },
        vec![0.5],
    );
    println!("{:?}", doubled);
    let steps: Vec<u32> = (1..6u32)
        .map(|mut k| {
            let mut s = 0;
            while k != 1 {
                k = if k % 2 == 0 { k / 2 } else { 3 * k + 1 };
                s += 1;
            }
            s
        })
        .collect();
    println!("{:?}", steps);
    let total = vec![3, 4].into_iter().fold(0, |mut acc, x| {
        acc += x * x;
        acc
    });
    println!("{}", total);
    let mut names = vec!["b".to_string(), "a".to_string()];
    names.iter_mut().for_each(|s| s.push('!'));
    let shout = |mut s: String, n: usize| -> String {
        for _ in 0..n {
            s.push_str("?");
        }
        s
    };
    println!("{:?} {}", names, shout(names[1].clone(), 2));
}
