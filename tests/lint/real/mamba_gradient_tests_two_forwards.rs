// Reduced from swfsql/burn-mamba, src/modules/layers/tests.rs (`full_horizon_matches_no_horizon`,
// `nothing_tracked_reaches_the_prefix`), commit b2dd6a408f3e7336ac76f2410de254496276e5d8.
// Gradient tests written by an author who knows the tape is consumed: two clones of a stack
// run their own forward on the same data and each output is backpropagated once; caches are
// carried out of a second tracked run that is never backpropagated, so the graph they reach is
// intact when a third run uses them. Silent.
use burn::prelude::*;

#[test]
fn two_stacks_give_the_same_gradients() {
    let device = Default::default();
    let plain = LayersConfig::new(4).init::<TestAutodiff>(&device);
    let mut full = plain.clone();
    full.grad_horizon = Some(4);
    let x = Tensor::<TestAutodiff, 3>::random([2, 8, 16], Distribution::Default, &device);
    let (y_a, _) = plain.forward(x.clone(), None);
    let (y_b, _) = full.forward(x.clone(), None);
    let g_a = y_a.sum().backward();
    let g_b = y_b.sum().backward();
    let w = plain.layers[0].in_proj.weight.val();
    assert_eq!(w.grad(&g_a).is_some(), w.grad(&g_b).is_some());
}

#[test]
fn caches_from_an_intact_run_can_be_carried() {
    let device = Default::default();
    let mut layers = LayersConfig::new(4).init::<TestAutodiff>(&device);
    let x0 = Tensor::<TestAutodiff, 3>::random([2, 8, 16], Distribution::Default, &device).require_grad();
    let (_, caches0) = layers.forward(x0.clone(), None);
    let g0 = caches0.ssm.clone().sum().backward();
    assert!(x0.grad(&g0).is_some());

    let x_carry = Tensor::<TestAutodiff, 3>::random([2, 8, 16], Distribution::Default, &device).require_grad();
    let (_, caches_carry) = layers.forward(x_carry.clone(), None);

    layers.grad_horizon = Some(2);
    let x2 = Tensor::<TestAutodiff, 3>::random([2, 8, 16], Distribution::Default, &device).require_grad();
    let (_, caches2) = layers.forward(x2.clone(), Some(caches_carry));
    let g2 = caches2.ssm.sum().backward();
    assert!(x2.grad(&g2).is_none());
}
