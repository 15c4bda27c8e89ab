"""What a user's crate may call on Burn's `Tensor`: a method pbpit's table runs, but Burn's
public API has not, is rustc's error, not a run.

Facts read from burn-tensor at 2c06be35 (the commit of `shared/burn-0.22`), in
`crates/burn-tensor/src/tensor/api/*.rs`, and the same in every release since 0.16:
- `relu` is `pub(crate) fn relu(self)`: a user's crate calls `activation::relu(x)`; `x.relu()`
  is rustc's E0624, "method `relu` is private".
- `sigmoid`, `is_tracked` and `without_autodiff` are no methods of `Tensor` at all (`sigmoid` is
  `activation::sigmoid(x)`; `is_tracked` is the autodiff backend's own tensor's, not reachable
  from `Tensor`): rustc's E0599, "no method named `sigmoid` found for struct `Tensor` in the
  current scope".
pbpit's engine keeps these methods for its own Python programs; only the Rust a user writes is
held to Burn's API here.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.uses import file_items

# the method and what Burn's user writes instead
PRIVATE = {"relu": "activation::relu(x)"}
ABSENT = {
    "sigmoid": "activation::sigmoid(x)",
    "is_tracked": "is_require_grad() (true for a leaf that requires gradients only)",
    "without_autodiff": "inner()",
}


def refuse_outside_api(checker: Any, e: Any) -> None:
    """Raise rustc's error for `x.name(..)` on a `Tensor` when Burn's `Tensor` has no public
    method `name` that pbpit's table has."""
    name = e.name
    if name in PRIVATE:
        err = checker.fail(e.pos, rejects(f"method `{name}` is private", "E0624"))
        err.label = "private method"
        err.help = f"Burn's public function is `{PRIVATE[name]}`"
        raise err
    if name in ABSENT:
        what = f"no method named `{name}` found for struct `Tensor` in the current scope"
        err = checker.fail(e.pos, rejects(what, "E0599"))
        err.label = "method not found in `Tensor`"
        err.help = f"Burn's user writes `{ABSENT[name]}`"
        raise err


def activation_in_scope(source: Any) -> bool:
    """Whether a `use` names Burn's module `activation` (`use burn::tensor::activation;`, in a
    group, or `burn::tensor::*`): `activation::relu(x)` needs it, as `burn::prelude::*` does not
    bring it (rustc's E0433); the full path `burn::tensor::activation::relu(x)` needs none."""
    return any(
        item.bound == "activation" or (item.glob and item.path[:-1] == ("burn", "tensor"))
        for item in file_items(source)
    )
