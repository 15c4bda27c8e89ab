use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    a: Linear,
    b: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut net = Net {
        a: LinearConfig::new(3, 2).init(&device),
        b: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1, -0.3], [0.2, 0.8, 0.4]], &device);
    let y = Tensor::<2>::from_floats([[0.7], [0.2]], &device);
    for step in 0..3 {
        let mid = net.a.forward(x.clone());
        let main_loss = (net.b.forward(mid.clone()) - y.clone()).powf_scalar(2.0).mean();
        let aux = mid.powf_scalar(2.0).mean() * 0.05;
        println!("{step}: {}", main_loss.clone().into_scalar::<f32>());
        println!("{step}: {}", aux.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads((main_loss + aux).backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
