//! Hand verdict (fixer C, session 23): `double-backward` on `objective` (sharpness-aware
//! minimisation, raw tensors). The parameter is pushed along its gradient into `theta_up`, whose
//! gradient the update reads, but the program backpropagates the first objective again: the
//! second backward panics at `objective`. Hand fix (twin): the objective built again at
//! `theta_up`, and that one backpropagated.
use burn::prelude::*;

fn mse(pred: Tensor<2>, target: Tensor<2>) -> Tensor<1> {
    (pred - target).powf_scalar(2.0).mean()
}

fn main() {
    let device = Device::flex().autodiff();
    let inputs = Tensor::<2>::from_floats([[0.5, 1.0], [1.5, -0.5], [-1.0, 0.25]], &device);
    let labels = Tensor::<2>::from_floats([[0.3], [1.1], [-0.6]], &device);
    let mut theta = Tensor::<2>::from_floats([[0.2], [0.0]], &device).require_grad();
    let radius = 0.1;
    for round in 0..3 {
        let objective = mse(inputs.clone().matmul(theta.clone()), labels.clone());
        println!("round {round}: objective = {:.6}", objective.clone().into_scalar::<f32>());
        let first = objective.backward();
        let slope = theta.grad(&first).unwrap();
        let size = slope.clone().powf_scalar(2.0).sum().sqrt().into_scalar::<f32>();
        let theta_up =
            Tensor::from_inner(theta.clone().inner() + slope * (radius / (size + 1e-12))).require_grad();
        let sharp = objective.backward();
        let step = theta_up.grad(&sharp).unwrap();
        theta = Tensor::from_inner(theta.inner() - step * 0.2).require_grad();
    }
}
