"""`GradientsAccumulator::grads(&mut self) -> GradientsParams` (burn-optim's
`optim/grad_accum.rs`) hands the sum over by value, and `GradientsParams` derives neither
`Clone` nor `Copy` (`optim/grads.rs`: `#[derive(Default, Debug)]`): its result given to
`optim.step(lr, model, g)` (which takes `GradientsParams` by value) is moved, and given again it
is rustc's E0382, as the same binding made by `GradientsParams::from_grads` is (pbpit ran it)."""

from __future__ import annotations

from test_burn022_grad_accum import HAND, rustc_code, stdout_of

STEP = "    model = optim.step(1.0, model, acc.grads());\n"


def test_the_accumulators_grads_stepped_twice_is_rustcs_e0382(tmp_path):
    assert STEP in HAND
    twice = "    let g = acc.grads();\n    model = optim.step(1.0, model, g);\n"
    twice += "    model = optim.step(1.0, model, g);\n"
    assert rustc_code(tmp_path, HAND.replace(STEP, twice)) == (
        "error[E0382]: use of moved value: `g`"
    )


def test_the_accumulators_grads_bound_then_stepped_once_runs(tmp_path):
    once = "    let g = acc.grads();\n    model = optim.step(1.0, model, g);\n"
    assert stdout_of(tmp_path, HAND.replace(STEP, once)) == stdout_of(tmp_path, HAND)
