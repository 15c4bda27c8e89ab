"""Advice on new Burn 0.22 programs of the shapes a held-out measurer found wrong in session 21,
written by helper G (tests/advice_g21/: each panicking program `gNN_*.rs` beside
`gNN_*.twin.rs`, the fix written by hand, as a careful user would, before pbpit's fix was
looked at; the rule and bindings below are hand verdicts, not pbpit's output):

- g01, g02: a normalisation's `mean` and `std` measured once before the loop from a tracked
  tensor and read by every pass's loss: one alone fixed still panics at the other. Made from
  the encoder the loop steps (g01): both moved into the loop; from a backbone no optimizer
  steps (g02): both detached.
- g03: mutual learning, two models each pulled towards the other's output, `loss_a` then
  `loss_b` backpropagated: detaching `out_a` alone still panics at `out_b`; each output is
  detached where the other's loss reads it as a target.

The oracle is the twin: its text (what `lint --fix` writes, and what each command's first code
fix makes of the program), and its run (the fixed program prints what the twin prints)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pbpit_process import apply_edits, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_g21"

# Hand verdicts: the rule, and the bindings a user changes (the first a diagnostic names).
HAND = {
    "g01_norm_stats_stepped.rs": ("loop-external-tracked", {"mean", "std"}),
    "g02_norm_stats_frozen.rs": ("loop-external-tracked", {"mean", "std"}),
    "g03_mutual_learning.rs": ("shared-intermediate", {"out_a", "out_b"}),
}


def _twin(name: str) -> str:
    return (HERE / name.replace(".rs", ".twin.rs")).read_text(encoding="utf-8")


def _diagnostics(command: str, path: Path) -> list[dict]:
    """The diagnostics `pbpit COMMAND --json` gives of `path`."""
    if command == "lint":
        done = pbpit_main("lint", "--format", "json", str(path))
        return json.loads(done.stdout)["findings"]
    done = pbpit_main(command, "--json", str(path))
    data = json.loads(done.stdout)
    if command == "explain":
        return [data["diagnostic"]]
    return data["diagnostics"]


def _binding(message: str) -> str:
    """The first name a diagnostic's message puts in backticks."""
    found = re.search(r"`([^`]+)`", message)
    assert found is not None, message
    return found[1]


class _Edit:
    def __init__(self, edit: dict):
        self.__dict__.update(edit)


@pytest.mark.parametrize("name", sorted(HAND))
def test_lint_fix_writes_the_hand_written_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    status, _, _ = pbpit_run(program)
    assert status == 101  # the original panics
    pbpit_main("lint", "--fix", str(program))
    assert program.read_text() == _twin(name)
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(name))
    fixed, out, _ = pbpit_run(program)
    hand, expected, _ = pbpit_run(twin)
    assert hand == 0 and expected.count("\n") >= 2, expected
    assert fixed == 0 and out == expected, out


@pytest.mark.parametrize("command", ["run", "audit", "explain", "lint"])
@pytest.mark.parametrize("name", sorted(HAND))
def test_each_command_names_the_hand_rule_and_binding_and_writes_the_twin(name, command):
    rule, bindings = HAND[name]
    (first, *_) = _diagnostics(command, HERE / name)
    assert first["rule"] == rule, first["message"]
    assert _binding(first["message"]) in bindings, first["message"]
    coded = [h for h in first["help"] if h["edits"]]
    assert coded, first["help"]
    assert coded[0].get("checked", {}).get("verdict", "runs") == "runs", coded[0]
    edits = [_Edit(e) for e in coded[0]["edits"]]
    assert apply_edits((HERE / name).read_text(encoding="utf-8"), edits) == _twin(name)


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_hand_written_twins_lint_clean(name):
    twin = HERE / name.replace(".rs", ".twin.rs")
    done = pbpit_main("lint", "--format", "json", str(twin))
    assert json.loads(done.stdout)["findings"] == []


def test_each_of_two_stats_alone_still_panics_so_both_are_one_fix():
    # g02: the detach of `std` alone (hand-made) still panics, at `mean`: the one fix pbpit
    # offers names both.
    for command in ("lint", "run"):
        (first, *_) = _diagnostics(command, HERE / "g02_norm_stats_frozen.rs")
        coded = [h for h in first["help"] if h["edits"]]
        assert "`mean` and `std`" in coded[0]["message"], coded[0]


def test_detaching_one_stat_alone_still_panics(tmp_path):
    # The oracle of the test above: `std` detached alone, by hand, panics at `mean`.
    text = (HERE / "g02_norm_stats_frozen.rs").read_text(encoding="utf-8")
    one = text.replace(
        "let std = feats.var(0).sqrt() + 1e-3;", "let std = (feats.var(0).sqrt() + 1e-3).detach();"
    )
    assert one != text
    program = tmp_path / "one.rs"
    program.write_text(one)
    status, _, err = pbpit_run(program)
    assert status == 101 and "graph tape has already been consumed" in err, err
