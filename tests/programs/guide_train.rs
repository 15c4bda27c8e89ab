//! A guide-style classifier: `ModelConfig { num_classes, hidden_size, dropout }` with `init`,
//! `forward` with `reshape`/`relu`/`dropout`, a `TrainingConfig`, mini-batches by `chunks`,
//! accuracy from `argmax` and `equal`, a validation pass on `model.valid()`.

use burn::backend::{Autodiff, Wgpu};
use burn::module::Param;
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Dropout, DropoutConfig, Linear, Relu};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

type MyBackend = Autodiff<Wgpu>;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    linear1: Linear<B>,
    linear2: Linear<B>,
    dropout: Dropout,
    activation: Relu,
}

#[derive(Config, Debug)]
pub struct ModelConfig {
    num_classes: usize,
    hidden_size: usize,
    #[config(default = "0.0")]
    dropout: f64,
}

fn linear<B: Backend>(d_in: usize, d_out: usize, device: &B::Device) -> Linear<B> {
    // Weights set from values so the run can be checked: w[i][j] = ((i * 3 + j * 5) % 7 - 3) / 10.
    let weight: Vec<f32> = (0..d_in * d_out)
        .map(|k| (((k / d_out) * 3 + (k % d_out) * 5) % 7) as f32 / 10.0 - 0.3)
        .collect();
    let bias = vec![0.0; d_out];
    Linear {
        weight: Param::from_tensor(Tensor::from_data(TensorData::new(weight, [d_in, d_out]), device)),
        bias: Some(Param::from_tensor(Tensor::from_data(TensorData::new(bias, [d_out]), device))),
    }
}

impl ModelConfig {
    pub fn init<B: Backend>(&self, device: &B::Device) -> Model<B> {
        Model {
            linear1: linear(4, self.hidden_size, device),
            linear2: linear(self.hidden_size, self.num_classes, device),
            dropout: DropoutConfig::new(self.dropout).init(),
            activation: Relu::new(),
        }
    }
}

impl<B: Backend> Model<B> {
    /// # Shapes
    ///   - Images [batch_size, height, width]
    ///   - Output [batch_size, num_classes]
    pub fn forward(&self, images: Tensor<B, 3>) -> Tensor<B, 2> {
        let [batch_size, height, width] = images.dims();
        let x = images.reshape([batch_size, height * width]);
        let x = self.linear1.forward(x);
        let x = self.dropout.forward(x);
        let x = self.activation.forward(x);
        self.linear2.forward(x)
    }
}

#[derive(Config, Debug)]
pub struct TrainingConfig {
    pub model: ModelConfig,
    #[config(default = 3)]
    pub num_epochs: usize,
    #[config(default = 2)]
    pub batch_size: usize,
    #[config(default = 0.5)]
    pub lr: f64,
}

fn train<B: AutodiffBackend>(device: B::Device) {
    let config = TrainingConfig::new(ModelConfig::new(2, 3));
    let images: Vec<[f32; 4]> = vec![
        [1.0, 0.0, 0.5, 0.0],
        [0.0, 1.0, 0.0, 0.5],
        [0.9, 0.1, 0.4, 0.0],
        [0.1, 0.8, 0.0, 0.6],
    ];
    let labels: Vec<i64> = vec![0, 1, 0, 1];

    let mut model: Model<B> = config.model.init(&device);
    let mut optim = SgdConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(&device);

    for epoch in 1..=config.num_epochs {
        let mut total_loss = 0.0;
        for (batch, (xs, ys)) in images
            .chunks(config.batch_size)
            .zip(labels.chunks(config.batch_size))
            .enumerate()
        {
            let n = xs.len();
            let flat: Vec<f32> = xs.iter().flat_map(|x| x.to_vec()).collect();
            let x = Tensor::<B, 3>::from_data(TensorData::new(flat, [n, 2, 2]), &device);
            let y = Tensor::<B, 1, Int>::from_data(TensorData::new(ys.to_vec(), [n]), &device);
            let output = model.forward(x);
            let loss = loss_fn.forward(output.clone(), y.clone());
            let correct = output.argmax(1).equal(y.clone().reshape([n, 1])).int().sum().into_scalar();
            total_loss += loss.clone().into_scalar();
            println!(
                "epoch {epoch} batch {batch}: loss {:.4}, correct {}/{}",
                loss.clone().into_scalar(),
                correct,
                n
            );
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(config.lr, model, grads);
        }
        println!("epoch {epoch}: mean loss {:.4}", total_loss / 2.0);
    }

    let model_valid = model.valid();
    let flat: Vec<f32> = images.iter().flat_map(|x| x.to_vec()).collect();
    let x = Tensor::<B::InnerBackend, 3>::from_data(TensorData::new(flat, [4, 2, 2]), &device);
    let predicted = model_valid.forward(x).argmax(1);
    println!("predicted = {:?}", predicted.to_data().to_vec::<i32>().unwrap());
}

fn main() {
    let device = Default::default();
    train::<MyBackend>(device);
}
