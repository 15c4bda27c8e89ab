"""Tensors kept across passes in a map and updated in place (helper A, session 23; issue 24;
tests/advice_a23/): each panicking program `NAME.rs` beside `NAME.twin.rs`, the fix written by
hand before pbpit's was looked at.

- q04, q04b: helper N4's held-out programs of session 22 (development material since), class
  prototypes in a `HashMap<usize, Tensor<2>>` blended with each sample's embedding, through
  `match protos.get_mut(label) { Some(p) => *p = .., None => protos.insert(..) }` (q04, which
  pbpit refused to run) and through `let updated = match protos.get(..) {..};
  protos.insert(*label, updated);` (q04b, for which pbpit tried `protos.detach()`, a HashMap's).
- b1..b4: a struct's map updated by its method (`match self.centroids.get_mut(&class)`, the
  older `Tensor<B, 2>`), a helper function given `&mut targets` (`and_modify` then
  `or_insert_with`), a `Vec` of centroids through `if let Some(c) = centroids.get_mut(k)`, and
  `*styles.entry(*user).or_insert(..) = prev * 0.5 + s * 0.5` of a map whose type is inferred.
- c1..c4 (written after b1..b4, before pbpit ran on them): a `String`-keyed map through `if let
  Some(slot) = memory.get_mut(&key) {..} else {..}`, a tracker's method writing through `let e =
  self.ema.entry(id).or_insert_with(..)` (older dialect), two slots written `memory[slot] = ..`,
  and a per-class `(sum, count)` tuple written `entry.0 = ..; entry.1 += 1` (pbpit refused it).
- a1..a5: the same update written `if let Some(p) = protos.get_mut(&k) {..} else {..}`,
  `entry(k).and_modify(|p| *p = ..).or_insert(emb)` of a `BTreeMap`, `*protos.entry(k)
  .or_insert(emb) = blended`, and prototypes made before the loop updated only through
  `get_mut` (a `BTreeMap`) or `and_modify` (which lint did not see at all), or written
  `*protos.get_mut(&k).unwrap() = ..` (a6, which pbpit refused to run).

Hand verdicts: the map carries the tensor (`protos`), and every write into it must store a
detached tensor; NodeIds counted by hand (N4's VERDICTS for q04/q04b: `emb` of sample 0 is
NodeId(6); the two prototypes made before the loop in a4/a5 take ids 1 and 2, so it is 8 there;
b1: `tanh` of the first sample, 6; b2: the `reshape` of the first batch's output, 7; b3: the
first point's `z`, 7, after the two centroids' ids; b4: the first click's style `s`, 5; c1: the
first `h` (tanh), 6; c2: the first score's `reshape`, 6; c3: the first `feat`, 7, after the two
slots; c4: the first `z`, 5).
The oracle of a fix is the twin's run: the fixed program prints what the twin prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pbpit_process import (
    apply_json_edits,
    first_named,
    json_diagnostics,
    pbpit_main,
    pbpit_run,
    recorded,
)

HERE = Path(__file__).parent / "advice_a23"
RULE = "loop-external-tracked"
CONSUMED = "graph tape has already been consumed at NodeId({})"

HAND = {  # the NodeId the run panics at, counted by hand, and the binding that carries it
    "q04_match_get_mut.rs": (6, "protos"),
    "q04b_match_get_insert.rs": (6, "protos"),
    "a1_if_let_get_mut_else_insert.rs": (6, "protos"),
    "a2_btree_and_modify_or_insert.rs": (6, "protos"),
    "a3_deref_entry_assign.rs": (6, "protos"),
    "a4_btree_get_mut_only.rs": (8, "protos"),
    "a5_and_modify_only.rs": (8, "protos"),
    "a6_get_mut_unwrap_assign.rs": (8, "protos"),
    "b1_bank_struct_older.rs": (6, "bank.centroids"),
    "b2_task_ema_btree.rs": (7, "targets"),
    "b3_centroid_vec_index.rs": (7, "centroids"),
    "b4_entry_deref_counts.rs": (5, "styles"),
    "c1_string_keys_if_let.rs": (6, "memory"),
    "c2_tracker_method_entry_older.rs": (6, "tracker.ema"),
    "c3_slots_index_assign.rs": (7, "memory"),
    "c4_tuple_stats_fields.rs": (5, "stats"),
}
COMMANDS = ["run", "audit", "explain", "lint"]


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _twin(name: str) -> str:
    return _text(name.replace(".rs", ".twin.rs"))


def _twin_output(name: str, tmp_path: Path) -> str:
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(name))
    status, out, err = pbpit_run(twin)
    assert status == 0, err
    return out


@pytest.mark.parametrize("name", sorted(HAND))
def test_each_program_panics_at_the_hand_node_and_its_twin_runs_clean(name, tmp_path):
    status, _, err = pbpit_run(HERE / name)
    assert status == 101 and CONSUMED.format(HAND[name][0]) in err, err
    assert _twin_output(name, tmp_path).count("\n") >= 4
    twin = tmp_path / "twin.rs"
    done = pbpit_main("lint", "--format", "json", str(twin))
    assert json.loads(done.stdout)["findings"] == []


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(HAND))
def test_each_command_names_the_map_and_its_first_fix_trains_as_the_twin(name, command, tmp_path):
    (first, *_) = json_diagnostics(command, HERE / name)
    carrier = HAND[name][1]
    assert first["rule"] == RULE and first_named(first["message"]) == carrier, first["message"]
    coded = [h for h in first["help"] if h["edits"]]
    assert coded, first["help"]
    fix = coded[0]
    assert f"detach `{carrier}`" not in fix["message"], fix["message"]
    assert fix.get("checked", {}).get("verdict", "runs") == "runs", fix
    fixed = tmp_path / "fixed.rs"
    fixed.write_text(apply_json_edits(_text(name), fix["edits"]))
    status, out, err = pbpit_run(fixed)
    assert status == 0 and out == _twin_output(name, tmp_path), err


@pytest.mark.parametrize("name", sorted(HAND))
def test_lint_fix_detaches_every_write_and_the_result_trains_as_the_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(_text(name))
    pbpit_main("lint", "--fix", str(program))
    status, out, err = pbpit_run(program)
    assert status == 0 and out == _twin_output(name, tmp_path), err
    done = pbpit_main("lint", "--format", "json", str(program))
    assert json.loads(done.stdout)["findings"] == []


def test_q04b_is_fixed_where_the_blend_is_inserted():
    # N4's hand fix, byte for byte: `protos.insert(*label, updated.detach());`.
    (first, *_) = json_diagnostics("lint", HERE / "q04b_match_get_insert.rs")
    fix = next(h for h in first["help"] if h["edits"])
    edited = apply_json_edits(_text("q04b_match_get_insert.rs"), fix["edits"])
    assert edited == _twin("q04b_match_get_insert.rs")


def test_the_update_arm_left_tracked_still_warns_and_still_panics(tmp_path):
    # q04 with the `None` arm's insert detached only (what lint wrote before): the `Some` arm
    # blends sample 2's embedding into the prototype, which sample 4 reads. Hand count: the
    # detach takes NodeId(10), so sample 2's `emb` (add) is NodeId(26); the run panics there.
    text = _text("q04_match_get_mut.rs").replace(
        "protos.insert(*label, emb);", "protos.insert(*label, emb.detach());"
    )
    program = tmp_path / "partial.rs"
    program.write_text(text)
    status, out, err = pbpit_run(program)
    assert status == 101 and CONSUMED.format(26) in err, err
    assert out.count("\n") == 5
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)[
        "findings"
    ]
    fix = next(h for h in finding["help"] if h["edits"])
    assert [e["line"] for e in fix["edits"]] == [39, 39], fix


@pytest.mark.parametrize(
    "name",
    [
        "std_maps_get_mut.rs",
        "std_get_mut_beside_fields.rs",
        "std_tuple_parts_written_back.rs",
        "std_get_mut_unwrap_assign.rs",
    ],
)
def test_std_maps_updated_through_get_mut_print_what_rustc_prints(name):
    # `match m.get_mut(..)` with the `None` arm inserting (HashMap, Vec, BTreeMap), `if let
    # Some(p) = m.get_mut(&(i % 2))`, `*m.entry(k).or_insert(d) = v`, `and_modify`,
    # `values_mut`; a method's `match self.c.get_mut(..)` whose arm reads `self.tag` and
    # writes `self.n` (fields apart from the map): rustc 1.95's binary's output recorded
    # beside each program.
    program = HERE / name
    assert pbpit_run(program)[:2] == recorded(program)[:2]


def test_the_map_named_in_the_update_arm_is_not_run(tmp_path):
    # rustc rejects it (E0499: `protos` borrowed mutably by `get_mut` while `p` lives).
    text = _text("q04_match_get_mut.rs").replace(
        "*p = p.clone() * 0.8 + emb * 0.2;",
        "protos.insert(9, emb.clone());\n                *p = p.clone() * 0.8 + emb * 0.2;",
    )
    program = tmp_path / "both.rs"
    program.write_text(text)
    status, _, err = pbpit_run(program)
    assert status == 2 and "E0499" in err, err
