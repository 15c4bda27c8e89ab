"""State carried from one pass of a loop into the next is detached where it is carried, as a
Rust user writes it (tests/carry_line/, each `NAME.rs` beside `NAME.fixed.rs`, written by hand):

- `state = fresh;` as the loop's carry: `state = fresh.detach();` on that line (gru_gate);
- `self.last = feat.clone();` in the one method that keeps the field, `feat` not read after it:
  `self.last = feat.detach();` there, not a line `tracker.last = tracker.last.clone().detach();`
  added to the caller's pass (tracker_memory);
- state read by the pass's own loss after it is assigned (`avg = avg * 0.9 + ..; let loss =
  avg..`): detached on the carry line, the loss would train nothing through it: the line
  `avg = avg.detach();` at the end of the pass stays (ema_read_after);
- a `Vec` of states set by index in the loop (`states[0] = ..; states[1] = f(states[0])`): each
  element detached at the end of the pass, in place; detached where set, `states[1]` would lose
  `states[0]`'s gradient within the pass (two_layer_states).

`lint --fix` writes the hand-written twin byte for byte; `pbpit run` shows the same edit, checked
by running it (the first backward's gradients unchanged); the twin runs clean, lints clean, and
prints what the original printed before its panic unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_main

from pbpit.diagnose.findings import diagnose_run
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "carry_line"

CASES = [
    # name, binding, words the fix's message starts with
    ("gru_gate.rs", "state", "detach `fresh` where it is put in `state`, line 45"),
    ("tracker_memory.rs", "tracker.last", "detach `feat` where it is put in `tracker.last`, line"),
    ("ema_read_after.rs", "avg", "detach `avg` at the end of each pass"),
    ("two_layer_states.rs", "states", "detach each tensor of `states` at the end of each pass"),
]


@pytest.mark.parametrize(("name", "binding", "starts"), CASES)
def test_lint_fix_writes_the_hand_written_twin(name, binding, starts, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(program))
    fixed = HERE / name.replace(".rs", ".fixed.rs")
    assert program.read_text() == fixed.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "binding", "starts"), CASES)
def test_the_run_names_the_carrier_and_shows_lints_edit_checked(name, binding, starts):
    (finding,) = lint_paths([HERE / name]).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", binding)
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith(starts), fix.message
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", binding)
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.message.startswith(starts)
    assert shown.checked is not None and shown.checked.ok and shown.checked.keeps_gradients


@pytest.mark.parametrize(("name", "binding", "starts"), CASES)
def test_the_twin_runs_clean_and_its_first_step_is_the_originals(name, binding, starts):
    original = run_case(resolve_case(str(HERE / name)))
    fixed_path = HERE / name.replace(".rs", ".fixed.rs")
    fixed = run_case(resolve_case(str(fixed_path)))
    assert fixed.exit_code == 0 and fixed.panic is None, fixed.stderr
    assert lint_paths([fixed_path]).findings == []
    # The original prints each step's loss before its backward and panics at the second
    # backward: two lines. A detach changes no value, so the twin prints the same two first.
    printed = original.stdout.splitlines()
    assert len(printed) == 2 and printed[0].startswith(("step 0", "frame 1"))
    assert fixed.stdout.splitlines()[:2] == printed


def test_a_field_another_method_of_the_pass_reads_is_detached_at_the_end_of_the_pass(tmp_path):
    # `tracker.peek()` reads `self.last` after `observe` wrote it, in the same pass, and the
    # loss uses it: detached where `observe` puts it, that term would train nothing.
    text = (HERE / "tracker_memory.rs").read_text(encoding="utf-8")
    text = text.replace(
        "        score\n    }\n}",
        "        score\n    }\n\n    fn peek(&self) -> Tensor<2> {\n"
        "        self.last.clone()\n    }\n}",
    )
    text = text.replace(".abs().mean();", ".abs().mean() + tracker.peek().sum() * 0.1;")
    program = tmp_path / "main.rs"
    program.write_text(text)
    (finding,) = lint_paths([program]).findings
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith("detach `tracker.last` at the end of each pass"), fix.message
    assert [e.replacement.strip() for e in fix.edits] == [
        "tracker.last = tracker.last.clone().detach();"
    ]
