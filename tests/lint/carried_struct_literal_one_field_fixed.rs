// Fixed: both traces are detached where the loop puts them back in the struct, so each pass's
// backward stops at the pass boundary.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Mixer {
    fc: Linear,
}

struct Traces {
    slow: Tensor<2>,
    fast: Tensor<2>,
}

fn advance(model: &Mixer, x: Tensor<2>, traces: &Traces) -> Traces {
    let drive = model.fc.forward(x).tanh();
    let slow = traces.slow.clone() * 0.9 + drive.clone() * 0.1;
    let fast = traces.fast.clone() * 0.5 + drive * 0.5;
    Traces { slow, fast }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Mixer { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut traces = Traces {
        slow: Tensor::<2>::zeros([1, 2], &device),
        fast: Tensor::<2>::zeros([1, 2], &device),
    };
    let mut t = 0;
    while t < 4 {
        let x = Tensor::<2>::from_floats([[0.3 * t as f32, 1.0]], &device);
        let out = advance(&model, x, &traces);
        let loss = (out.slow.clone() - out.fast.clone()).powf_scalar(2.0).sum();
        println!("t={t}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
        traces = Traces { slow: out.slow.detach(), fast: out.fast.detach() };
        t += 1;
    }
}
