// field_refreshed_after_first_pass.rs refreshing from the third pass on (`if step > 1`): the
// second pass reads the tensor made before the loop, whose step the first backward consumed.
// pbpit run: panics.
use burn::prelude::*;

struct Cache {
    scaled: Tensor<1>,
}

impl Cache {
    fn refresh(&mut self, w: &Tensor<1>) {
        self.scaled = w.clone() * 2.0; //~ WARN loop-external-tracked
    }

    fn score(&self) -> Tensor<1> {
        self.scaled.clone().exp().sum()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache = Cache { scaled: Tensor::zeros([2], &device) };
    cache.refresh(&w);
    for step in 0..3 {
        if step > 1 {
            cache.refresh(&w);
        }
        let loss = cache.score();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
