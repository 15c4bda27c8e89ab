// An agent keeps a memory tensor in a struct field across episodes; each episode's loss is
// backpropagated, and the next episode's act reads the memory the last one made.
use burn::tensor::{Device, Tensor};

struct Agent {
    w: Tensor<1>,
    memory: Tensor<1>,
}

impl Agent {
    fn act(&mut self, obs: Tensor<1>) -> Tensor<1> {
        let out = (obs * self.w.clone() + self.memory.clone()).tanh();
        self.memory = out.clone();
        out
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.3, -0.7], &device).require_grad();
    let mut agent = Agent { w: w.clone(), memory: Tensor::<1>::zeros([2], &device) };
    for episode in 0..3 {
        let obs = Tensor::<1>::from_floats([1.0, 0.5], &device);
        let out = agent.act(obs);
        let loss = out.sum();
        let grads = loss.backward();
        println!("episode {episode}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
