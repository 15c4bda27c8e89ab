"""A run whose panic is a rule's finding itself (Burn panicking in `require_grad()` on a tracked
intermediate, tests/burn022/44: real Burn's stderr) gets its error from that rule's own run hook
(`Rule.run_panic` in `pbpit/lint/rules/require_grad_non_leaf.py`), asked through the registry:
without the rule in `RULES`, the run has no such error; with it, the error is the rule's."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose import rule_panics
from pbpit.diagnose.findings import diagnose_run
from pbpit.lint import rules as rules_package
from pbpit.runner import Case, run_case

PROGRAM = Path(__file__).parent / "burn022" / "44_require_grad_non_leaf.rs"
PANIC = "Can't convert a non leaf tensor into a tracked tensor"


@pytest.fixture(scope="module")
def result():
    ran = run_case(Case.file(PROGRAM))
    assert ran.panic is not None and PANIC in ran.panic.message  # as real Burn's stderr says
    assert PANIC in (PROGRAM.with_suffix(".stderr")).read_text(encoding="utf-8")
    return ran


def _errors(result) -> list[str]:
    return [d.rule for d in diagnose_run(result).errors if d.level == "error"]


def test_the_panic_in_require_grad_is_its_rules_error(result):
    (rule,) = [r for r in rules_package.RULES if r.panic == PANIC]
    assert _errors(result) == [rule.name]
    own = rule_panics.rule_panic(result, result.panic.node_id)
    assert own is not None and own.rule == rule.name


def test_without_the_rule_the_run_has_no_error_of_it(result, monkeypatch):
    kept = tuple(r for r in rules_package.RULES if r.panic != PANIC)
    monkeypatch.setattr(rules_package, "RULES", kept)
    assert rule_panics.rule_panic(result, result.panic.node_id) is None
    assert _errors(result) == []
