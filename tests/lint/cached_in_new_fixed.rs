// cached_in_new.rs with the cached target detached in the constructor: data, the same in every
// pass, and no step for a backward to consume (the teacher is not trained here).
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
        let target = teacher.centers.val().tanh().detach();
        Self { teacher, target }
    }
}

pub fn distill<B: AutodiffBackend>(teacher: Teacher<B>, batches: Vec<Tensor<B, 2>>) {
    let trainer = Distiller::new(teacher);
    for student in batches {
        let loss = (student.require_grad() - trainer.target.clone()).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
