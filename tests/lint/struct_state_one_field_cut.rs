// Two-speed memory carried across episodes: `advance` returns a new `Memory`, and `cut` (given
// it `&mut`) detaches only the fast part between episodes; the slow part keeps the graph, and
// the next episode's backward walks into it. pbpit run: NodeId(7), `slow`, made at line 17.
use burn::prelude::*;

struct Memory {
    fast: Tensor<1>,
    slow: Tensor<1>,
}

struct Net {
    gain: Tensor<1>,
}

impl Net {
    fn advance(&self, memory: &Memory, obs: Tensor<1>) -> Memory {
        let slow = memory.slow.clone() * 0.9 + obs.clone() * self.gain.clone();
        let fast = (slow.clone() + memory.fast.clone() + obs).tanh();
        Memory { fast, slow }
    }
}

fn cut(memory: &mut Memory) {
    memory.fast = memory.fast.clone().detach();
}

fn main() {
    let device = Device::flex().autodiff();
    let net = Net { gain: Tensor::<1>::from_floats([0.4, -0.2, 0.1], &device).require_grad() };
    let mut memory = Memory {
        fast: Tensor::zeros([3], &device),
        slow: Tensor::zeros([3], &device),
    };
    let mut episode = 0;
    loop {
        if episode == 3 {
            break;
        }
        let obs = Tensor::<1>::from_floats([1.0, 0.5, -0.5], &device).mul_scalar(episode as f32);
        memory = net.advance(&memory, obs); //~ WARN loop-external-tracked
        let grads = memory.fast.clone().powf_scalar(2.0).sum().backward();
        println!("{}", net.gain.grad(&grads).is_some());
        cut(&mut memory);
        episode += 1;
    }
}
