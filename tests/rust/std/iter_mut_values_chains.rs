struct C { n: f64 }
impl C { fn up(&mut self, x: f64) -> f64 { self.n += x; self.n } }
trait Layer { fn step(&mut self, lr: f64) -> f64; }
impl Layer for C { fn step(&mut self, lr: f64) -> f64 { self.up(-lr) } }
fn main() {
    let mut v = vec![C { n: 1.0 }, C { n: 2.0 }, C { n: 3.0 }];
    let firsts: Vec<f64> = v.iter_mut().take(2).map(|s| s.up(0.5)).collect();
    let mut rows = vec![vec![1.0f32], vec![2.0, 3.0]];
    rows.iter_mut().zip([10.0f32, 20.0].iter()).for_each(|(r, k)| r.push(*k));
    let lens: Vec<usize> = rows.iter_mut().map(|r| { r.retain(|x| *x > 1.5); r.len() }).collect();
    let mut layers: Vec<Box<dyn Layer>> = vec![Box::new(C { n: 0.0 }), Box::new(C { n: 4.0 })];
    let outs: Vec<f64> = layers.iter_mut().enumerate().map(|(i, l)| l.step(i as f64)).collect();
    let last = v.iter_mut().rev().next().map(|c| { c.n *= 10.0; c.n });
    println!("{:?} {:?} {:?} {:?} {:?}", firsts, rows, lens, outs, last);
    println!("{:?}", v.iter().map(|c| c.n).collect::<Vec<_>>());
}
