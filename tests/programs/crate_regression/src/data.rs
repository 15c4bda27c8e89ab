use burn::prelude::*;

pub struct Batch<B: Backend> {
    pub inputs: Tensor<B, 2>,
    pub targets: Tensor<B, 2>,
}

/// y = x0 - 2 x1, in two batches of two.
pub fn batches<B: Backend>(device: &B::Device) -> Vec<Batch<B>> {
    let xs = [[1.0f32, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]];
    xs.chunks(2)
        .map(|chunk| {
            let inputs: Vec<f32> = chunk.iter().flat_map(|x| x.to_vec()).collect();
            let targets: Vec<f32> = chunk.iter().map(|x| x[0] - 2.0 * x[1]).collect();
            let n = chunk.len();
            Batch {
                inputs: Tensor::from_data(TensorData::new(inputs, [n, 2]), device),
                targets: Tensor::from_data(TensorData::new(targets, [n, 1]), device),
            }
        })
        .collect()
}
