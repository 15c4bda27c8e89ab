use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
struct Net {
    trunk: Linear,
}

impl Net {
    fn terms(&self, x: Tensor<2>, y: Tensor<2>) -> Vec<(String, Tensor<1>)> {
        let z = self.trunk.forward(x);
        let fit = (z.clone() - y).powf_scalar(2.0).mean();
        let size = z.abs().mean() * 0.1;
        vec![("fit".to_string(), fit), ("size".to_string(), size)]
    }
}

fn main() {
    let device = Device::default().autodiff();
    device.seed(7);
    let mut net = Net { trunk: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    for step in 0..2 {
        let mut total: Option<Tensor<1>> = None;
        for (name, term) in net.terms(x.clone(), y.clone()) {
            println!("{step} {name} {}", term.clone().into_scalar::<f32>());
            total = Some(match total { Some(t) => t + term, None => term });
        }
        let grads = GradientsParams::from_grads(total.unwrap().backward(), &net);
        net = optim.step(0.05, net, grads);
    }
}
