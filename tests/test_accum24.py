"""Values a loop keeps across passes and never resets (issue 24): losses pushed into a helper's
`Vec` and summed whole every few passes (`pending.add(loss)`, `pending.total().backward()`), a
penalty summed across passes and added to each pass's loss, a sample's loss kept after the step
for the next epoch (`hard.clear(); hard.push(per_sample.max())`), slots filled by
`slots[j].get_or_insert_with(..)`, a `HashMap`'s tensors decayed through `values_mut()`.

Each program of tests/accum24/ panics; beside it, `NAME.twin.rs` is the fix a careful user
writes by hand. The oracle is that twin: the first fix each command prints as code, applied
alone, runs and prints what the twin prints, digit for digit (equal text of the losses is equal
training), and lint, run and audit print the same first code fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, json_diagnostics, pbpit_run

HERE = Path(__file__).parent / "accum24"
PROGRAMS = sorted(p for p in HERE.glob("*.rs") if not p.name.endswith(".twin.rs"))


def _first_code_fix(diagnostic: dict) -> list[dict]:
    for help_ in diagnostic.get("help", []):
        if help_.get("edits"):
            return help_["edits"]
    return []


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_every_commands_first_code_fix_trains_as_the_hand_fix(program, tmp_path):
    twin = program.with_name(program.stem + ".twin.rs")
    status, expected, _ = pbpit_run(twin)
    assert status == 0 and expected.count("\n") >= 2, expected
    text = program.read_text()
    fixes = {}
    for command in ("lint", "run", "audit"):
        (diagnostic,) = [d for d in json_diagnostics(command, program) if d.get("rule")]
        assert diagnostic["rule"] == "loop-external-tracked", diagnostic
        fixes[command] = _first_code_fix(diagnostic)
    assert fixes["lint"], "lint prints no fix as code"
    assert fixes["run"] == fixes["lint"] == fixes["audit"], fixes
    (tmp_path / "fixed.rs").write_text(apply_json_edits(text, fixes["lint"]))
    status, out, err = pbpit_run(tmp_path / "fixed.rs")
    assert (status, out) == (0, expected), err


def test_lint_fix_empties_the_slot_get_or_insert_with_filled_and_relints_clean(tmp_path):
    # `slots[j] = None;` of `let j = step % 2;` empties the slot the pass filled through
    # `slots[j].get_or_insert_with(..)` (was: --fix restored the file, its re-lint still warned).
    from pbpit_process import pbpit_main

    program = HERE / "slots_get_or_insert_with.rs"
    copy = tmp_path / "main.rs"
    copy.write_text(program.read_text())
    pbpit_main("lint", "--fix", str(copy))
    added = [line for line in copy.read_text().splitlines() if line not in program.read_text()]
    assert added == ["        slots[j] = None;"], added
    assert pbpit_main("lint", str(copy)).returncode == 0
    twin = program.with_name(program.stem + ".twin.rs")
    assert pbpit_run(copy)[:2] == (0, pbpit_run(twin)[1])
