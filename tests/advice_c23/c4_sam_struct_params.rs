//! Hand verdict (fixer C, session 23): `double-backward` on `loss` (SAM on a struct of raw
//! tensors; the pushed copy `adv` is a struct too, its `w`'s gradient read). Hand fix (twin): the
//! loss of the pushed copy, `adv.loss(..)`, backpropagated.
use burn::prelude::*;

struct Affine {
    w: Tensor<2>,
    b: Tensor<2>,
}

impl Affine {
    fn loss(&self, x: Tensor<2>, y: Tensor<2>) -> Tensor<1> {
        (x.matmul(self.w.clone()) + self.b.clone() - y).powf_scalar(2.0).mean()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [0.2, -0.3], [0.0, 1.0]], &device);
    let y = Tensor::<2>::from_floats([[0.7], [0.1], [0.9]], &device);
    let mut model = Affine {
        w: Tensor::<2>::from_floats([[0.0], [0.0]], &device).require_grad(),
        b: Tensor::<2>::from_floats([[0.1]], &device).require_grad(),
    };
    for k in 0..3 {
        let loss = model.loss(x.clone(), y.clone());
        println!("k {k}: {:.6}", loss.clone().into_scalar::<f32>());
        let g = loss.backward();
        let gw = model.w.grad(&g).unwrap();
        let adv = Affine {
            w: Tensor::from_inner(model.w.clone().inner() + gw * 0.05).require_grad(),
            b: model.b.clone(),
        };
        let g_adv = loss.backward();
        let step = adv.w.grad(&g_adv).unwrap();
        model = Affine {
            w: Tensor::from_inner(model.w.inner() - step * 0.3).require_grad(),
            b: model.b,
        };
    }
}
