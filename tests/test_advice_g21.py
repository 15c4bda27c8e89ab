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
- g04: token embeddings looked up once into a `Vec` from `model.embed`, which the loop steps:
  made again where the loop reads each (issue 24 item 5: recompute for what an optimizer
  updates), first; detaching once is not the first fix.
- g05: a target copy of the online layer's weights, blended towards them by hand each pass and
  never stepped: detached (no `.require_grad()`) where it is carried and where it enters the
  loop (it is the online parameter itself there).
- g06: a step redone with the loss scaled when the gradient norm is too large (`let grads =
  (loss * scale).backward();` after `loss.backward()`): the same graph backpropagated twice,
  double-backward (not two losses sharing a tensor: adding is no fix); the loss built again.
- g07: losses summed in a struct's `Option` field by a method and backpropagated every two
  steps, never emptied: the sum is reset where it is flushed, not detached each pass (old
  windows' losses would stay in it).
- g08: encoder features memoised in a `HashMap` by sample id (`features.entry(id)
  .or_insert_with(..)`), read back the next epoch: the map carries them (not the fresh `let
  feat`); emptied each pass (the twin) or stored detached. Lint does not see it yet: the run
  and the audit say it.

The oracle is the twin: its text (what `lint --fix` writes, and what each command's first code
fix makes of the program), and its run (the fixed program prints what the twin prints)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_g21"

# Hand verdicts: the rule, and the bindings a user changes (the first a diagnostic names).
HAND = {
    "g01_norm_stats_stepped.rs": ("loop-external-tracked", {"mean", "std"}),
    "g02_norm_stats_frozen.rs": ("loop-external-tracked", {"mean", "std"}),
    "g03_mutual_learning.rs": ("shared-intermediate", {"out_a", "out_b"}),
    "g04_embeddings_vec.rs": ("loop-external-tracked", {"embedded"}),
    "g05_target_copy_blended.rs": ("loop-external-tracked", {"target.weight"}),
    "g06_clip_retry_scaled.rs": ("double-backward", {"loss"}),
    # Written after the fixes, of the same shapes with other models and names (g09-g12).
    "g09_retry_mul_scalar.rs": ("double-backward", {"loss"}),
    "g10_while_stats_frozen.rs": ("loop-external-tracked", {"centre", "scale"}),
    "g11_mutual_regressors.rs": ("shared-intermediate", {"pred_l", "pred_r"}),
    "g12_embed_table_vec.rs": ("loop-external-tracked", {"vectors"}),
}


# Programs whose twin is written otherwise than pbpit's fix, to the same effect: the oracle is
# the twin's run (each command's first fix, made, prints what the twin prints).
SAME_RUN = {
    # g07: losses summed in `acc.total` by a method, backpropagated every two steps and never
    # reset; the hand fix takes the sum out where it is flushed (`acc.total.take()`).
    "g07_loss_sum_never_reset.rs": ("loop-external-tracked", {"acc.total", "self.total"}),
    # g13 (written in review): the retry's scale a parenthesised expression of the norm
    # (`(loss * (MAX_NORM / norm))`), read as two losses sharing `loss` before; the hand fix
    # builds the loss again inside the `if`.
    "g13_retry_scaled_by_norm.rs": ("double-backward", {"loss"}),
}


def _twin(name: str) -> str:
    return (HERE / name.replace(".rs", ".twin.rs")).read_text(encoding="utf-8")


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
    (first, *_) = json_diagnostics(command, HERE / name)
    assert first["rule"] == rule, first["message"]
    assert first_named(first["message"]) in bindings, first["message"]
    coded = [h for h in first["help"] if h["edits"]]
    assert coded, first["help"]
    assert coded[0].get("checked", {}).get("verdict", "runs") == "runs", coded[0]
    edits = coded[0]["edits"]
    assert apply_json_edits((HERE / name).read_text(encoding="utf-8"), edits) == _twin(name)


@pytest.mark.parametrize("name", sorted(HAND) + sorted(SAME_RUN))
def test_the_hand_written_twins_lint_clean(name):
    twin = HERE / name.replace(".rs", ".twin.rs")
    done = pbpit_main("lint", "--format", "json", str(twin))
    assert json.loads(done.stdout)["findings"] == []


def test_each_of_two_stats_alone_still_panics_so_both_are_one_fix():
    # g02: the detach of `std` alone (hand-made) still panics, at `mean`: the one fix pbpit
    # offers names both.
    for command in ("lint", "run"):
        (first, *_) = json_diagnostics(command, HERE / "g02_norm_stats_frozen.rs")
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


def test_embeddings_of_a_stepped_module_are_not_detached_first():
    # g04: `model.embed` is stepped by the loop's optimizer: no command's first fix, in words
    # or code, detaches `embedded`.
    for command in ("run", "audit", "explain", "lint"):
        (first, *_) = json_diagnostics(command, HERE / "g04_embeddings_vec.rs")
        fixes = [h for h in first["help"] if "explain" not in h["message"][:20]]
        assert "detach" not in fixes[0]["message"].split(":")[0], (command, fixes[0])


def test_a_scaled_retry_is_never_told_to_add_the_losses():
    # g06: one loss, backpropagated twice; "add the losses" is no fix, in any command's words.
    for command in ("run", "audit", "explain", "lint"):
        (first, *_) = json_diagnostics(command, HERE / "g06_clip_retry_scaled.rs")
        said = " ".join(h["message"] for h in first["help"])
        assert not re.search(r"\badd (the|up)\b|\btheir sum\b", said), (command, said)
        assert "keep the `Gradients`" in said, (command, said)


@pytest.mark.parametrize("command", ["run", "audit", "explain", "lint"])
@pytest.mark.parametrize("name", sorted(SAME_RUN))
def test_each_command_names_the_hand_binding_and_its_fix_runs_as_the_twin(name, command, tmp_path):
    rule, bindings = SAME_RUN[name]
    (first, *_) = json_diagnostics(command, HERE / name)
    assert first["rule"] == rule, first["message"]
    assert first_named(first["message"]) in bindings, first["message"]
    assert "end of each pass" not in " ".join(h["message"] for h in first["help"])
    coded = [h for h in first["help"] if h["edits"]]
    assert coded and coded[0].get("checked", {}).get("verdict", "runs") == "runs", coded
    fixed = tmp_path / "fixed.rs"
    edits = coded[0]["edits"]
    fixed.write_text(apply_json_edits((HERE / name).read_text(encoding="utf-8"), edits))
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(name))
    hand, expected, _ = pbpit_run(twin)
    status, out, _ = pbpit_run(fixed)
    assert hand == 0 and expected.count("\n") >= 4, expected
    assert status == 0 and out == expected, out


MEMO = "g08_feature_memo_map.rs"


@pytest.mark.parametrize("command", ["run", "audit"])
def test_a_memo_map_is_named_as_the_carrier(command, tmp_path):
    (first, *_) = json_diagnostics(command, HERE / MEMO)
    assert first["rule"] == "loop-external-tracked", first["message"]
    assert first_named(first["message"]) == "features", first["message"]
    said = " ".join(h["message"] for h in first["help"])
    assert "features.clear();" in said and "detach `feat`" not in said, said
    # The twin empties the map each pass, as said: it runs and lints clean.
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(MEMO))
    status, out, _ = pbpit_run(twin)
    assert status == 0 and out.count("\n") == 4, out
    done = pbpit_main("lint", "--format", "json", str(twin))
    assert json.loads(done.stdout)["findings"] == []
