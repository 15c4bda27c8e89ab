"""State the loop blends from its own value (a slow copy of a weight, a running mean of the
predictions, a moving-average baseline), first made before the loop from something tracked
(`let mut slow = head.out.bias.as_ref().unwrap().val() / 10.0;`, `net.fc.forward(x).mean()`).
The tensor the run panics at is the one made before the loop, but what carries it into the next
pass is the blend: every command leads with the blend detached where it is put, as code, and
`lint --fix` writes it (tests/advice_blend/, each program beside the twin written by hand before
pbpit ran on it). The oracle is the twin's run: the fixed program prints what the twin prints.
Computing the tensor inside the loop (its `let` moved there) is not offered: it would make the
state anew each pass, losing what the passes before blended into it."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_blend"
PROGRAMS = sorted(p.name for p in HERE.glob("*.rs") if not p.name.endswith(".twin.rs"))


def _twin_output(name: str, tmp_path: Path) -> str:
    twin = tmp_path / "twin.rs"
    twin.write_text((HERE / name.replace(".rs", ".twin.rs")).read_text(encoding="utf-8"))
    status, out, _ = pbpit_run(twin)
    assert status == 0 and out.count("\n") >= 3, out
    return out


@pytest.mark.parametrize("name", PROGRAMS)
def test_lint_fix_writes_the_blend_detached(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    assert pbpit_run(program)[0] == 101  # the original panics
    pbpit_main("lint", "--fix", str(program))
    fixed, out, _ = pbpit_run(program)
    assert fixed == 0 and out == _twin_output(name, tmp_path), out


@pytest.mark.parametrize("command", ["run", "explain", "audit", "lint"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_every_command_leads_with_the_blend_detached(name, command, tmp_path):
    text = (HERE / name).read_text(encoding="utf-8")
    found = [d for d in json_diagnostics(command, HERE / name) if d.get("rule")]
    assert {d["rule"] for d in found} == {"loop-external-tracked"}, found
    helps = found[0]["help"]
    coded = [h for h in helps if h.get("edits")]
    assert coded, helps
    assert "where it is put in `" in coded[0]["message"], coded[0]["message"]
    assert not any("inside the loop" in h["message"] for h in helps), helps
    assert not any("in the loop, every pass" in h["message"] for h in helps), helps
    program = tmp_path / "main.rs"
    program.write_text(apply_json_edits(text, coded[0]["edits"]))
    fixed, out, _ = pbpit_run(program)
    assert fixed == 0 and out == _twin_output(name, tmp_path), out
