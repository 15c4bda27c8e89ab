// The chunk loop of src/main.rs without the detach: the second chunk's backward walks the
// first chunk's graph again (through `state.h`, made before the loop from the tracked `w`),
// whose tape the first backward consumed: Burn panics at the backward (line 17, second pass).
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
    }
}
