// Tests that backpropagate twice on purpose, to check the panic, say so with `#[should_panic]`:
// not read. The same code in a plain test is reported.
use burn::prelude::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "graph tape has already been consumed")]
    fn backward_twice_panics() {
        let device = Default::default();
        let x = Tensor::<TestAutodiffBackend, 1>::from_floats([1.0, 2.0], &device).require_grad();
        let loss = x.clone().exp().sum();
        let _first = loss.backward();
        let _second = loss.backward();
    }

    #[test]
    fn backward_twice() {
        let device = Default::default();
        let x = Tensor::<TestAutodiffBackend, 1>::from_floats([1.0, 2.0], &device).require_grad();
        let loss = x.clone().exp().sum();
        let _first = loss.backward();
        let _second = loss.backward(); //~ WARN double-backward
    }
}
