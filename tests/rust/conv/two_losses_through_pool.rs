//! Two losses share the pooled features of a conv; each takes its own backward: the second finds
//! the pool's step consumed. Ids: x 0, conv weight 1, bias 2, conv 3, pool 4, the losses 5 and 6.
use burn::{
    nn::conv::{Conv2d, Conv2dConfig},
    nn::pool::{AdaptiveAvgPool2d, AdaptiveAvgPool2dConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    conv: Conv2d,
    pool: AdaptiveAvgPool2d,
}

fn main() {
    let device = Device::flex().autodiff();
    let net = Net {
        conv: Conv2dConfig::new([1, 2], [3, 3]).init(&device),
        pool: AdaptiveAvgPool2dConfig::new([1, 1]).init(),
    };
    let x = Tensor::<4>::ones([1, 1, 5, 5], &device);
    let features = net.pool.forward(net.conv.forward(x));
    let loss_a = features.clone().sum();
    let loss_b = features.mean();
    let _ga = loss_a.backward();
    let _gb = loss_b.backward();
    println!("done");
}
