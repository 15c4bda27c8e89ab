//! Burn's `examples/custom-training-loop` (with the guide's model and its `MnistBatcher`), the
//! MNIST data loaders replaced by items built here and batched by the guide's batcher code (12x12
//! images): two epochs of two training batches, then the validation loop on `model.valid()`.
//! The training batches are made on the autodiff device, the validation one on the plain device
//! (Burn's loaders, built without `set_device`, make every batch on `Device::default()`).
//! Burn's example runs without the tape panic: each batch runs its own forward.
use burn::{
    module::AutodiffModule,
    nn::{
        Dropout, DropoutConfig, Linear, LinearConfig, Relu,
        conv::{Conv2d, Conv2dConfig},
        loss::CrossEntropyLoss,
        pool::{AdaptiveAvgPool2d, AdaptiveAvgPool2dConfig},
    },
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Model {
    conv1: Conv2d,
    conv2: Conv2d,
    pool: AdaptiveAvgPool2d,
    dropout: Dropout,
    linear1: Linear,
    linear2: Linear,
    activation: Relu,
}

#[derive(Config, Debug)]
pub struct ModelConfig {
    num_classes: usize,
    hidden_size: usize,
    #[config(default = "0.5")]
    dropout: f64,
}

impl ModelConfig {
    pub fn init(&self, device: &Device) -> Model {
        Model {
            conv1: Conv2dConfig::new([1, 8], [3, 3]).init(device),
            conv2: Conv2dConfig::new([8, 16], [3, 3]).init(device),
            pool: AdaptiveAvgPool2dConfig::new([8, 8]).init(),
            activation: Relu::new(),
            linear1: LinearConfig::new(16 * 8 * 8, self.hidden_size).init(device),
            linear2: LinearConfig::new(self.hidden_size, self.num_classes).init(device),
            dropout: DropoutConfig::new(self.dropout).init(),
        }
    }
}

impl Model {
    pub fn forward(&self, images: Tensor<3>) -> Tensor<2> {
        let [batch_size, height, width] = images.dims();
        let x = images.reshape([batch_size, 1, height, width]);
        let x = self.conv1.forward(x);
        let x = self.dropout.forward(x);
        let x = self.conv2.forward(x);
        let x = self.dropout.forward(x);
        let x = self.activation.forward(x);
        let x = self.pool.forward(x);
        let x = x.reshape([batch_size, 16 * 8 * 8]);
        let x = self.linear1.forward(x);
        let x = self.dropout.forward(x);
        let x = self.activation.forward(x);
        self.linear2.forward(x)
    }
}

#[derive(Clone, Debug)]
pub struct MnistItem {
    pub image: [[f32; 12]; 12],
    pub label: u8,
}

#[derive(Clone, Debug)]
pub struct MnistBatch {
    pub images: Tensor<3>,
    pub targets: Tensor<1, Int>,
}

/// An "image" of grey levels 0..=255 and its label, in place of MNIST's.
fn item(seed: usize, label: u8) -> MnistItem {
    let mut image = [[0.0; 12]; 12];
    for row in 0..12 {
        for col in 0..12 {
            image[row][col] = ((seed + row * 12 + col) * 37 % 256) as f32;
        }
    }
    MnistItem { image, label }
}

/// The guide's `MnistBatcher::batch`, for 12x12 images.
fn batch(items: Vec<MnistItem>, device: &Device) -> MnistBatch {
    let images = items
        .iter()
        .map(|item| TensorData::from(item.image))
        .map(|data| Tensor::<2>::from_data(data, device))
        .map(|tensor| tensor.reshape([1, 12, 12]))
        // Normalize: scale between [0,1] and make the mean=0 and std=1
        .map(|tensor| ((tensor / 255) - 0.1307) / 0.3081)
        .collect();

    let targets = items
        .iter()
        .map(|item| Tensor::<1, Int>::from_data([item.label as i64], device))
        .collect();

    let images = Tensor::cat(images, 0);
    let targets = Tensor::cat(targets, 0);

    MnistBatch { images, targets }
}

/// Four items a batch, the labels of each given.
fn items(first: usize, labels: [u8; 4]) -> Vec<MnistItem> {
    labels.iter().enumerate().map(|(i, label)| item(first + i, *label)).collect()
}

fn accuracy(output: Tensor<2>, targets: Tensor<1, Int>) -> f32 {
    let predictions = output.argmax(1).squeeze_dim(1);
    let num_predictions = targets.dims().iter().product::<usize>() as f32;
    let num_corrects = predictions.equal(targets).int().sum().into_scalar::<i64>() as f32;
    num_corrects / num_predictions * 100.0
}

#[derive(Config, Debug)]
pub struct MnistTrainingConfig {
    #[config(default = 10)]
    pub num_epochs: usize,
    #[config(default = 64)]
    pub batch_size: usize,
    #[config(default = 4)]
    pub num_workers: usize,
    #[config(default = 42)]
    pub seed: u64,
    #[config(default = 1e-4)]
    pub lr: f64,
    pub model: ModelConfig,
    pub optimizer: AdamConfig,
}

pub fn run(device: Device) {
    // Create the configuration (two epochs and a hidden layer of 32 here, not 10 and 1024).
    let config_model = ModelConfig::new(10, 32);
    let config_optimizer = AdamConfig::new();
    let config = MnistTrainingConfig::new(config_model, config_optimizer).with_num_epochs(2);

    let device = device.autodiff();
    device.seed(config.seed);

    // Create the model and optimizer.
    let mut model = config.model.init(&device);
    let mut optim = config.optimizer.init();

    // The batches the data loaders would give.
    let dataloader_train = vec![
        batch(items(0, [0, 3, 7, 1]), &device),
        batch(items(4, [5, 3, 7, 6]), &device),
    ];
    let dataloader_test = vec![batch(items(8, [2, 3, 7, 3]), &Device::default())];

    // Iterate over our training and validation loop for X epochs.
    for epoch in 1..config.num_epochs + 1 {
        for (iteration, batch) in dataloader_train.iter().cloned().enumerate() {
            let output = model.forward(batch.images);
            let loss = CrossEntropyLoss::new(None, &output.device())
                .forward(output.clone(), batch.targets.clone());
            let accuracy = accuracy(output, batch.targets);
            println!(
                "[Train - Epoch {} - Iteration {}] Loss {:.3} | Accuracy {:.3} %",
                epoch,
                iteration,
                loss.clone().into_scalar::<f32>(),
                accuracy,
            );
            let grads = loss.backward();
            let grads = GradientsParams::from_grads(grads, &model);
            model = optim.step(config.lr, model, grads);
        }

        let model_valid = model.valid();
        for (iteration, batch) in dataloader_test.iter().cloned().enumerate() {
            let output = model_valid.forward(batch.images);
            let loss = CrossEntropyLoss::new(None, &output.device())
                .forward(output.clone(), batch.targets.clone());
            let accuracy = accuracy(output, batch.targets);
            println!(
                "[Valid - Epoch {} - Iteration {}] Loss {} | Accuracy {}",
                epoch,
                iteration,
                loss.clone().into_scalar::<f32>(),
                accuracy,
            );
        }
    }
}

fn main() {
    run(Device::default());
}
