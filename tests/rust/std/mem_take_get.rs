// std::mem::take / replace / swap on variables, fields and elements; Vec::get and a slice's get.
use std::mem;

#[derive(Debug)]
struct Trainer {
    buffer: Vec<f32>,
    best: Option<f32>,
    name: String,
    steps: u32,
}

impl Trainer {
    fn flush(&mut self) -> f32 {
        let batch = mem::take(&mut self.buffer);
        self.steps += 1;
        batch.iter().sum()
    }
}

fn second(s: &[i64]) -> Option<i64> {
    s.get(1).copied()
}

fn main() {
    let mut t = Trainer { buffer: vec![0.5, 1.5], best: None, name: String::from("adam"), steps: 0 };
    let total = t.flush();
    t.buffer.push(2.0);
    let old_best = mem::replace(&mut t.best, Some(total));
    let old_name = std::mem::take(&mut t.name);
    let old_steps = std::mem::replace(&mut t.steps, 10);
    println!("{total} {old_best:?} {old_name} {old_steps} {:?}", t);
    let mut rows = vec![vec![1, 2], vec![3]];
    let first = mem::take(&mut rows[0]);
    println!("{:?} {:?}", first, rows);
    let (mut a, mut b) = (String::from("x"), String::from("y"));
    mem::swap(&mut a, &mut b);
    let mut n = 7u8;
    let m = mem::take(&mut n);
    println!("{a} {b} {n} {m}");
    let v = vec![10i64, 20, 30];
    let arr = [1.25f64, 2.5];
    println!("{:?} {:?} {:?} {:?}", v.get(2), v.get(3), arr.get(1), second(&v[1..]));
    match v.get(9) {
        Some(x) => println!("got {x}"),
        None => println!("none past the end"),
    }
}
