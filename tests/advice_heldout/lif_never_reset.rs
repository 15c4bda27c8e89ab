// A spiking neuron's membrane kept in a struct between samples: its reset() is never called, so
// each sample starts from the previous one's graph. Calling reset() at the start of each sample
// keeps every gradient; detaching where the state is put would also cut backprop within a sample.
use burn::prelude::*;

struct Lif {
    membrane: Option<Tensor<2>>,
}

impl Lif {
    fn reset(&mut self) {
        self.membrane = None;
    }
    fn step(&mut self, current: Tensor<2>) -> Tensor<2> {
        let v = match self.membrane.take() {
            Some(m) => m * 0.5 + current,
            None => current,
        };
        self.membrane = Some(v.clone());
        v.tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.5]], &device).require_grad();
    let mut lif = Lif { membrane: None };
    for sample in 0..2 {
        let mut out = Tensor::<2>::zeros([1, 2], &device);
        for t in 0..2 {
            out = out + lif.step(w.clone() * (t + 1) as f32);
        }
        let grads = out.sum().backward();
        println!("sample {sample}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
    lif.reset();
}
