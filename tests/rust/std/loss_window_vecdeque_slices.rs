// moving average of a loss stream with a bounded VecDeque
use std::collections::VecDeque;

struct Smoother {
    window: VecDeque<f32>,
    cap: usize,
}

impl Smoother {
    fn new(cap: usize) -> Self {
        Smoother { window: VecDeque::with_capacity(cap), cap }
    }
    fn push(&mut self, x: f32) -> f32 {
        if self.window.len() == self.cap {
            self.window.pop_front();
        }
        self.window.push_back(x);
        self.window.iter().sum::<f32>() / self.window.len() as f32
    }
}

fn main() {
    let mut s = Smoother::new(3);
    for x in [1.0f32, 2.0, 3.0, 4.0, 10.0] {
        println!("{:.3}", s.push(x));
    }
    let v: Vec<f32> = s.window.iter().copied().collect();
    println!("{:?} front={:?} back={:?}", v, s.window.front(), s.window.back());
    s.window.make_contiguous();
    let (a, b) = s.window.as_slices();
    println!("{:?} {}", a, b.is_empty());
}
