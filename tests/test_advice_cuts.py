"""Advice for shapes whose fix was wrong or missing (tests/advice_cuts/, each beside a clean
twin `NAME.clean.rs` written by hand: what a user fixing it would write). Each fix pbpit prints
as code is made in a copy and run (`fix_check.check_edits`), and compared with the original
run's backwards.

- micro-batches cut from one forward of the batch with `narrow` / `slice` in a loop that steps
  the model: the forward runs on the same cut of the input (`net.forward(x.clone().narrow(0,
  2 * i, 2))`), not the whole batch's forward cut again; the fixed file is the clean twin, and
  (a row-wise model: Linear then tanh) the first backward's gradients are the same bits."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import RUNS, UNCHANGED, applied, baseline, check_edits
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_cuts"


def _finding(name: str):
    (finding,) = lint_paths([HERE / name]).findings
    return finding


def _clean(name: str) -> str:
    return (HERE / name.replace(".rs", ".clean.rs")).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "cut"),
    [("micro_narrow.rs", "narrow(0, 2 * i, 2)"), ("micro_slice.rs", "slice([2 * i..2 * i + 2])")],
)
def test_micro_batches_cut_from_one_forward_run_the_forward_on_the_inputs_cut(name, cut):
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("shared-intermediate", "out")
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith("run the forward on each piece of `x` in the loop"), fix.message
    assert f"let pred = net.forward(x.clone().{cut});" in applied(
        (HERE / name).read_text(encoding="utf-8"), fix.edits
    )
    assert applied((HERE / name).read_text(encoding="utf-8"), fix.edits) == _clean(name)
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None and result.panic.label == "out"
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    assert dict(check.gradients) == {"net.fc.weight": UNCHANGED, "net.fc.bias": UNCHANGED}
    # The run names the same rule and binding, and shows the same fix, checked.
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("shared-intermediate", "out")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


@pytest.mark.parametrize("name", ["micro_narrow.clean.rs", "micro_slice.clean.rs"])
def test_the_clean_twins_lint_clean_and_run(name):
    assert lint_paths([HERE / name]).findings == []
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is None
