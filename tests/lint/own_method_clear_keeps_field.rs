// own_method_clear_empties_field.rs with the struct's `clear` resetting only the count: the Vec
// keeps the previous pass's tensor, whose step the backward consumed. pbpit run: panics.
use burn::prelude::*;

struct Buffer {
    items: Vec<Tensor<1>>,
    count: usize,
}

impl Buffer {
    fn clear(&mut self) {
        self.count = 0;
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut buf = Buffer { items: Vec::new(), count: 0 };
    for step in 0..3 {
        buf.items.push(w.clone().exp().sum()); //~ WARN loop-external-tracked
        buf.count += 1;
        let loss = Tensor::cat(buf.items.clone(), 0).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        buf.clear();
    }
}
