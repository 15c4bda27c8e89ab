//! A predictor trained on a sliding window of the last three encoded readings.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Sensor {
    embed: Linear,
    head: Linear,
}

fn readings(device: &Device) -> Tensor<2> {
    Tensor::<2>::from_floats(
        [[0.3, 0.1, 0.0], [0.0, 0.7, 0.2], [0.9, 0.4, 0.4], [0.1, 0.1, 0.8], [0.6, 0.2, 0.3]],
        device,
    )
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut sensor = Sensor {
        embed: LinearConfig::new(3, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let data = readings(&device);
    let mut window: Vec<Tensor<2>> = Vec::new();
    for tick in 0..5 {
        let reading = data.clone().slice([tick..tick + 1, 0..3]);
        window.push(reading);
        if window.len() > 3 {
            window.remove(0);
        }
        let mut total = Tensor::<2>::zeros([1, 1], &device);
        for c in window.iter() {
            total = total + sensor.head.forward(sensor.embed.forward(c.clone()).exp());
        }
        let loss = (total - 1.0).powf_scalar(2.0).mean();
        println!("tick {tick}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &sensor);
        sensor = adam.step(5e-3, sensor, grads);
    }
}
