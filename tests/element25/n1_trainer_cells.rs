//! A trainer keeps one recurrent cell per stream in a Vec field; each step advances one stream's
//! cell through a borrowed element.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Core {
    inp: Linear,
    rec: Linear,
    head: Linear,
}

struct Cell {
    state: Tensor<2>,
}

impl Cell {
    fn advance(&mut self, core: &Core, x: Tensor<2>) -> Tensor<2> {
        let next = (core.inp.forward(x) + core.rec.forward(self.state.clone())).tanh();
        self.state = next.clone();
        next
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut core = Core {
        inp: LinearConfig::new(2, 3).init(&device),
        rec: LinearConfig::new(3, 3).with_bias(false).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut cells = vec![
        Cell { state: Tensor::<2>::zeros([1, 3], &device) },
        Cell { state: Tensor::<2>::zeros([1, 3], &device) },
        Cell { state: Tensor::<2>::zeros([1, 3], &device) },
    ];
    let xs = Tensor::<2>::from_floats([[0.5, -0.1], [0.3, 0.8], [-0.7, 0.2], [0.1, 0.1], [0.9, -0.4]], &device);
    let targets = [0.2f32, -0.4, 0.6, 0.0, 0.3];

    for step in 0..5 {
        let stream = step % 3;
        let cell = &mut cells[stream];
        let h = cell.advance(&core, xs.clone().slice([step..step + 1, 0..2]));
        let out = core.head.forward(h);
        let loss = (out - targets[step]).powf_scalar(2.0).mean();
        println!("step {step} stream {stream}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &core);
        core = optim.step(0.1, core, grads);
    }
}
