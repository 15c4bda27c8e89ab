// A struct's Vec of losses emptied at the end of each pass by the struct's own `&mut self`
// method named `clear` (`buf.clear()` runs `self.items.clear()`): the next pass's loss holds
// none of this pass's tensors. The method of the program, not std's `Vec::clear`, says what the
// call does to `buf`'s fields. pbpit run: clean.
use burn::prelude::*;

struct Buffer {
    items: Vec<Tensor<1>>,
    count: usize,
}

impl Buffer {
    fn clear(&mut self) {
        self.items.clear();
        self.count = 0;
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut buf = Buffer { items: Vec::new(), count: 0 };
    for step in 0..3 {
        buf.items.push(w.clone().exp().sum());
        buf.count += 1;
        let loss = Tensor::cat(buf.items.clone(), 0).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        buf.clear();
    }
}
