// A cache of per-step features keyed by step; each step also reads the features two steps back
// (a lagged key computed first), taken out with expect.
// pbpit run: the third step's backward panics at the first step's entry; the fix reads the
// lagged entry detached where `expect` takes it out.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.3, -0.2, 0.8], &device).require_grad();
    let mut feats: HashMap<i32, Tensor<1>> = HashMap::new();
    for step in 0..4 {
        feats.insert(step, (w.clone() * (step as f32 + 1.0)).sin()); //~ WARN loop-external-tracked
        let lagged = step - 2;
        let mut loss = feats.get(&step).expect("this step's features").clone().sum();
        if lagged >= 0 {
            loss = loss * feats.get(&lagged).expect("lagged features").clone().sum();
        }
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
