// A free function advances a recurrent cell through `&mut Cell` (`cell.c = cell.c.clone() *
// 0.5 + x * w`); the loop backpropagates from `cell.c` each pass and never detaches it: the
// second backward walks into the step the first consumed. pbpit run: panics
// (loop-external-tracked, `cell.c`).
use burn::prelude::*;

struct Cell {
    c: Tensor<1>,
}

fn advance(cell: &mut Cell, x: Tensor<1>, w: &Tensor<1>) {
    cell.c = cell.c.clone() * 0.5 + x * w.clone();
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, 0.4], &device).require_grad();
    let mut cell = Cell { c: Tensor::<1>::zeros([2], &device) };
    for t in 0..3 {
        let x = Tensor::<1>::from_floats([1.0, t as f32], &device);
        advance(&mut cell, x, &w); //~ WARN loop-external-tracked
        let grads = cell.c.clone().sum().backward();
        println!("{t}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
