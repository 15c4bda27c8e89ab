// Fixed: the prior the closure makes from the bias is detached (the tensor, not the `Option`):
// a constant pull toward the initial bias.
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
    let prior: Option<Tensor<1>> = head.lin.bias.as_ref().map(|b| (b.val().exp() * 2.0).detach());
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
