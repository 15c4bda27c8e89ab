mod model;
mod train;

fn main() {
    type B = burn::backend::Autodiff<burn::backend::NdArray>;
    let device = Default::default();
    let model = model::Model::<B>::new(&device);
    train::fit(&model, &device);
}
