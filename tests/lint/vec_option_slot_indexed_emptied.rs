// As vec_option_slot_indexed.rs, the slot emptied once its backward has run: each pass fills it
// anew. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut slots: Vec<Option<Tensor<1>>> = vec![None];
    for step in 0..2 {
        if slots[0].is_none() {
            slots[0] = Some(w.clone().exp());
        }
        let f = slots[0].clone().unwrap();
        let grads = f.sum().backward();
        slots[0] = None;
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
