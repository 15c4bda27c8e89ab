// Distillation: the teacher's logits are computed once, before the loop, and each step the
// student matches the teacher on one row cut with `narrow`. No optimizer steps the teacher, but
// its parameters require grad: the first step's backward consumes the teacher logits' step and
// the second step's backward panics at it.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    hidden: Linear,
    out: Linear,
}

impl Net {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.out.forward(activation::relu(self.hidden.forward(x)))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let teacher = Net {
        hidden: LinearConfig::new(3, 8).init(&device),
        out: LinearConfig::new(8, 2).init(&device),
    };
    let mut student = Net {
        hidden: LinearConfig::new(3, 4).init(&device),
        out: LinearConfig::new(4, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let inputs = Tensor::<2>::from_floats(
        [[0.5, -1.0, 0.25], [1.5, 0.5, -0.5], [-0.75, 0.0, 1.0]],
        &device,
    );
    let teacher_logits = teacher.forward(inputs.clone()); //~ WARN loop-external-tracked
    for step in 0..3 {
        let row = step % 3;
        let x = inputs.clone().narrow(0, row, 1);
        let target = teacher_logits.clone().narrow(0, row, 1);
        let loss = (student.forward(x) - target).powf_scalar(2.0).mean();
        println!("step {step}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &student);
        student = optim.step(0.01, student, grads);
    }
}
