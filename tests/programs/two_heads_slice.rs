//! One trunk, two heads read off one output with `slice`: the policy part and the value part.
//! Each loss is backpropagated on its own, and each optimizer steps on its grads. The first
//! backward consumes the shared output; the second walks to it again: Burn's panic.
//!
//! Node ids by Burn's rules (lazy parameters take their ids at first read, weight then bias; an Int
//! tensor takes none): obs 0, returns 1; trunk.weight 2, trunk.bias 3, the linear (matmul 4, the
//! bias reshaped to `[1, d_out]` 5, add 6), tanh 7; out.weight 8, out.bias 9, linear 10, 11, 12
//! (the shared output); policy slice 13, value slice 14; policy loss: log_softmax's seven nodes
//! 15..21 (detach, max_dim, sub, exp, sum_dim, log, sub), gather 22, reshape 23, mean 24, neg 25.
//! Its backward consumes 4..7, 10..13, 15..25. The value loss: sub 26, square 27, mean 28; its
//! backward walks the value slice 14 (not consumed) to node 12, whose step is gone: `NodeId(12)`.

use burn::{
    nn::{
        Linear, LinearConfig, Tanh,
        loss::{CrossEntropyLossConfig, MseLoss, Reduction},
    },
    prelude::*,
};

#[derive(Module, Debug)]
struct ActorCritic {
    trunk: Linear,
    out: Linear,
    activation: Tanh,
}

impl ActorCritic {
    fn new(device: &Device) -> Self {
        Self {
            trunk: LinearConfig::new(3, 8).init(device),
            out: LinearConfig::new(8, 3).init(device),
            activation: Tanh::new(),
        }
    }

    fn forward(&self, obs: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let x = self.activation.forward(self.trunk.forward(obs));
        let out = self.out.forward(x);
        let [batch, _] = out.dims();
        let policy = out.clone().slice([0..batch, 0..2]);
        let value = out.slice([0..batch, 2..3]);
        (policy, value)
    }
}

fn main() {
    let device = Device::default().autodiff();
    device.seed(7);
    let model = ActorCritic::new(&device);
    let obs = Tensor::<2>::from_floats([[0.1, -0.2, 0.3], [0.5, 0.0, -0.5]], &device);
    let actions = Tensor::<1, Int>::from_data([1, 0], &device);
    let returns = Tensor::<2>::from_floats([[1.0], [0.5]], &device);

    let (policy, value) = model.forward(obs);
    println!("policy {:?}, value {:?}", policy.dims(), value.dims());
    let policy_loss = CrossEntropyLossConfig::new().init(&device).forward(policy, actions);
    let _policy_grads = policy_loss.backward();
    println!("policy backward done");
    let value_loss = MseLoss::new().forward(value, returns, Reduction::Mean);
    let _value_grads = value_loss.backward();
    println!("value backward done");
}
