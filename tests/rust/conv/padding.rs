//! `with_padding` of each `PaddingConfig2d`: `Same` keeps 5 x 6 (a 3 x 3 kernel, stride 1),
//! `Explicit(2, 1, 2, 1)` adds two rows and one column on each side, `Valid` adds none.
use burn::{nn::{conv::{Conv2d, Conv2dConfig}, PaddingConfig2d}, prelude::*};
fn main() {
    let device = Device::flex().autodiff();
    let same = Conv2dConfig::new([1, 2], [3, 3]).with_padding(PaddingConfig2d::Same).init(&device);
    let explicit = Conv2dConfig::new([1, 2], [3, 3]).with_padding(PaddingConfig2d::Explicit(2, 1, 2, 1)).init(&device);
    let valid = Conv2dConfig::new([1, 2], [3, 3]).with_padding(PaddingConfig2d::Valid).with_bias(false).init(&device);
    let x = Tensor::<4>::ones([1, 1, 5, 6], &device);
    println!("{:?}", same.forward(x.clone()).dims());
    println!("{:?}", explicit.forward(x.clone()).dims());
    println!("{:?}", valid.forward(x).dims());
}
