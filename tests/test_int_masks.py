"""`mask_fill` and `mask_where` on Int tensors: Burn declares them once for every numeric kind
(`Tensor::mask_fill<E: ElementConversion>(self, mask: Tensor<B, D, Bool>, value: E) -> Self`,
`mask_where(self, mask, value: Self)`, burn-tensor's api/base.rs), the value where the mask is
true, the tensor's element elsewhere; a mask of another shape is refused as the float ones are.
Values by hand: [[1, -2, 3], [5, 9, 6]] > 2 is [[F, F, T], [T, T, T]]; filled with 0 it is
[[1, -2, 0], [0, 0, 0]]; where [[10, 20, 30], [40, 50, 60]] it is [1, -2, 30, 40, 50, 60]."""

from __future__ import annotations

import numpy as np
import pytest
from test_int_backends import program
from test_rust_interp import rust

from pbpit.engine.int_tensor import IntTensor
from pbpit.engine.tensor import Device

BODY = """\
    let t = Tensor::<B, 2, Int>::from_ints([[1, -2, 3], [5, 9, 6]], &device);
    let mask = t.clone().greater_elem(2);
    let filled = t.clone().mask_fill(mask.clone(), 0);
    println!("{:?}", filled.into_data().to_vec::<i64>().unwrap());
    let other = Tensor::<B, 2, Int>::from_ints([[10, 20, 30], [40, 50, 60]], &device);
    println!("{:?}", t.mask_where(mask, other).into_data().to_vec::<i64>().unwrap());
"""


def test_int_mask_fill_and_mask_where_in_rust(tmp_path):
    run = rust(tmp_path, program("NdArray", BODY))
    assert run.panic is None, run.panic
    assert run.stdout == "[1, -2, 0, 0, 0, 0]\n[1, -2, 30, 40, 50, 60]\n"


def test_int_mask_fill_takes_the_value_toward_zero_and_refuses_other_shapes():
    t = IntTensor.from_ints([[4, -7]], Device.flex())
    mask = t.greater_elem(0)
    assert t.mask_fill(mask, -2.9).to_vec() == [-2, -7]  # `ElementConversion`: toward zero
    assert t.mask_fill(mask, 3).array.dtype == np.int64
    with pytest.raises(ValueError, match="a mask of"):
        t.mask_fill(IntTensor.from_ints([1], Device.flex()).greater_elem(0), 1)
