"""Advice on accumulators and slots that carry a graph across backwards (issue 24, fixer B of
session 23; tests/advice_b23/: each panicking program `NAME.rs` beside `NAME.twin.rs`, the fix
written by hand; the carriers below are hand verdicts):

- a loss sum the loop adds every batch's loss to, backpropagated every few batches and reset
  only where it is made (once an epoch): q15 (helper N4's held-out program of session 22, twin
  c15) keeps it in a local `Option`; d2 in a tensor from zeros (`Tensor<B, 1>`); d3 in a field
  of a struct the loop fills itself; d4 in a local `(Option, usize)` pair; e1..e6 the same
  with the match's arms giving `Some`, a destructured `(sum, count)` pair, a tuple struct's
  `.0`, `if let Some(t) = total.take()`, a tensor field, a free function adding to the
  `Option`. pbpit said replay ("keep in `total` what `total` is computed from") or detach the
  sum each pass (which panics, or leaves each backward its own pass's loss); right: the sum
  taken out where the backward reads it (`total.take()` for `total.clone()`), or its starting
  value given again after the backward.
- b3 (helper B2's, session 22): a tuple struct's `flush(&mut self)` hands out a clone of its
  `Option` sum for the loop to backpropagate: taken out there (`self.0.take()`); e7: a `&self`
  method hands it out, so the loop empties it after the backward (`tally.0 = None;`).
- b2 (helper B2's): a `Vec<Option<Tensor>>` slot the loop fills itself when empty
  (`shelf.slots[i] = Some(..)`), read again by the next round: emptied after the pass's step
  (`shelf.slots[i] = None;`), which keeps the encoder training (detached where put, it would
  not learn); lint reads that emptying and is silent on the fixed program. b4: the same slots
  in a local `let mut protos: Vec<Option<Tensor<2>>> = vec![None; 4];` (`protos[k] = None;`);
  b5: filled in the `None` arm of `match feats[i].clone()` (`let f = ..; feats[i] =
  Some(f.clone()); f`), which got words only.

g2..g7 were written as held-out programs after the fixes above (a generic struct filled in a
`while`, a local `map_or` sum in a function, a tuple struct's tensor sum, a `drain` read by `if
let`, `self.acc` in a `&mut self` method, which got no code fix, a tuple's tensor sum in a
`loop`), kept here as they were measured; g8 (a generic trainer's field read through
`as_ref()`) and g9 (a sum made before the epochs) of a later batch likewise.

The oracle is each twin: its run (the losses it prints, pass by pass), and its text where the
fix is one word or one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_b23"

RULE = "loop-external-tracked"

# The binding that carries the sum (or the slot) into the next backward.
HAND = {
    "q15_local_option_match.rs": "total",
    "d2_local_zeros_generic.rs": "total",
    "d3_field_inline_take.rs": "meter.sum",
    "d4_tuple_local_pair.rs": "acc.0",
    "e1_option_match_take_arms.rs": "total",
    "e2_destructured_pair_zeros.rs": "total",
    "e3_tuple_struct_inline.rs": "tally.0",
    "e4_if_let_take_put.rs": "total",
    "e5_field_tensor_sum.rs": "meter.sum",
    "e6_helper_returns_option.rs": "total",
    "e7_tuple_struct_peek_ref_self.rs": "tally.0",
    "b2_slot_vec_inline.rs": "shelf.slots",
    "b4_local_slots_vec.rs": "protos",
    "b5_local_slots_match_fill.rs": "feats",
    "b3_tally_flush_clone.rs": "tally.0",
    "g2_generic_struct_while.rs": "acc.loss",
    "g3_function_local_map_or.rs": "running",
    "g4_tuple_struct_tensor.rs": "bucket.0",
    "g5_drain_if_let.rs": "pending.sum",
    "g6_self_field_in_method.rs": "self.acc",
    "g7_generic_tuple_loop_break.rs": "pair.0",
    "g8_generic_trainer_as_ref.rs": "trainer.pending",
    "g9_sum_before_epochs.rs": "loss_sum",
}

# The fixes that give the sum its starting value again: right after the backward, where the
# twin's is after the step (the same training); the other twins are the fix's text.
RESET = {
    "d2_local_zeros_generic.rs": "total = Tensor::<B, 1>::zeros([1], &device);",
    "e2_destructured_pair_zeros.rs": "total = Tensor::<1>::zeros([1], &device);",
    "e5_field_tensor_sum.rs": "meter.sum = Tensor::<1>::zeros([1], &device);",
    "e7_tuple_struct_peek_ref_self.rs": "tally.0 = None;",
    "g4_tuple_struct_tensor.rs": "bucket.0 = Tensor::<1>::zeros([1], &device);",
    "g5_drain_if_let.rs": "pending.sum = None;",
    "g7_generic_tuple_loop_break.rs": "pair.0 = Tensor::<B, 1>::zeros([1], &device);",
    "g8_generic_trainer_as_ref.rs": "trainer.pending = None;",
    "g9_sum_before_epochs.rs": "loss_sum = Tensor::<1>::zeros([1], &device);",
}
SAME_TEXT = sorted(set(HAND) - set(RESET))

COMMANDS = ["run", "audit", "explain", "lint"]


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _twin(name: str) -> str:
    text = _text(name.replace(".rs", ".twin.rs"))
    return text.split("\n", 1)[1] if text.startswith("//! Hand twin") else text


def _first_fix(command: str, name: str) -> dict:
    (first, *_) = json_diagnostics(command, HERE / name)
    assert first["rule"] == RULE, first["message"]
    assert first_named(first["message"]) == HAND[name], first["message"]
    coded = [h for h in first["help"] if h["edits"]]
    assert coded, first["help"]
    return coded[0]


def _trained(text: str, tmp_path: Path, stem: str) -> tuple[int, str]:
    program = tmp_path / f"{stem}.rs"
    program.write_text(text)
    status, out, _ = pbpit_run(program)
    return status, out


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_programs_panic_and_their_twins_run_and_lint_clean(name, tmp_path):
    status, _, err = pbpit_run(HERE / name)
    assert status == 101 and "graph tape has already been consumed" in err, err
    status, out = _trained(_twin(name), tmp_path, "twin")
    assert status == 0 and out.count("\n") >= 2, out
    twin = tmp_path / "twin.rs"
    assert json.loads(pbpit_main("lint", "--format", "json", str(twin)).stdout)["findings"] == []


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(HAND))
def test_each_command_names_the_carrier_and_its_first_fix_trains_as_the_twin(
    name, command, tmp_path
):
    fix = _first_fix(command, name)
    assert fix.get("checked", {}).get("verdict", "runs") == "runs", fix
    assert ".detach()" not in json.dumps(fix["edits"]), fix  # the sums keep their gradients
    _, expected = _trained(_twin(name), tmp_path, "twin")
    status, out = _trained(apply_json_edits(_text(name), fix["edits"]), tmp_path, "fixed")
    assert status == 0 and out == expected, out


@pytest.mark.parametrize("name", SAME_TEXT)
def test_lint_fix_writes_the_hand_written_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(_text(name))
    pbpit_main("lint", "--fix", str(program))
    assert program.read_text() == _twin(name)


@pytest.mark.parametrize("name", sorted(RESET))
def test_lint_fix_of_a_sum_gives_it_its_starting_value_again(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(_text(name))
    pbpit_main("lint", "--fix", str(program))
    fixed = program.read_text()
    assert fixed.count(f" {RESET[name]}\n") == _text(name).count(f" {RESET[name]}\n") + 1, fixed
    _, expected = _trained(_twin(name), tmp_path, "twin")
    status, out, _ = pbpit_run(program)
    assert status == 0 and out == expected, out


def test_a_kept_gradient_fix_is_checked_with_unchanged_gradients():
    fix = _first_fix("run", "q15_local_option_match.rs")
    assert "total.take()" in fix["message"]
    assert "unchanged" in json.dumps(fix.get("checked")) or "unchanged" in fix["message"], fix


def test_the_slot_detached_where_put_is_said_to_starve_the_encoder():
    # Hand derivation: `shelf.slots[i] = Some(x.detach())` leaves `scorer.lower` no path to any
    # loss; the run says so and does not show it as code.
    (first, *_) = json_diagnostics("run", HERE / "b2_slot_vec_inline.rs")
    detach = [h for h in first["help"] if "detach" in h["message"]]
    assert detach and not detach[0]["edits"], detach
    assert detach[0]["checked"]["verdict"] == "starves", detach


def test_an_accumulator_read_again_after_its_backward_is_reset_not_taken(tmp_path):
    # The sum printed again after the step: taken at the backward, that print would find
    # `None`; reset after its last read instead (hand: the same losses as the twin).
    text = _text("q15_local_option_match.rs").replace(
        "                model = optim.step(0.1, model, grads);\n",
        "                model = optim.step(0.1, model, grads);\n"
        "                println!(\"kept {}\", total.is_some());\n",
    )
    program = tmp_path / "again.rs"
    program.write_text(text)
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)[
        "findings"
    ]
    coded = [h for h in finding["help"] if h["edits"]]
    assert coded and coded[0]["edits"][0]["replacement"].strip() == "total = None;", coded
    fixed = apply_json_edits(text, coded[0]["edits"])
    status, out = _trained(fixed, tmp_path, "fixed")
    assert status == 0 and out.count("kept true") == 4, out


def test_an_rnn_state_carried_into_every_backward_is_not_reset(tmp_path):
    # `h = cell(h)` is no sum: resetting it would cut what the loop carries on purpose.
    text = _text("d2_local_zeros_generic.rs").replace(
        "total = total + err.powf_scalar(2.0).mean();",
        "total = (total * 0.5).tanh() + err.powf_scalar(2.0).mean() * 0.0;",
    )
    program = tmp_path / "state.rs"
    program.write_text(text)
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)[
        "findings"
    ]
    assert not any("total = Tensor::<B, 1>::zeros" in json.dumps(h) for h in finding["help"])


def test_the_detach_said_of_an_option_sum_is_its_contents_and_runs(tmp_path):
    # Words only (it changes the gradients), but Rust: an `Option` has no `.detach()`; what it
    # holds, detached once its backward has run (hand: after the `if` of the backward), runs.
    (finding,) = json.loads(
        pbpit_main("lint", "--format", "json", str(HERE / "d4_tuple_local_pair.rs")).stdout
    )["findings"]
    words = [h["message"] for h in finding["help"] if not h["edits"]]
    assert words and "`acc.0 = acc.0.take().map(|t| t.detach());`" in words[0], words
    assert not any("acc.0.clone().detach()" in w for w in words), words
    text = _text("d4_tuple_local_pair.rs").replace(
        "                acc.1 = 0;\n            }\n",
        "                acc.1 = 0;\n            }\n"
        "            acc.0 = acc.0.take().map(|t| t.detach());\n",
    )
    status, out = _trained(text, tmp_path, "detached")
    assert status == 0 and out.count("epoch") == 5, out


def test_a_recurrent_state_kept_in_an_option_is_not_taken(tmp_path):
    # `Some(s) => (s * 0.5 + loss).tanh()` carries a state on purpose, not a sum of losses:
    # taken at the backward, each window would start without it (hand: detach is the fix).
    text = _text("q15_local_option_match.rs").replace(
        "Some(t) => t + loss,", "Some(t) => (t * 0.5 + loss).tanh(),"
    )
    program = tmp_path / "state.rs"
    program.write_text(text)
    status, _, err = pbpit_run(program)
    assert status == 101 and "graph tape has already been consumed" in err, err
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)[
        "findings"
    ]
    assert not any("take" in json.dumps(h["edits"]) for h in finding["help"]), finding["help"]
    assert not any(h["message"].startswith("take the sum") for h in finding["help"])
