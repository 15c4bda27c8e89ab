"""burn-nn modules added for what training code uses, run from Rust as a user writes them.

`LeakyRelu` (burn-nn `activation/leaky_relu.rs`): `LeakyReluConfig { negative_slope: f64 }`,
0.01 by default, `init()` makes `LeakyRelu { negative_slope }` (a `#[derive(Module)]` struct,
its field public), whose `forward` is `activation::leaky_relu(input, negative_slope)`:
`mask_where(x.lower_elem(0), x.mul_scalar(slope))` (burn-tensor `activation/base.rs`), so
`x * slope` in f32 below 0 and the gradient `grad * slope` there. Expected values are that
arithmetic in NumPy's float32, not pbpit's."""

from __future__ import annotations

import textwrap

import numpy as np
from pbpit_process import pbpit_run

F32 = np.float32


def _debug(values) -> str:
    from pbpit.rust.format import f32_debug

    return "[" + ", ".join(f32_debug(float(v)) for v in values) + "]"


def test_leaky_relu_module_as_a_field_and_alone(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::nn::{LeakyRelu, LeakyReluConfig};
            use burn::prelude::*;

            #[derive(Module, Debug)]
            struct Net {
                act: LeakyRelu,
            }

            fn main() {
                let device = Device::flex().autodiff();
                let x = Tensor::<2>::from_floats([[1.0, -2.0], [-0.5, 3.0]], &device);
                let x = x.require_grad();
                let net = Net { act: LeakyReluConfig::new().with_negative_slope(0.2).init() };
                let plain: LeakyRelu = LeakyReluConfig::new().init();
                println!("{} {}", net.act.negative_slope, plain.negative_slope);
                let y = net.act.forward(x.clone()) + plain.forward(x.clone());
                println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
                let g = y.sum().backward();
                println!("{:?}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }
            """
        )
    )
    x = np.array([1.0, -2.0, -0.5, 3.0], F32)
    leaky = [np.where(x < 0, x * F32(slope), x) for slope in (0.2, 0.01)]
    grads = [np.where(x < 0, F32(slope), F32(1.0)) for slope in (0.2, 0.01)]
    status, out, err = pbpit_run(program)
    assert (status, err) == (0, "")
    assert out == f"0.2 0.01\n{_debug(leaky[0] + leaky[1])}\n{_debug(grads[0] + grads[1])}\n"


def test_leaky_relu_config_offers_what_it_has(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::nn::LeakyReluConfig;
            use burn::prelude::*;

            fn main() {
                let act = LeakyReluConfig::new().with_slope(0.2).init();
            }
            """
        )
    )
    status, _, err = pbpit_run(program)
    assert status == 2
    assert "`with_slope` on `LeakyReluConfig`" in err
    assert "pbpit runs `with_negative_slope(..)` and `init()`" in err
