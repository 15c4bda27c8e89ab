"""Lint's findings of one panicking backward in the order Burn's walk meets their tensors
(`pbpit.lint.walk_order`): breadth first from the loss, a method's receiver before its
arguments, a binary operator's left operand before its right, so the first finding is the
tensor the run's panic names. Derived by hand from burn-autodiff's breadth-first walk."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.findings import diagnose_run
from pbpit.lint.tree import lint_paths
from pbpit.lint.walk_order import walk_ranks
from pbpit.runner import resolve_case, run_case
from pbpit.rust.syntax import parse_bytes

HERE = Path(__file__).parent / "advice_logs21"


def _ranks(loss: str, names: list[str], lets: str = "") -> list[str]:
    text = f"fn main() {{\n{lets}    let g = ({loss}).backward();\n}}\n"
    source = parse_bytes(text.encode())
    line = text.count("\n", 0, text.index("let g")) + 1
    column = text.split("\n")[line - 1].index("(") + 1
    ranks = walk_ranks(source, line, column, names)
    return sorted(ranks, key=ranks.get)


@pytest.mark.parametrize(
    ("loss", "names", "first"),
    [
        # matmul pushes transpose(za), then zb: zb is popped first.
        ("za.transpose().matmul(zb).mean()", ["za", "zb"], ["zb", "za"]),
        # matmul pushes p, then transpose(tanh(a)): the walk goes down to a before p.
        ("p.matmul(a.tanh().transpose()).exp().mean()", ["p", "a"], ["a", "p"]),
        # add(add(a, b), c): c, then add(a, b)'s right operand b, then a.
        ("(a.clone() + b.clone() + c.clone()).mean()", ["a", "b", "c"], ["c", "b", "a"]),
        # mul(a, exp(b)): exp(b) popped first; .clone() is no node.
        ("(a.clone() * b.clone().exp()).sum()", ["a", "b"], ["b", "a"]),
    ],
)
def test_the_walk_meets_the_nearer_operand_first(loss, names, first):
    assert _ranks(loss, names) == first


def test_a_name_bound_before_is_followed_into_its_value():
    """`ctx` is `scores.matmul(v)`: `v` at the matmul's depth, `k` behind the softmax."""
    lets = (
        "    let scores = softmax(q.matmul(k.clone().transpose()), 1);\n"
        "    let ctx = scores.matmul(v.clone());\n"
    )
    assert _ranks("ctx.sum()", ["k", "v"], lets) == ["v", "k"]


@pytest.mark.parametrize(
    ("program", "lead"),
    [
        # Helper N's p06 of session 19: za.transpose().matmul(zb) in the second loss.
        ("contrastive_views.rs", "zb"),
        # N2's p17 of session 20: kl = (mu^2 + exp(logvar) - logvar - 1).mean() * 0.5.
        ("vae_two_steps.rs", "logvar"),
        # spread = p.matmul(a.tanh().transpose()): a, behind the transpose, is met first.
        ("triplet_two_steps.rs", "a"),
    ],
)
def test_lints_first_finding_is_the_tensor_the_run_names(program, lead):
    path = HERE / program
    report = lint_paths([str(path)])
    assert [f.tape.name for f in report.findings][0] == lead
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None
    (error, *_) = diagnose_run(result).errors
    assert error.name == lead
