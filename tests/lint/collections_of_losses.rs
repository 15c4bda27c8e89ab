// A `Vec`, tuple or struct literal is not a tensor: its elements keep graphs of their own.
// Losses of separate forwards backpropagated one by one, by index or by field, share nothing;
// the same element backpropagated twice does; elements built on one tensor, one backpropagated
// a pass, share it (pbpit run on a runnable copy: shared-intermediate at `feats`), as pieces
// of one tensor (`chunk`) do.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct Losses<B: Backend> {
    pub main: Tensor<B, 1>,
    pub aux: Tensor<B, 1>,
}

pub fn per_task<B: AutodiffBackend>(model: Model<B>, a: Tensor<B, 2>, b: Tensor<B, 2>) {
    let losses = vec![model.forward(a.clone()).mean(), model.forward(b.clone()).mean()];
    for i in 0..losses.len() {
        let grads = losses[i].clone().backward();
        println!("{i}: {:?}", model.weight.grad(&grads).map(|g| g.into_data()));
    }
    let named = Losses { main: model.forward(a.clone()).mean(), aux: model.forward(b.clone()).mean() };
    let _g1 = named.main.backward();
    let _g2 = named.aux.backward();
    let pair = (model.forward(a.clone()).sum(), model.forward(b.clone()).sum());
    let (first, second) = pair;
    let _g3 = first.backward();
    let _g4 = second.backward();
}

pub fn same_element_twice<B: AutodiffBackend>(model: Model<B>, a: Tensor<B, 2>, b: Tensor<B, 2>) {
    let losses = vec![model.forward(a).mean(), model.forward(b).mean()];
    let _g1 = losses[0].clone().backward();
    let _g2 = losses[0].clone().backward(); //~ WARN double-backward
}

pub fn kept_in_a_struct<B: AutodiffBackend>(model: Model<B>, a: Tensor<B, 2>) {
    let loss = model.forward(a).mean();
    let record = Losses { main: loss.clone(), aux: loss.clone() * 0.0 };
    let _g1 = loss.backward();
    let _g2 = record.main.backward(); //~ WARN double-backward
}

pub fn on_one_cached_tensor<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let feats = model.forward(x); //~ WARN shared-intermediate
    let losses = vec![feats.clone().sum(), (feats.clone() * 2.0).sum()];
    for i in 0..2 {
        let _grads = losses[i].clone().backward();
    }
}

pub fn pieces_of_one_tensor<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let h = model.forward(x);
    let pieces = h.chunk(2, 1); //~ WARN shared-intermediate
    let _g0 = pieces[0].clone().sum().backward();
    let _g1 = pieces[1].clone().sum().backward();
}
