#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Score { val: f64, id: u32 }

fn argmax<T: PartialOrd + Copy>(xs: &[T]) -> Option<(usize, T)> {
    let mut best: Option<(usize, T)> = None;
    for (i, &x) in xs.iter().enumerate() {
        match best {
            Some((_, b)) if !(x > b) => {}
            _ => best = Some((i, x)),
        }
    }
    best
}

fn clamp_all<T: PartialOrd + Copy>(xs: &mut [T], lo: T, hi: T) {
    for x in xs.iter_mut() {
        if *x < lo { *x = lo } else if *x > hi { *x = hi }
    }
}

fn main() {
    let v = [3, 9, 2, 9, 1];
    println!("{:?}", argmax(&v));
    let f = [0.5f32, f32::NAN, 0.75, -1.0];
    println!("{:?}", argmax(&f));
    let s = [Score { val: 0.5, id: 1 }, Score { val: 0.9, id: 2 }, Score { val: 0.9, id: 0 }];
    println!("{:?}", argmax(&s));
    let e: [u8; 0] = [];
    println!("{:?}", argmax(&e));
    let mut w = vec![-2.5f64, 0.3, 7.0, 1.0];
    clamp_all(&mut w, -1.0, 1.0);
    println!("{:?}", w);
    let mut names = ["delta", "alpha", "charlie"];
    clamp_all(&mut names, "b", "c");
    println!("{:?} {}", names, s[1] > s[2]);
}
