"""State carried through one element of a collection taken `&mut` (issue 24): `let w = &mut
workers[t % 2]; w.act(..)` of a `&mut self` method setting `self.h = h.clone()`, the same method
called in place (`workers[t % 2].act(..)`), a map's `entry(k).or_insert_with(..)`, an element's
field written in the loop (`w.h = h.clone()`); state an `Option` keeps and fills
(`snapshot.get_or_insert_with(|| pred.clone())`, `insert`, `replace`, `*slot = Some(..)`).

Each program of tests/element25/ panics; beside it, `NAME.twin.rs` is the fix a careful user
writes by hand. The oracle is that twin: lint, run and audit name the same rule and binding and
print the same first code fix, which, applied alone, runs and prints what the twin prints, digit
for digit; `lint --fix` writes it and the file re-lints clean."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "element25"
PROGRAMS = sorted(p for p in HERE.glob("*.rs") if not p.name.endswith(".twin.rs"))
LINT_ONLY = sorted(HERE.glob("*.lint.rs"))
RUN = [p for p in PROGRAMS if p not in LINT_ONLY]


def _first_code_fix(diagnostic: dict) -> list[dict]:
    for help_ in diagnostic.get("help", []):
        if help_.get("edits"):
            return help_["edits"]
    return []


def _twin(program: Path) -> Path:
    return program.with_name(program.name.split(".")[0] + ".twin.rs")


@pytest.mark.parametrize("program", RUN, ids=lambda p: p.stem)
def test_every_commands_first_code_fix_trains_as_the_hand_fix(program, tmp_path):
    status, expected, _ = pbpit_run(_twin(program))
    assert status == 0 and expected.count("\n") >= 2, expected
    status, _, _ = pbpit_run(program)
    assert status != 0, "the program itself must panic"
    text = program.read_text()
    fixes, names = {}, {}
    for command in ("lint", "run", "audit"):
        (diagnostic,) = [d for d in json_diagnostics(command, program) if d.get("rule")]
        assert diagnostic["rule"] == "loop-external-tracked", diagnostic
        fixes[command] = _first_code_fix(diagnostic)
        names[command] = first_named(diagnostic["message"])
    assert fixes["lint"], "lint prints no fix as code"
    assert fixes["run"] == fixes["lint"] == fixes["audit"], fixes
    assert len(set(names.values())) == 1, names
    (tmp_path / "fixed.rs").write_text(apply_json_edits(text, fixes["lint"]))
    status, out, err = pbpit_run(tmp_path / "fixed.rs")
    assert (status, out) == (0, expected), err


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_lint_fix_writes_the_hand_fix(program, tmp_path):
    copy = tmp_path / "main.rs"
    copy.write_text(program.read_text())
    pbpit_main("lint", "--fix", str(copy))
    assert copy.read_text() == _twin(program).read_text()
    assert pbpit_main("lint", str(copy)).returncode == 0
