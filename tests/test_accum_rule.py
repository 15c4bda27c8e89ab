"""Gradient accumulation backpropagated every pass (tests/advice_accum/, each beside its hand-fixed
twin `NAME.clean.rs`): the fix is `loop-external-tracked`'s own (`accumulator_reset.backward_once`),
in lint's finding as the rule gives it, before any command checks or rewrites it: the sum
backpropagated once after the loop written as code, which makes the program print what the
twin prints; the detach of the sum in words only, with what it cuts."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_run

from pbpit.diagnose.fix_check import applied
from pbpit.lint.rules import rule_named
from pbpit.lint.tree import lint_paths

HERE = Path(__file__).parent / "advice_accum"


@pytest.mark.parametrize(
    ("name", "sum_"), [("accum_pieces.rs", "acc"), ("microbatch_accum.rs", "running")]
)
def test_the_rules_finding_backpropagates_the_sum_once(name, sum_, tmp_path):
    (finding,) = lint_paths([HERE / name]).findings  # the rule's, no command's checking
    fix_of = rule_named(finding.rule).fix_of
    coded = [h for h in finding.helps if h.edits]
    assert [h.message.split(",")[0] for h in coded] == [f"backpropagate `{sum_}` once"]
    (once,) = coded
    assert fix_of(once.message) is not None and fix_of(once.message).changes_gradients
    cut = [h for h in finding.helps if f"cuts the sum `{sum_}` accumulates" in h.note]
    assert cut and all(not h.edits for h in cut)
    fixed = tmp_path / name
    fixed.write_text(applied((HERE / name).read_text(encoding="utf-8"), once.edits))
    twin = HERE / name.replace(".rs", ".clean.rs")
    status, out, _ = pbpit_run(fixed)
    assert status == 0 and out == pbpit_run(twin)[1]
