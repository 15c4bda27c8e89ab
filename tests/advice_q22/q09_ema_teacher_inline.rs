//! Mean-teacher consistency: the teacher's weight is an exponential moving average of the
//! student's, updated by hand in the loop; the student is pulled towards the teacher's output.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Student {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut student = Student { fc: LinearConfig::new(2, 2).with_bias(false).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let clean = Tensor::<2>::from_floats([[1.0, 0.5], [-0.5, 2.0]], &device);
    let noisy = Tensor::<2>::from_floats([[1.1, 0.4], [-0.4, 1.8]], &device);
    let mut teacher_w = Tensor::<2>::zeros([2, 2], &device);

    for step in 0..3 {
        teacher_w = teacher_w * 0.8 + student.fc.weight.val() * 0.2;
        let s = student.fc.forward(noisy.clone());
        let t = clean.clone().matmul(teacher_w.clone());
        let loss = (s - t).powf_scalar(2.0).mean();
        println!("step {step}: consistency = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &student);
        student = sgd.step(0.2, student, grads);
    }
}
