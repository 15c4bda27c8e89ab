// A linear layer's weights as a matrix struct indexed by (row, col), trained by plain SGD.
use std::ops::{Index, IndexMut};

#[derive(Debug, Clone)]
struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f32>,
}

impl Matrix {
    fn zeros(rows: usize, cols: usize) -> Self {
        Matrix { rows, cols, data: vec![0.0; rows * cols] }
    }

    fn matvec(&self, x: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; self.rows];
        for r in 0..self.rows {
            for c in 0..self.cols {
                out[r] += self[(r, c)] * x[c];
            }
        }
        out
    }
}

impl Index<(usize, usize)> for Matrix {
    type Output = f32;
    fn index(&self, rc: (usize, usize)) -> &f32 {
        &self.data[rc.0 * self.cols + rc.1]
    }
}

impl IndexMut<(usize, usize)> for Matrix {
    fn index_mut(&mut self, rc: (usize, usize)) -> &mut f32 {
        &mut self.data[rc.0 * self.cols + rc.1]
    }
}

struct Linear {
    w: Matrix,
    b: Vec<f32>,
}

impl Linear {
    fn forward(&self, x: &[f32]) -> Vec<f32> {
        let y = self.w.matvec(x);
        y.iter().zip(&self.b).map(|(a, b)| a + b).collect()
    }

    fn sgd_step(&mut self, x: &[f32], err: &[f32], lr: f32) {
        for r in 0..self.w.rows {
            for c in 0..self.w.cols {
                self.w[(r, c)] -= lr * err[r] * x[c];
            }
            self.b[r] -= lr * err[r];
        }
    }
}

fn main() {
    let data = vec![
        (vec![1.0, 0.0], vec![2.0]),
        (vec![0.0, 1.0], vec![-1.0]),
        (vec![1.0, 1.0], vec![1.0]),
    ];
    let mut layer = Linear { w: Matrix::zeros(1, 2), b: vec![0.0] };
    for epoch in 0..4 {
        let mut total = 0.0;
        for (x, t) in &data {
            let y = layer.forward(x);
            let err: Vec<f32> = y.iter().zip(t).map(|(a, b)| a - b).collect();
            total += err.iter().map(|e| e * e).sum::<f32>();
            layer.sgd_step(x, &err, 0.1);
        }
        println!("epoch {} loss {:.5}", epoch, total / data.len() as f32);
    }
    println!("{:?} {:?}", layer.w.data, layer.b);
    println!("{}", layer.w[(0, 1)]);
    let probe = layer.w[(1, 0)];
    println!("{}", probe);
}
