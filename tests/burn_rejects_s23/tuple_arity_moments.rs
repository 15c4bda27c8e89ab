use burn::prelude::*;

fn moments(x: &Tensor<2>) -> (Tensor<2>, Tensor<2>, f32) {
    let mean = x.clone().mean_dim(1);
    let var = (x.clone() - mean.clone()).powf_scalar(2.0).mean_dim(1);
    (mean, var, 1e-5)
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 5.0]], &device);
    let (mean, var) = moments(&x);
    println!("{:?}", mean.into_data().to_vec::<f32>().unwrap());
    println!("{:?}", var.into_data().to_vec::<f32>().unwrap());
}
