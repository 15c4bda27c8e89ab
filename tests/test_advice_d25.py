"""The fix a careful user makes for values made once or refreshed (issue 24), each program beside
the twin written by hand before pbpit ran on it (tests/advice_d25/; `n6_*` are session 24's
held-out programs, the others written for this test in both of Burn's dialects):

- a tensor a constructor computes once into a field from what the loop trains (`Trainer::new`'s
  `pos_feats`, a struct literal's `anchors: net.proj.forward(grid).tanh()`, a model handed by
  reference): the field named, computed where the struct's methods read it, the struct keeping
  what it is made from;
- targets the loop takes anew through a copy of the module it steps (`let target_net =
  qnet.clone();`, a helper given `&snapshot`, an `Option` goal): a target network's, detached
  where made;
- a memo made empty before the loop and looked up again within a pass: made anew each pass;
- an element of a `Vec` of tensors blended and read again in the pass (class centroids, a
  bank's slot): made in a `let`, stored detached, the pass reading the tracked value;
- (h, c) pairs a pass pushes and hands on (`pairs = next_pairs;`), read by an inner `for`'s
  pattern (`h04`, session 24's): named by `pairs`, each tensor detached where it is put.

The oracle is the twin's run: the first fix every command prints as code, made alone, and `lint
--fix`, give a program that prints what the twin prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, json_diagnostics, pbpit_cli, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_d25"
PROGRAMS = sorted(p.name for p in HERE.glob("*.rs") if not p.name.endswith(".twin.rs"))
COMMANDS = ["run", "explain", "audit", "lint"]
LEADS = {
    # What the first fix written as code says, by shape (its words, not only its edit).
    "B_reader_anchors.rs": "compute it where `self.anchors` is read",
    "prior_by_reference.rs": "compute it where `self.prior` is read",
    "n6_trainer_position_features.rs": "compute it where `self.pos_feats` is read",
    "two_readers.rs": "compute it where `self.bias` is read, every pass: `Tagger::predict`",
    "B_td_helper.rs": "a copy of `online` that no optimizer steps (a target network)",
    "goal_option.rs": "a copy of `enc` that no optimizer steps (a target network)",
    "n6_target_copy_values.rs": "a copy of `qnet` that no optimizer steps (a target network)",
    "agent_refresh.rs": "a copy of `self.online` that no optimizer steps (a target network)",
    "B_memo_epochs.rs": "make `codes` anew in each pass",
    "n6_edge_encoding_memo.rs": "make `cache` anew in each pass",
    "entry_memo.rs": "make `memo` anew in each pass",
    "B_prototypes.rs": "store it detached",
    "bank_slots.rs": "store it detached",
    "n6_class_centroids_vec.rs": "store it detached",
    # (h, c) pairs handed on by `pairs = next_pairs;`, read by an inner `for`'s pattern: the
    # carrier named, not the inner binding (`input`, `h`).
    "h04_pair_states_vec.rs": "where it is put in `pairs`",
}


def _twin_output(name: str, tmp_path: Path) -> str:
    twin = tmp_path / "twin.rs"
    twin.write_text((HERE / name.replace(".rs", ".twin.rs")).read_text(encoding="utf-8"))
    status, out, _ = pbpit_run(twin)
    assert status == 0 and out.count("\n") >= 2, out
    return out


def test_every_program_has_its_expected_lead():
    assert sorted(LEADS) == PROGRAMS


@pytest.mark.parametrize("name", PROGRAMS)
def test_lint_fix_trains_like_the_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    assert pbpit_run(program)[0] == 101  # the original panics
    pbpit_main("lint", "--fix", str(program))
    fixed, out, _ = pbpit_run(program)
    assert fixed == 0 and out == _twin_output(name, tmp_path), out


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", PROGRAMS)
def test_every_command_leads_with_the_twins_fix(name, command, tmp_path):
    text = (HERE / name).read_text(encoding="utf-8")
    found = [d for d in json_diagnostics(command, HERE / name) if d.get("rule")]
    assert {d["rule"] for d in found} == {"loop-external-tracked"}, found
    coded = [h for h in found[0]["help"] if h.get("edits")]
    assert coded, found[0]["help"]
    if command != "explain":  # explain titles its fixes in its own words (explain.py)
        assert LEADS[name] in coded[0]["message"], coded[0]["message"]
    program = tmp_path / "main.rs"
    program.write_text(apply_json_edits(text, coded[0]["edits"]))
    fixed, out, _ = pbpit_run(program)
    assert fixed == 0 and out == _twin_output(name, tmp_path), out


@pytest.mark.parametrize(
    ("name", "state"),
    [
        # Kept: the first backward's gradients are the program's (the twin's by hand).
        ("n6_trainer_position_features.rs", "unchanged"),
        ("n6_class_centroids_vec.rs", "unchanged"),
        ("n6_edge_encoding_memo.rs", "unchanged"),
        # Cut on purpose: the semi-gradient sends the refresh step's loss no gradient through
        # the targets, which the copy makes from `qnet`'s own parameters.
        ("n6_target_copy_values.rs", "changed"),
    ],
)
def test_the_run_says_what_the_fix_does_to_the_first_backward(name, state):
    found = [d for d in json_diagnostics("run", HERE / name) if d.get("rule")]
    coded = [h for h in found[0]["help"] if h.get("edits")]
    checked = coded[0]["checked"]
    assert checked["verdict"] == "runs", checked
    assert checked["gradients"] and set(checked["gradients"].values()) == {state}, checked


def test_a_field_made_once_is_detached_second_in_words_with_its_cost():
    found = [
        d
        for d in json_diagnostics("run", HERE / "n6_trainer_position_features.rs")
        if d.get("rule")
    ]
    helps = found[0]["help"]
    detach = [h for h in helps if "detach it once, where `Trainer::new` makes it" in h["message"]]
    assert detach and not detach[0].get("edits"), helps
    assert "this costs `model.pos` its training" in detach[0]["message"], detach


def test_the_audit_says_where_a_carried_tensor_is_made_and_in_which_loop():
    """Line 28 (`centroids[c] = ..`) makes it, in a pass of the loop at line 26 (the `for`): the
    loop's line alone read as where it was made."""
    done = pbpit_cli("audit", "--json", str(HERE / "n6_class_centroids_vec.rs"))
    (hazard,) = [a for a in json.loads(done.stdout)["audit"] if a["verdict"] == "hazard"]
    assert hazard["reason"].startswith("made at line 28 in one pass of the loop at line 26,")


def test_a_tensor_cloned_is_no_target_network(tmp_path):
    """`let frozen = w.clone();` of a leaf whose gradient the loop reads (no optimizer steps a
    module): the carried `scale` made from it is not said a target network's."""
    program = tmp_path / "main.rs"
    program.write_text(
        (HERE.parent / "advice_d25_neg" / "tensor_clone.rs").read_text(encoding="utf-8")
    )
    found = [d for d in json_diagnostics("lint", program) if d.get("rule")]
    assert found and not any("target network" in h["message"] for h in found[0]["help"])
