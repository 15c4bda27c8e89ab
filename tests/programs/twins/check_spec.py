"""burn32 checked against the numbers and node ids SPEC.md publishes for the seed's cases.

    .venv/bin/python tests/programs/twins/check_spec.py

Prints "ok" or the first difference: the twins' model must agree with Burn where Burn's output
is known before it is trusted where it is not.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import burn32  # noqa: E402
from burn32 import ConsumedPanic, T, rust_debug, rust_display, v  # noqa: E402


def shared_loss() -> list[str]:
    burn32.reset()
    x = T.from_floats([0.5, 1.0]).require_grad()
    w = T.from_floats([1.0, 2.0]).require_grad()
    feats = x.clone().exp()
    l1 = (feats.clone() * w.clone()).sum()
    l2 = (feats * 2.0).sum()
    out = [f"l1 = {rust_display(l1.scalar())}, l2 = {rust_display(l2.scalar())}"]
    g1 = l1.backward()
    out.append(f"l1: w.grad = Some({rust_debug(v(w.grad(g1)))}) "
               f"x.grad = Some({rust_debug(v(x.grad(g1)))})")
    try:
        l2.backward()
    except ConsumedPanic as panic:
        out.append(f"panic {panic.node}")
    return out


def twice_fix_c() -> str:
    burn32.reset()
    x = T.from_floats([0.5, 1.0]).require_grad()
    w = T.from_floats([1.0, 2.0]).require_grad()
    feats = x.clone().exp()
    grads = ((feats.clone() * w.clone()).sum() + (feats * 2.0).sum()).backward()
    return f"w.grad = {rust_debug(v(w.grad(grads)))} x.grad = {rust_debug(v(x.grad(grads)))}"


def double_backward() -> int:
    burn32.reset()
    x = T.from_floats([0.5, 1.0]).require_grad()
    w = T.from_floats([1.0, 2.0]).require_grad()
    loss = (x.clone().exp() * w.clone()).sum()
    loss.backward()
    try:
        loss.backward()
    except ConsumedPanic as panic:
        return panic.node
    return -1


EXPECTED = [
    (shared_loss(), [
        "l1 = 7.0852847, l2 = 8.734006",
        "l1: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])",
        "panic 2",
    ]),
    (twice_fix_c(), "w.grad = [1.6487212, 2.7182817] x.grad = [4.9461637, 10.873127]"),
    (double_backward(), 4),
]

for got, want in EXPECTED:
    if got != want:
        print(f"differs: {got!r} != {want!r}")
        raise SystemExit(1)
print("ok")
