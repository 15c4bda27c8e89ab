"""Advice on gradient accumulation, target networks and helpers' arguments (tests/advice_accum/,
each panicking program beside its clean twin `NAME.clean.rs`, written by hand):

- a sum of the passes' losses backpropagated every pass (`running = running + loss;
  running.backward()`): detaching the sum runs, but cuts it (from the second backward on, each
  gets its own pass's loss's gradient only), so it is said in words, not code; the fix shown as
  code backpropagates the sum once after the loop, and the program it makes prints what the
  hand-fixed twin prints;
- a target network (`let target_net = online.clone();`, never stepped): the run's words and
  explain's fix that applies are "detach once", as `lint --fix` writes; the audit reports the
  tensor the loop reads (`targets`), not also what it is made from (`best_next`);
- a parameter reached through a free function's argument (`head_loss(&net.head, ..)`) is named
  by the caller's path (`net.head.weight`);
- the check's stamp says what it compared: the one backward the original ran."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_run

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import applied, applied_lines
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_accum"


def _error(name: str):
    result = run_case(resolve_case(str(HERE / name)))
    (error,) = diagnose_run(result).errors
    return result, error


def _stdout_of(text: str, tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status, out, _ = pbpit_run(path)
    assert status == 0
    return out


@pytest.mark.parametrize(
    ("name", "sum_"), [("accum_pieces.rs", "acc"), ("microbatch_accum.rs", "running")]
)
def test_a_sum_backpropagated_every_pass_is_backpropagated_once_after_the_loop(
    name, sum_, tmp_path
):
    _, error = _error(name)
    coded = [h for h in error.helps if h.edits]
    assert len(coded) == 1, [h.message for h in error.helps]
    (once,) = coded
    assert once.message.startswith(f"backpropagate `{sum_}` once, after the loop")
    assert once.checked is not None and once.checked.ok
    # Not "unchanged": its one backward is the sum's, not the original's first.
    assert "unchanged" not in once.headline
    text = (HERE / name).read_text(encoding="utf-8")
    twin = (HERE / name.replace(".rs", ".clean.rs")).read_text(encoding="utf-8")
    fixed = _stdout_of(applied(text, once.edits), tmp_path, name)
    assert fixed == _stdout_of(twin, tmp_path, "twin.rs")
    # The detach is said in words, with what it cuts; never code.
    cut = [h for h in error.helps if f"cuts the sum `{sum_}` accumulates" in h.note]
    assert cut and all(not h.edits for h in cut)
    assert f"{sum_} = {sum_}.detach();" not in "".join(e.replacement for e in once.edits)


def test_detaching_the_sum_trains_on_the_last_pass_alone(tmp_path):
    """Why the detach is not shown: by hand, the detached program prints, for each micro-batch
    after the first, its own loss's gradient, not the accumulated one (the first the same)."""
    text = (HERE / "microbatch_accum.rs").read_text(encoding="utf-8")
    detached = text.replace(
        "            last = Some(grads);\n",
        "            last = Some(grads);\n            running = running.detach();\n",
    )
    original = pbpit_run(HERE / "microbatch_accum.rs")[1].splitlines()
    cut = _stdout_of(detached, tmp_path, "cut.rs").splitlines()
    assert cut[0] == original[0]  # backward #1: the only one the original ran
    twin = _stdout_of(
        (HERE / "microbatch_accum.clean.rs").read_text(encoding="utf-8"), tmp_path, "twin.rs"
    )
    # The twin's one backward a step is the sum's: the cut program's last micro-batch differs.
    assert twin.splitlines()[0].split("|g| ")[1] != cut[2].split("|g| ")[1]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("target_net.rs", "`targets` is made by `target_net`, a copy of `online`"),
        ("frozen_copy.rs", "`goal` is made by `frozen`, a copy of `critic`"),
    ],
)
def test_a_target_network_is_detached_as_lint_fix_detaches_it(name, words, tmp_path):
    result, error = _error(name)
    said = [h.message for h in error.helps if not h.edits]
    assert any(m.startswith("detach once: " + words) for m in said), said
    assert not any(m.startswith("recompute in the loop") for m in said), said
    fixes = explain_in_case(result, result.panic.node_id).fixes
    (applies,) = [f for f in fixes if f.applies]
    assert applies.key == "detach once"
    text = (HERE / name).read_text(encoding="utf-8")
    fixed = applied_lines(text, applies.lines)
    if name == "frozen_copy.rs":
        twin = (HERE / "frozen_copy.clean.rs").read_text(encoding="utf-8")
        assert _stdout_of(fixed, tmp_path, name) == _stdout_of(twin, tmp_path, "twin.rs")


def test_the_audit_reports_the_target_the_loop_reads_not_what_it_is_made_from():
    result = run_case(resolve_case(str(HERE / "target_net.rs")))
    report = diagnose_run(result).audit
    hazards = [e.label for e in report.entries if e.verdict == "hazard"]
    assert hazards == ["targets"]
    (best_next,) = [e for e in report.entries if e.label == "best_next"]
    assert best_next.reason == "used only on the way to `targets`: reported there"


def test_a_parameter_passed_to_a_free_function_is_named_by_the_callers_path():
    _, error = _error("helper_arg_names.rs")
    (fix,) = [h for h in error.helps if h.edits]
    names = [name for name, _ in fix.checked.gradients]
    assert names == ["net.trunk.weight", "net.trunk.bias", "net.head.weight", "net.head.bias"]
    assert "gradients compared in backward #1, the only one the original ran" in fix.headline


@pytest.mark.parametrize("name", ["accum_pieces.rs", "microbatch_accum.rs"])
def test_lint_fix_backpropagates_the_sum_once_as_the_twin_does(name, tmp_path):
    from pbpit_process import pbpit_main

    copy = tmp_path / name
    copy.write_text((HERE / name).read_text(encoding="utf-8"), encoding="utf-8")
    linted = pbpit_main("lint", str(copy)).stdout
    assert "help: backpropagate `" in linted and ".detach();" not in linted
    pbpit_main("lint", "--fix", str(copy))
    twin = (HERE / name.replace(".rs", ".clean.rs")).read_text(encoding="utf-8")
    assert pbpit_run(copy)[1] == _stdout_of(twin, tmp_path, "twin.rs")
