// A trainer whose constructor caches the target embedding from the teacher's parameter,
// tracked. The loop over steps reads `trainer.target` each pass: the first backward consumes
// its step, the second panics.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Teacher<B: Backend> {
    centers: Param<Tensor<B, 2>>,
}

pub struct Distiller<B: AutodiffBackend> {
    teacher: Teacher<B>,
    target: Tensor<B, 2>,
}

impl<B: AutodiffBackend> Distiller<B> {
    pub fn new(teacher: Teacher<B>) -> Self {
        let target = teacher.centers.val().tanh();
        Self { teacher, target }
    }
}

pub fn distill<B: AutodiffBackend>(teacher: Teacher<B>, batches: Vec<Tensor<B, 2>>) {
    let trainer = Distiller::new(teacher); //~ WARN loop-external-tracked
    for student in batches {
        let loss = (student - trainer.target.clone()).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
