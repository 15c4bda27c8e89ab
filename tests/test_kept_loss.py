"""A loss a loop keeps in a binding of its own (`last`, `best`, `stats.latest`) and
backpropagates again after the loop (`pbpit/lint/rules/kept_loss.py`): every command says
double-backward of the binding that keeps it, and the one code fix each prints, applied, trains
as the careful user's twin does (`NAME.twin.rs`, written by hand: its stdout is the oracle)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pbpit_process import apply_json_edits, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "kept_loss"

# program: the binding that keeps the loss, a word of the fix
CASES = {
    "flush_last_batch": ("last", "acc.take()"),
    "window_flush_names": ("prev", "pending.take()"),
    "revisit_easiest_batch": ("best", "keep in `best`"),
    "hardest_again": ("worst", "keep in `worst`"),
    "stats_field_last": ("stats.latest", "keep in `stats.latest`"),
    "struct_window": ("final_loss", "acc.sum.take()"),
    "last_loss_whole_batch": ("last_loss", "compute `loss` again"),
    "history_last": ("history", "compute `loss` again"),
    "while_best": ("best", "keep in `best`"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_command_one_rule_one_binding_one_fix(name, tmp_path):
    program = HERE / f"{name}.rs"
    binding, word = CASES[name]
    fixes = set()
    for command in ("run", "explain", "audit", "lint"):
        found = [f for f in json_diagnostics(command, program) if f.get("rule")]
        assert found, command
        first = found[0]
        assert first["rule"].removeprefix("pbpit::") == "double-backward", command
        named = first["message"].split("`")[1]  # explain's page names the node's binding first
        assert named == binding, (command, first["message"])
        helps = [h for h in first.get("help", []) if h.get("edits")]
        assert len(helps) == 1 and word in helps[0]["message"], command
        fixes.add(json.dumps(helps[0]["edits"], sort_keys=True))
    assert len(fixes) == 1  # the same code in every command
    fixed = tmp_path / f"{name}.rs"
    fixed.write_text(apply_json_edits(program.read_text(), json.loads(fixes.pop())))
    status, out, _ = pbpit_run(fixed)
    twin_status, twin_out, _ = pbpit_run(HERE / f"{name}.twin.rs")
    assert (status, out) == (twin_status, twin_out) and twin_status == 0


def test_twins_are_clean():
    for name in CASES:
        found = json.loads(
            pbpit_main("lint", "--format", "json", str(HERE / f"{name}.twin.rs")).stdout
        )
        assert found["findings"] == [], name


def test_never_detach_the_kept_loss():
    """Detached where it is kept, the loss would train nothing after the loop: never offered."""
    for name in CASES:
        for finding in json_diagnostics("lint", HERE / f"{name}.rs"):
            for help_ in finding.get("help", []):
                assert ".detach()" not in json.dumps(help_.get("edits", [])), name


def test_a_counter_moved_on_before_the_loss_is_kept_is_not_read_after_the_loop():
    """`i += 1` before `best = Some((v, loss))`: after the loop `i` is another pass's value, so
    the loss is said in words, never computed again from the counter."""
    found = json_diagnostics("lint", HERE / "while_counter_moved.rs")
    assert [f["rule"].removeprefix("pbpit::") for f in found] == ["double-backward"]
    assert found[0]["message"].startswith("`best` keeps")
    assert not any(h.get("edits") for h in found[0].get("help", []))
