"""`grads: &<B as AutodiffBackend>::Gradients`, the generic style's way to pass Burn's
`Gradients` to a helper (issue 26; pbpit refused "the path `<B as AutodiffBackend>`"). rustc
reads it as `B::Gradients`, so the program must print what the same program with the helper's
body written inline prints (the oracle: the two are one program to rustc). Without the trait's
`use` it is still refused (rustc rejects the path there; pbpit does not run it)."""

from __future__ import annotations

from pathlib import Path

from pbpit_process import pbpit_run

_HEAD = """\
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::activation::sigmoid;
USE

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Logit<B: Backend> {
    fc: Linear<B>,
}

HELPER
fn main() {
    let device = Default::default();
    B::seed(&device, 2);
    let mut model: Logit<B> = Logit { fc: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let rows = [[0.5, 1.5, -1.0], [2.0, 0.0, 0.5], [-1.0, -0.5, 1.0]];
    let x = Tensor::<B, 2>::from_floats(rows, &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [1.0], [0.0]], &device);
    for it in 0..3 {
        let p = sigmoid(model.fc.forward(x.clone()));
        let loss = (p - y.clone()).powf_scalar(2.0).mean();
        let grads = loss.backward();
        NORM
        println!("it {it}: loss {} |grad| {}", loss.clone().into_scalar(), norm);
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.5, model, grads);
    }
}
"""

_HELPER = """\
fn grad_norm(model: &Logit<B>, grads: &<B as AutodiffBackend>::Gradients) -> f32 {
    let g = model.fc.weight.grad(grads).unwrap();
    g.powf_scalar(2.0).sum().sqrt().into_scalar()
}
"""

_INLINE = """let g = model.fc.weight.grad(&grads).unwrap();
        let norm: f32 = g.powf_scalar(2.0).sum().sqrt().into_scalar();"""


def _run(tmp_path: Path, name: str, use: str, helper: str, norm: str) -> tuple[int, str, str]:
    source = _HEAD.replace("USE", use).replace("HELPER", helper).replace("NORM", norm)
    path = tmp_path / name
    path.mkdir()
    (path / "main.rs").write_text(source, encoding="utf-8")
    return pbpit_run(path / "main.rs")


def test_a_qualified_gradients_parameter_runs_as_the_inline_code(tmp_path):
    use = "use burn::tensor::backend::AutodiffBackend;"
    status, out, err = _run(tmp_path, "q", use, _HELPER, "let norm = grad_norm(&model, &grads);")
    assert status == 0, err
    inline = _run(tmp_path, "i", "", "", _INLINE)
    assert inline[0] == 0, inline[2]
    assert out == inline[1]
    assert len(out.splitlines()) == 3


def test_the_trait_not_brought_in_is_refused(tmp_path):
    status, out, err = _run(tmp_path, "n", "", _HELPER, "let norm = grad_norm(&model, &grads);")
    assert (status, out) == (2, "")
    assert "the path `<B as AutodiffBackend>`" in err
