// A value table for a 1-D random walk indexed by state through `Index<usize>`/`IndexMut<usize>`,
// updated by TD(0); an index past the last state panics at the program's `[`.
use std::ops::{Index, IndexMut};

struct ValueTable {
    values: Vec<f64>,
    visits: Vec<u32>,
}

impl Index<usize> for ValueTable {
    type Output = f64;
    fn index(&self, s: usize) -> &f64 {
        &self.values[s]
    }
}

impl IndexMut<usize> for ValueTable {
    fn index_mut(&mut self, s: usize) -> &mut f64 {
        self.visits[s] += 1;
        &mut self.values[s]
    }
}

fn main() {
    let n = 5;
    let mut v = ValueTable { values: vec![0.0; n + 2], visits: vec![0; n + 2] };
    let (alpha, gamma) = (0.5, 0.9);
    let mut seed: u32 = 7;
    for episode in 0..3 {
        let mut s = 3usize;
        let mut steps = 0;
        while s != 0 && s != n + 1 {
            seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
            let next = if (seed >> 16) % 2 == 0 { s - 1 } else { s + 1 };
            let r = if next == n + 1 { 1.0 } else { 0.0 };
            let target = r + gamma * v[next];
            v[s] += alpha * (target - v[s]);
            s = next;
            steps += 1;
        }
        println!("episode {} ended at {} after {} steps", episode, s, steps);
    }
    let shown: Vec<String> = (1..=n).map(|i| format!("{:.4}", v[i])).collect();
    println!("{}", shown.join(" "));
    println!("{:?}", v.visits);
    v[n + 2] = 1.0;
}
