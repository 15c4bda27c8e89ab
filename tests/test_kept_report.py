"""A loss a loop backpropagates and keeps, backpropagated again after the loop by a function of
the program that reports on its gradients (`grad_norm(&model, loss)`: `kept_report.py`), through
a loss made of the collection that keeps each pass's loss (`Tensor::cat(batch_losses,
0).mean()`: `kept_batches.py`), or kept beside a window a backward took (a `Vec` emptied after
its sum's backward, a tensor sum restarted with its counter: flushed while it holds any). Every
command says double-backward of the keeping binding (not shared-intermediate's "add the two
losses": there is one loss, already backpropagated), with one code fix, the same in each;
applied, it prints what the careful user's hand twin (`NAME.twin.rs`, written and run by hand)
prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pbpit_process import apply_json_edits, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "kept_report"

# program: the binding that keeps the loss, a word of the fix
CASES = {
    "stats_field_head": ("stats.last", "use the `Gradients`"),
    "method_monitor_older": ("kept", "use the `Gradients`"),
    "epoch_losses_reduce": ("losses", "compute each `loss` again"),
    "refine_stack_older": ("seen", "compute each `loss` again"),
    "let_unwrap_report": ("latest", "use the `Gradients`"),
    "field_log": ("log.losses", "compute each `loss` again"),
    "vec_window": ("last", "flush what `window` still holds"),
    "counter_window": ("last", "flush what `sum` still holds"),
    "model_method": ("last", "use the `Gradients`"),
    "walk_batches": ("kept", "compute each `loss` again"),
    "history_method": ("history.losses", "compute each `loss` again"),
    "plain_last": ("last_loss", "use the `Gradients`"),
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
        assert "add the" not in json.dumps(first.get("help", [])), command
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


def test_a_closure_given_the_kept_loss_is_named_by_the_binding_in_words():
    """`let bias_grad = |l: Tensor<1>, ..| { let g = l.backward(); .. };` after the loop: the
    same rule and binding in every command; the closure, made after the loop, cannot be called
    in it as written, so the fix is said in words, never "add the two losses"."""
    program = HERE / "closure_report.rs"
    for command in ("run", "explain", "audit", "lint"):
        first = [f for f in json_diagnostics(command, program) if f.get("rule")][0]
        assert first["rule"].removeprefix("pbpit::") == "double-backward", command
        assert first["message"].split("`")[1] == "latest", command
        helps = first.get("help", [])
        assert helps and helps[0]["message"].startswith("use the `Gradients`"), command
        assert "bias_grad" in helps[0]["message"], command
        assert not any(h.get("edits") for h in helps), command
