//! Hand twin of e7_tuple_struct_peek_ref_self.rs.
//! Variant of b3: a `&self` method hands out a clone; the loop resets the count.
//! Accumulated updates through a tuple struct `Tally(Option<Tensor<1>>, u32)`: `add` sums each
//! micro-batch loss into `.0`, `flush` hands the sum out for a backward every second micro-batch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Line {
    fit: Linear,
}

struct Tally(Option<Tensor<1>>, u32);

impl Tally {
    fn add(&mut self, loss: Tensor<1>) {
        self.0 = Some(match self.0.clone() {
            Some(sum) => sum + loss,
            None => loss,
        });
        self.1 += 1;
    }

    fn current(&self) -> Tensor<1> {
        self.0.clone().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(27);
    let mut line = Line { fit: LinearConfig::new(1, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let xs = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0];
    let mut tally = Tally(None, 0);

    for (n, x) in xs.iter().enumerate() {
        let input = Tensor::<2>::from_floats([[*x]], &device);
        let miss = (line.fit.forward(input) - 2.0 * x + 1.0).powf_scalar(2.0).mean();
        tally.add(miss);
        if tally.1 == 2 {
            let total = tally.current();
            tally.1 = 0;
            println!("batch {}: total = {:.6}", n / 2, total.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(total.backward(), &line);
            line = sgd.step(0.02, line, grads);
            tally.0 = None;
        }
    }
}
