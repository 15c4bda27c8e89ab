// A book of losses filled by a method (`fn add(&mut self, loss)` pushing into `self.entries`),
// two losses of a leaf added, the first entry backpropagated twice:
// its graph is consumed by the first backward. pbpit run: panics.
use burn::prelude::*;

struct Book {
    entries: Vec<Tensor<1>>,
}

impl Book {
    fn add(&mut self, loss: Tensor<1>) {
        self.entries.push(loss);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.5, -0.5], &device).require_grad();
    let mut book = Book { entries: Vec::with_capacity(2) };
    let fit = w.clone().powf_scalar(2.0).sum();
    book.add(fit);
    book.add((w.clone() * 3.0).abs().sum());
    let first = book.entries[0].clone().backward();
    let second = book.entries[0].clone().backward(); //~ WARN double-backward
    println!("{:?} {:?}", w.grad(&first).is_some(), w.grad(&second).is_some());
}
