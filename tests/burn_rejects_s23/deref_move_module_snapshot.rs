use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn snapshot(nets: &Vec<Net>) -> Vec<Net> {
    let mut kept = Vec::new();
    for n in nets.iter() {
        kept.push(*n);
    }
    kept
}

fn main() {
    let device = Device::flex().autodiff();
    let net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let saved = snapshot(&vec![net]);
    println!("{}", saved.len());
}
