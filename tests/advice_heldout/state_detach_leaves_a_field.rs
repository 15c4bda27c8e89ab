// A recurrent state in a struct, cut from the graph between windows by a method that detaches
// `h` and forgets `c`: the fix is the missing line in that method, not a detach of the `c` of
// the step function (moved into the struct there).
use burn::prelude::*;

struct State {
    h: Tensor<2>,
    c: Tensor<2>,
}

impl State {
    fn detach_hidden(&mut self) {
        self.h = self.h.clone().detach();
    }
}

fn step(w: Tensor<2>, state: &State) -> State {
    let c = state.c.clone() * 0.5 + state.h.clone() * w.clone();
    let h = c.clone().tanh();
    State { h, c }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.5]], &device).require_grad();
    let mut state = State {
        h: Tensor::<2>::ones([1, 2], &device),
        c: Tensor::<2>::zeros([1, 2], &device),
    };
    for window in 0..2 {
        for _ in 0..2 {
            state = step(w.clone(), &state);
        }
        let grads = state.h.clone().sum().backward();
        println!("window {window}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        state.detach_hidden();
    }
}
