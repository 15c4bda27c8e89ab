use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Regressor {
    body: Linear,
    out: Linear,
}

fn head_terms(net: &Regressor, x: Tensor<2>, y: Tensor<2>) -> [Tensor<1>; 2] {
    let h = net.body.forward(x).tanh();
    let p = net.out.forward(h.clone());
    [(p - y).powf_scalar(2.0).mean(), h.powf_scalar(2.0).mean() * 0.01]
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Regressor {
        body: LinearConfig::new(2, 3).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, -0.2], [0.1, 0.9]], &device);
    let y = Tensor::<2>::from_floats([[0.3], [-0.4]], &device);
    for round in 0..3 {
        let terms = head_terms(&net, x.clone(), y.clone());
        for term in terms.iter() {
            println!("{round}: {}", term.clone().into_scalar::<f32>());
        }
        let [fit, size] = terms;
        let grads = GradientsParams::from_grads((fit + size).backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
