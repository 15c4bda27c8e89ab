"""Which binding and which words each command gives, on three shapes a held-out set found them
disagreeing on (tests/advice_names/, written for these tests):

- a `Vec` of batch losses summed each epoch and never emptied: explain's fix is lint's code
  (`batch_losses.clear();` after the step), so its words say that, not "detach `mse` where it
  is put" (which would keep epoch 0's losses in every later sum);
- a learned table turned into a mask before the loop (`e`, then `scores = e.matmul(e^T)`): the
  loop reads `scores` only, so the audit has one hazard; `e` is on the way to it (reached twice,
  through `e.clone()` and `e.transpose()`), not a hazard of its own whose detach would leave
  the table untrained;
- two views sliced from one forward (`first`, `second`) shared by two losses: Burn's walk of the
  second backward stops at `second` (NodeId(11), the panic's node), and the audit leads with
  the hazard the run panicked at, as the run's error and explain do."""

from __future__ import annotations

from pathlib import Path

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import audit_report, diagnose_run, explanation_diagnostic
from pbpit.diagnose.fix_check import applied
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_names"


def _run(name: str):
    return run_case(resolve_case(str(HERE / name)))


def test_explains_words_for_a_loss_log_say_what_its_code_does(tmp_path):
    result = _run("loss_log.rs")
    page = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    (shown,) = [h for h in page.helps if h.edits]
    assert [e.replacement.strip() for e in shown.edits] == ["batch_losses.clear();"]
    assert "empty `batch_losses` at the end of each pass" in shown.message
    assert "where it is put" not in shown.message and "truncated" not in shown.note
    copy = tmp_path / "loss_log.rs"
    copy.write_text(applied((HERE / "loss_log.rs").read_text(), shown.edits), encoding="utf-8")
    assert _run("loss_log.clean.rs").stdout == run_case(resolve_case(str(copy))).stdout


def test_a_tensor_read_only_on_the_way_to_the_loops_input_is_no_hazard_of_its_own():
    result = _run("mask_from_table.rs")
    report = audit_report(result)
    (warning,) = report.warnings
    assert warning.name == "scores"
    (e,) = [entry for entry in report.entries if entry.label == "e"]
    assert e.verdict == "ok" and e.reason == "used only on the way to `scores`: reported there"
    (error,) = diagnose_run(result).errors
    assert error.name == "scores"


def test_the_audit_leads_with_the_hazard_the_run_panicked_at():
    result = _run("two_views.rs")
    assert result.panic.node_id == 11 and result.node(11).label == "second"
    report = audit_report(result)
    assert [w.name for w in report.warnings] == ["second", "first"]
    (error,) = diagnose_run(result).errors
    assert error.name == "second"
    page = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    assert page.name == "second"
