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
        # mean <- matmul: its receiver transpose(za) and zb at one depth; za behind it.
        ("za.transpose().matmul(zb).mean()", ["za", "zb"], ["zb", "za"]),
        # add(add(a, b), c): c one step nearer the loss than a and b; a before b.
        ("(a.clone() + b.clone() + c.clone()).mean()", ["a", "b", "c"], ["c", "a", "b"]),
        # mul(a, exp(b)): a first; .clone() is no node.
        ("(a.clone() * b.clone().exp()).sum()", ["b", "a"], ["a", "b"]),
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
