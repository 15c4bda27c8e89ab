// Panics (hand derivation): the cell keeps `h` and `c` in struct fields, both written through
// &mut self each pass and never detached. Pass 1's backward walks `self.h` -> cat of pass 0's
// `self.h`, and `self.c` -> pass 0's `self.c`; pass 0's backward consumed both steps, so the
// walk panics at the first of them it meets. Detaching `cell.h` alone still panics at `cell.c`:
// both must be detached at the end of each pass.
// Code fix: detach each pass
use burn::prelude::*;

struct Cell {
    w: Tensor<2>,
    h: Tensor<2>,
    c: Tensor<2>,
}

impl Cell {
    fn step(&mut self, x: Tensor<2>) -> Tensor<2> {
        let z = Tensor::cat(vec![x, self.h.clone()], 1).matmul(self.w.clone());
        self.c = self.c.clone() * 0.5 + z.tanh();
        self.h = self.c.clone().tanh();
        self.h.clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut cell = Cell {
        w: Tensor::<2>::from_floats([[0.5, 0.1], [0.2, -0.5], [0.05, 0.5], [-0.1, 0.3]], &device)
            .require_grad(),
        h: Tensor::<2>::zeros([1, 2], &device),
        c: Tensor::<2>::zeros([1, 2], &device),
    };
    for t in 0..3 {
        let x = Tensor::<2>::from_floats([[1.0, 0.5]], &device);
        let loss = cell.step(x).sum();
        let grads = loss.backward();
        println!("t={t}: {:?}", cell.w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
