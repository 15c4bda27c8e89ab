use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn latest<B: Backend>(history: &Vec<Tensor<B, 1>>) -> Option<Tensor<B, 1>> {
    history.last()
}

fn main() {
    let device = Default::default();
    let mut history: Vec<Tensor<B, 1>> = Vec::new();
    for step in 0..3 {
        history.push(Tensor::<B, 1>::from_floats([step as f32, 1.0], &device));
    }
    let last = latest(&history).unwrap();
    println!("{:?}", last.into_data().to_vec::<f32>().unwrap());
}
