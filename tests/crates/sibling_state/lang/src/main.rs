// Truncated backpropagation through time: the state is made before the chunk loop from the
// tracked `w`, each chunk adds to it and backpropagates it, then detaches it in place
// (`State::detach_in_place` of the path dependency `state-core`), so each chunk's backward
// walks only the graph that chunk made. Nothing panics.
use burn::tensor::Tensor;
use state_core::state::State;
use state_core::B;

fn main() {
    let device = Default::default();
    let w = Tensor::<B, 2>::ones([2, 2], &device).require_grad();
    let teacher = state_core::Teacher::new(w.clone());
    let mut state: State = teacher.init_state(Tensor::<B, 2>::ones([2, 2], &device));
    for chunk in 0..3 {
        let x = Tensor::<B, 2>::ones([2, 2], &device).mul_scalar(chunk as f32 + 1.0);
        state.h = state.h.clone() + x * w.clone();
        let loss = state.h.clone().sum();
        let grads = loss.backward();
        println!("{}", w.grad(&grads).unwrap().sum().into_scalar());
        state.detach_in_place();
    }
}
