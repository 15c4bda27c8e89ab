"""Losses of one forward kept in a collection and backpropagated one by one by a loop that walks
it (issue 24, N5's q25): a `BTreeMap` walked by `iter()` or `values()`, a `Vec` of `(name,
loss)` pairs, `while let Some(loss) = losses.pop()`, a `VecDeque`, an array walked by value.
Every pass's loss is made from the same `pred` in the same pass, so the walk's second backward
panics at `pred` (the run's panic names its NodeId): `shared-intermediate`, never "made before
the loop" (`loop-external-tracked`). Its code fix adds the walked losses and backpropagates their
sum once, after the loop; made and run, it prints what the hand-fixed twin (`NAME_fixed.rs`,
the sum written by hand) prints, bit for bit (`{}` of each f32 loss).

Two losses stepped at learning rates of their own (N5's q13): the sum keeps each rate by scaling
the second loss by the rates' ratio where the optimizer is plain SGD (the twin written so by
hand prints the same); with Adam it is said in words, never as code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

from pbpit.diagnose.fix_check import applied
from pbpit.diagnostics.model import Edit
from pbpit.lint.tree import lint_paths

HERE = Path(__file__).parent / "loss_collections_a24"
PANIC = "graph tape has already been consumed at NodeId({})"  # the shared tensor (hand count)


def _finding(name: str):
    (finding,) = lint_paths([HERE / name]).findings
    return finding


def _runs_as_twin(tmp_path: Path, name: str, edits) -> None:
    fixed = tmp_path / name
    fixed.write_text(applied((HERE / name).read_text(encoding="utf-8"), edits))
    status, out, err = pbpit_run(fixed)
    assert status == 0, err
    twin_status, twin_out, _ = pbpit_run(HERE / name.replace(".rs", "_fixed.rs"))
    assert twin_status == 0
    assert out == twin_out


@pytest.mark.parametrize(
    ("name", "shared", "node"),
    [
        ("btree_iter.rs", "pred", 12),
        ("btree_values.rs", "pred", 12),
        ("btree_enumerate.rs", "pred", 12),
        ("tuple_vec_iter.rs", "pred", 12),
        ("vec_pop.rs", "pred", 12),
        ("deque_iter.rs", "pred", 12),
        ("array_plain.rs", "pred", 12),
        # (name, loss) pairs a struct's method pushes into its `Vec` field, walked by the field
        ("book_struct.rs", "s", 12),
        # a helper's `vec![..]` of two losses walked at once, each stepped in the loop
        ("helper_vec_steps.rs", "h", 7),
        # a `Vec` filled by `extend([mse, reg])`, or collected from the array
        ("vec_extend.rs", "pred", 12),
        ("vec_collect.rs", "pred", 12),
        # `iter::once(mse).chain(iter::once(reg)).collect()`: two elements, one a pass
        ("vec_chain.rs", "pred", 12),
    ],
)
def test_losses_walked_from_a_collection_are_shared_and_added_after_the_loop(
    name, shared, node, tmp_path
):
    status, _, err = pbpit_run(HERE / name)
    assert status == 101 and PANIC.format(node) in err
    finding = _finding(name)
    assert finding.rule == "shared-intermediate"
    assert finding.message.startswith(f"`{shared}` is shared by the losses of the loop's passes")
    (added,) = [h for h in finding.helps if h.message.startswith("add the losses of the loop")]
    assert added.edits
    _runs_as_twin(tmp_path, name, added.edits)


def test_run_explain_and_lint_name_the_same_rule_and_binding_for_a_map_of_losses():
    path = str(HERE / "btree_iter.rs")
    ran = json.loads(pbpit_main("run", "--json", path).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    explained = json.loads(pbpit_main("explain", "--json", path).stdout)["diagnostic"]
    linted = json.loads(pbpit_main("lint", "--format", "json", path).stdout)["findings"]
    assert [error["rule"], explained["rule"], linted[0]["rule"]] == ["shared-intermediate"] * 3
    for message in (error["message"], explained["message"], linted[0]["message"]):
        assert "`pred`" in message and "before the loop" not in message


@pytest.mark.parametrize(
    "name",
    [
        "rates_interleaved.rs",
        "rates_fields.rs",
        # a second SGD for the second loss: it goes with its step (rustc could not type it)
        "rates_two_optimizers.rs",
    ],
)
def test_two_losses_at_their_own_sgd_rates_are_added_keeping_each_rate(name, tmp_path):
    finding = _finding(name)
    assert finding.rule == "shared-intermediate"
    (rated,) = [h for h in finding.helps if "keeping each one's learning rate" in h.message]
    assert rated.edits and finding.helps[0] is rated
    # the one code fix: the loss made again after the first step trains on the stepped model
    assert [h for h in finding.helps if h.edits] == [rated]
    _runs_as_twin(tmp_path, name, rated.edits)
    # rustc infers an optimizer's type from its step: one left without it is E0282
    assert "sgd_aux" not in applied((HERE / name).read_text(encoding="utf-8"), rated.edits)


def test_rates_of_an_optimizer_that_is_no_plain_sgd_are_said_in_words():
    finding = _finding("rates_adam.rs")
    (words,) = [h for h in finding.helps if "other rates" in h.message]
    assert not words.edits
    assert "`lr` for `main_loss`, `lr * 0.5` for `aux_loss`" in words.message


def test_a_run_writes_the_sum_of_the_passes_losses_where_lint_does_not_see_them(tmp_path):
    # `std::iter::once(mse).chain(std::iter::once(reg)).collect()`: the run's diagnosis writes
    # the same fix as lint's (since lint reads `once` and `chain`), checked by running it.
    name = "vec_chain.rs"
    ran = json.loads(pbpit_main("run", "--json", str(HERE / name)).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    assert error["rule"] == "shared-intermediate" and "`pred`" in error["message"]
    (added,) = [h for h in error["help"] if h["message"].startswith("add the losses of the loop")]
    assert added["checked"]["verdict"] == "runs"
    edits = [Edit(**e) for e in added["edits"]]
    _runs_as_twin(tmp_path, name, edits)


def test_rates_of_steps_a_log_separates_are_said_in_words():
    # N5's q13 with a `println!` between the two steps: no code, but the sum said with the
    # rates' ratio, never the plain `(rec + penalty)` that steps `penalty` at `0.1`.
    finding = _finding("rates_steps_apart.rs")
    (words,) = [h for h in finding.helps if h.message.startswith("add the losses")]
    assert not words.edits
    assert "`(rec + penalty * (0.01 / 0.1)).backward()`, stepped once at `0.1`" in words.message
