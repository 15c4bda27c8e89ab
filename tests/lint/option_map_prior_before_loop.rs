// A prior on the weights read from the optional bias before training: `Option::map` doubles
// it; each step adds a pull toward it when it is there.
// pbpit run: the second step's backward panics at `prior`; the fixes detach the tensor the
// closure makes (not the `Option`), or make `prior` in the loop.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(29);
    let mut head = Head { lin: LinearConfig::new(2, 3).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 0.5]], &device);
    let prior: Option<Tensor<1>> = head.lin.bias.as_ref().map(|b| b.val().exp() * 2.0); //~ WARN loop-external-tracked
    let mut step = 0;
    while step < 3 {
        let mut loss = head.lin.forward(x.clone()).powf_scalar(2.0).mean();
        if let (Some(b), Some(p)) = (&head.lin.bias, &prior) {
            loss = loss + (b.val() - p.clone()).abs().sum() * 0.01;
        }
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(0.05, head, grads);
        step += 1;
    }
}
