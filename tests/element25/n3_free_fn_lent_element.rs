//! Each sensor keeps a smoothed reading in a struct; a free function advances the one it is
//! lent, element of a Vec, once per step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Probe {
    fc: Linear,
}

struct Sensor {
    smooth: Tensor<2>,
}

fn advance(sensor: &mut Sensor, probe: &Probe, x: Tensor<2>) -> Tensor<2> {
    let now = probe.fc.forward(x);
    let blended = sensor.smooth.clone() * 0.8 + now * 0.2;
    sensor.smooth = blended.clone();
    blended
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut probe = Probe { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let mut sensors: Vec<Sensor> = (0..2).map(|_| Sensor { smooth: Tensor::<2>::zeros([1, 2], &device) }).collect();
    let xs = Tensor::<2>::from_floats([[0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 0.8, -0.9], [-0.2, 0.1, 0.0]], &device);

    for step in 0..4 {
        let which = step % 2;
        let reading = advance(&mut sensors[which], &probe, xs.clone().slice([step..step + 1, 0..3]));
        let loss = reading.powf_scalar(2.0).sum();
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &probe);
        probe = optim.step(1e-2, probe, grads);
    }
}
