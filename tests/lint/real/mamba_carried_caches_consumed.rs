// The shape of swfsql/burn-mamba, src/modules/layers/tests.rs (`nothing_tracked_reaches_the_prefix`),
// commit b2dd6a408f3e7336ac76f2410de254496276e5d8, with the mistake its comment warns about:
// the caches carried into the next run come from the run that was just backpropagated. Their
// steps are consumed, and the next run's backward walks into them: it panics.
use burn::prelude::*;

#[test]
fn caches_from_a_consumed_run() {
    let device = Default::default();
    let layers = LayersConfig::new(4).init::<TestAutodiff>(&device);
    let x0 = Tensor::<TestAutodiff, 3>::random([2, 8, 16], Distribution::Default, &device).require_grad();
    let (_, caches0) = layers.forward(x0.clone(), None); //~ WARN shared-intermediate
    let g0 = caches0.ssm.clone().sum().backward();
    assert!(x0.grad(&g0).is_some());

    let x1 = Tensor::<TestAutodiff, 3>::random([2, 8, 16], Distribution::Default, &device).require_grad();
    let (y1, _) = layers.forward(x1.clone(), Some(caches0));
    let g1 = y1.sum().backward();
    assert!(x1.grad(&g1).is_some());
}
