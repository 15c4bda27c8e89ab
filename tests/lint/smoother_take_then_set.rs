// A smoother mixes each input with the one it kept last time: its `&mut self` method takes the
// kept input out of an Option field (`self.last.take()`) into the loss it returns, then keeps
// this input in its place. The next pass's loss reaches the input the previous backward
// consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

struct Smoother {
    last: Option<Tensor<1>>,
}

impl Smoother {
    fn smooth(&mut self, x: Tensor<1>) -> Tensor<1> {
        let x = x.exp();
        let out = match self.last.take() {
            Some(prev) => x.clone().mul_scalar(0.5) + prev.mul_scalar(0.5),
            None => x.clone(),
        };
        self.last = Some(x);
        out.sum()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, 0.4, -0.1], &device).require_grad();
    let mut smoother = Smoother { last: None };
    for step in 0..3 {
        let y = smoother.smooth(w.clone().mul_scalar(step as f32 + 1.0)); //~ WARN loop-external-tracked
        let grads = y.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
