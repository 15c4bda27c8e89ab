"""What Burn's tensor API and std's collections and iterators do to tracking, by method name."""

from __future__ import annotations

import re

from pbpit.engine import api

# What Burn's tensor API says of a method's result (pbpit/engine/api.py): the same tensor (same
# NodeId), never tracked (reads, gradients, Int and Bool tensors), or new data (`Tensor::zeros`).
_SAME_TENSOR = api.SAME_TENSOR


_UNTRACKED_RESULT = api.UNTRACKED_RESULT


_FROM_DATA = api.FROM_DATA


# Modules of `burn::nn` with no parameter: their forward is tracked only if its input is.
_PARAMETER_FREE = re.compile(
    r"^(\w*Loss|\w*LossConfig|Relu|Gelu|Sigmoid|Tanh|LeakyRelu|LeakyReluConfig|HardSigmoid"
    r"|HardSigmoidConfig|Dropout|DropoutConfig|Softplus|SoftplusConfig)$"
)


# Iterator adaptors that call their closure once per element: the closure is a loop body.
_REPEATING = frozenset(
    {"for_each", "try_for_each", "map", "filter_map", "flat_map", "fold", "try_fold", "inspect"}
)


_BURN_METHODS = frozenset(m.name for m in api.METHODS) | _SAME_TENSOR | _UNTRACKED_RESULT
"""Methods of Burn's tensor API: never read as a method of the program on a receiver of
unknown type."""


_IN_PLACE = frozenset({"push", "push_back", "push_front", "insert", "extend"})


_EMPTIED = frozenset({"clear", "truncate"})


_ITERATING = frozenset(
    {"iter", "into_iter", "iter_mut", "drain", "rev", "as_slice", "skip", "enumerate"}
)


_ADAPTING = frozenset(
    {"zip", "map", "collect", "filter", "chain", "cloned", "step_by", "take_while", "skip_while"}
)
"""Iterator adaptors: each element still derives from what the elements shared."""


_PIECES = frozenset({"chunk", "split", "split_with_sizes", "iter_dim", "unbind"})


_MAPPING = frozenset({"map", "filter_map", "flat_map"})
"""Adaptors whose elements are what their closure returns."""


_MODULE_METHODS = frozenset(
    "load_record fork freeze_group unfreeze_group quantize_weights apply_lora".split()
)
"""Methods of Burn's `Module` that return the module (`Optimizer::step` too, by its arity)."""


_CONTAINERS = frozenset({"Tensor", "Option", "Vec", "Box", "Int", "Bool", "Float", "String"})
