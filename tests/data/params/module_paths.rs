use burn::module::Param;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Encoder {
    weight: Param<Tensor<2>>,
    bias: Option<Param<Tensor<1>>>,
}

#[derive(Module, Debug)]
pub struct Model {
    encoder: Encoder,
    head: Param<Tensor<2>>,
}

impl Model {
    fn encode(&self, x: Tensor<2>) -> Tensor<2> {
        let bias: Tensor<2> = self.encoder.bias.as_ref().unwrap().val().unsqueeze();
        (x.matmul(self.encoder.weight.val()) + bias).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let model = Model {
        encoder: Encoder {
            weight: Param::from_tensor(Tensor::<2>::from_floats([[1.0, -0.5], [0.5, 1.0]], &device)),
            bias: Some(Param::from_tensor(Tensor::<1>::from_floats([0.0, 0.25], &device))),
        },
        head: Param::from_tensor(Tensor::<2>::from_floats([[0.5], [-0.25]], &device)),
    };
    let x = Tensor::<2>::from_floats([[1.0, 1.0], [0.5, -0.5]], &device);
    let features = model.encode(x);
    for epoch in 0..2 {
        let loss = features.clone().matmul(model.head.val()).sum();
        let grads = loss.backward();
        println!("{epoch}: {:?}", model.head.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
