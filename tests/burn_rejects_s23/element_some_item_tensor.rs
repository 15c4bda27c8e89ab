use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let xs = vec![
        Tensor::<1>::from_floats([1.0, 2.0], &device),
        Tensor::<1>::from_floats([3.0, 4.0], &device),
    ];
    let mut best: Vec<Option<Tensor<1>>> = vec![None; 2];
    for (i, x) in xs.iter().enumerate() {
        best[i] = Some(x);
    }
    println!("{}", best.len());
}
