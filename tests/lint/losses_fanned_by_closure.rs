// Multi-head training: each step encodes the input once into `feats`, builds one loss per head
// with an iterator closure (`heads.iter().map(|w| ..).collect()`), and backpropagates the losses
// one by one. Every loss is made from the one `feats`: the first head's backward consumes its
// step, the second head's backward panics at it, in the first step (pbpit run: NodeId(5),
// `feats`, backward #2).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.2, -0.4, 0.6], &device).require_grad();
    let scale = Tensor::<1>::from_floats([1.0, 2.0, 0.5], &device).require_grad();
    let heads = vec![
        Tensor::<1>::from_floats([1.0, 0.0, 1.0], &device).require_grad(),
        Tensor::<1>::from_floats([0.0, 1.0, -1.0], &device).require_grad(),
    ];
    for step in 0..2 {
        let feats = (x.clone() * scale.clone()).tanh(); //~ WARN shared-intermediate
        let losses: Vec<Tensor<1>> =
            heads.iter().map(|w| (feats.clone() * w.clone()).sum()).collect();
        for loss in losses {
            let grads = loss.backward();
            println!("{step}: {:?}", x.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
