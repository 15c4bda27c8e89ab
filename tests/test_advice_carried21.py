"""Carried-state advice measured wrong by helper N2's held-out programs of session 20
(tests/advice_carried21/: each panicking program `pNN_*.rs` beside `pNN_*.twin.rs`, the fix N2
wrote by hand before pbpit ran; the rule and binding below are N2's hand verdicts, not pbpit's
output):

- p04 (an attention KV cache: `cache_k` and `cache_v` both carried by `cat`) and p10
  (`running_mean` and `running_var`, `Tensor<B, D>` style): detaching one alone still panics at
  the other; the fix detaches both, where each is carried;
- p06 (REINFORCE's episode buffer never emptied): the binding is `episode.log_probs`, not the
  `for (lp, g)` zip's `lp`, and the fix empties it and its companion rewards after the update;
- p15 (a loss kept in `trainer.pending` and backpropagated again): double-backward on
  `trainer.pending`, fixed by `trainer.pending.take()`, in all four commands;
- p19 (past keys in a `Vec`, read whole by `Tensor::cat` each pass): the kept keys detached
  after the update; `past_keys.clear()` said to change what later passes compute.

Beside them helper A's probes q14 and q16 (tests/carried_state/lstm_option_taken.rs and
map_entry_slot.rs, with their hand fixes `NAME.fixed.rs` there), and `nN_*.rs`, programs of the
same shapes with other models and names written in session 21 with their own hand-written twins.

The oracle is the twin: its text (what `lint --fix` writes, and what each command's first code
fix makes of the program), and its run (the fixed program prints what the twin prints)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_carried21"
CARRIED = Path(__file__).parent / "carried_state"  # (q14 and q16, with their `.fixed.rs` twins)

# N2's hand verdicts (VERDICTS.md): the rule, and the bindings a user changes.
HAND = {
    "p04_attn_kv_cache.rs": ("loop-external-tracked", {"cache_k", "cache_v"}),
    "p06_pg_episode_buffer.rs": ("loop-external-tracked", {"episode.log_probs"}),
    "p10_running_norm_B.rs": ("loop-external-tracked", {"running_mean", "running_var"}),
    "p15_pending_loss_struct.rs": ("double-backward", {"trainer.pending"}),
    # helper A's probe q14 (session 20): `let (h, c) = match state.take() {..}`, the pair put
    # back in `state = Some((h_new, c_new));` (hand twin cq14): lint named `h` twice with
    # `h = h.detach();`, which rustc rejects (E0384).
    "lstm_option_taken.rs": ("loop-external-tracked", {"state"}),
    # helper A's probe q16: a per-user state in a `HashMap` written through `*slot = h` of
    # `states.entry(..).or_insert_with(..)` (hand twin cq16): lint was silent.
    "map_entry_slot.rs": ("loop-external-tracked", {"states"}),
    # Written in session 21 after the fixes, of the same shapes with other models and names
    # (n1 in the `Tensor<B, D>` style), each with its hand-written twin.
    "n1_ema_stats_B.rs": ("loop-external-tracked", {"ema_shift", "ema_scale"}),
    "n2_memory_bank_cat.rs": ("loop-external-tracked", {"bank_pos", "bank_neg"}),
    "n3_actor_rollout.rs": ("loop-external-tracked", {"rollout.logps"}),
    "n4_deferred_loss.rs": ("double-backward", {"learner.last"}),
    "n6_three_stats.rs": ("loop-external-tracked", {"lo", "hi", "avg"}),
    "n7_local_buffers.rs": ("loop-external-tracked", {"log_probs"}),
    "n8_pending_match.rs": ("double-backward", {"tick.queued"}),
}


def _program(name: str) -> Path:
    return HERE / name if (HERE / name).is_file() else CARRIED / name


def _twin_path(name: str) -> Path:
    twin = HERE / name.replace(".rs", ".twin.rs")
    return twin if twin.is_file() else CARRIED / name.replace(".rs", ".fixed.rs")


def _twin(name: str) -> str:
    return _twin_path(name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(HAND))
def test_lint_fix_writes_the_hand_written_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(_program(name).read_text(encoding="utf-8"))
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
    (first, *_) = json_diagnostics(command, _program(name))
    assert first["rule"] == rule, first["message"]
    assert first_named(first["message"]) in bindings, first["message"]
    coded = [h for h in first["help"] if h["edits"]]
    assert coded, first["help"]
    assert coded[0].get("checked", {}).get("verdict", "runs") == "runs", coded[0]

    text = apply_json_edits(_program(name).read_text(encoding="utf-8"), coded[0]["edits"])
    assert text == _twin(name)


P19 = "p19_kv_vec_push.rs"


@pytest.mark.parametrize("name", [P19, "n5_retrieval_memory.rs"])
def test_past_keys_are_detached_where_kept_and_train_as_the_twin(name, tmp_path):
    # p19: past keys kept in a `Vec` and read whole by `Tensor::cat` every pass. N2's hand fix
    # detaches the kept keys after the update; `past_keys.clear()` runs but attends over the
    # current key only (a program that trains something else). lint --fix writes the detach,
    # and the fixed program prints every step as the twin does.
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(program))
    assert ".detach()).collect();" in program.read_text()
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(name))
    fixed, out, _ = pbpit_run(program)
    hand, expected, _ = pbpit_run(twin)
    assert hand == 0 and expected.count("\n") == 4, expected  # every step of 4 printed
    assert fixed == 0 and out == expected, out


@pytest.mark.parametrize("command", ["run", "audit", "explain", "lint"])
@pytest.mark.parametrize("name", [P19, "n5_retrieval_memory.rs"])
def test_past_keys_emptied_is_said_to_change_later_passes(name, command):
    (first, *_) = json_diagnostics(command, HERE / name)
    assert first["rule"] == "loop-external-tracked"
    coded = [h for h in first["help"] if h["edits"]]
    assert ".detach()).collect();" in coded[0]["edits"][0]["replacement"], coded[0]
    assert "[0]`" not in coded[0]["message"], coded[0]  # its words say what its code does
    for help_ in coded:
        if ".clear();" in help_["edits"][0]["replacement"]:
            assert "changes what later passes compute" in help_["message"], help_


@pytest.mark.parametrize("name", sorted(HAND) + [P19, "n5_retrieval_memory.rs"])
def test_the_hand_written_twins_lint_clean(name):
    # Each twin runs (above) and is what a user fixing the program writes: no finding left.
    done = pbpit_main("lint", "--format", "json", str(_twin_path(name)))
    assert json.loads(done.stdout)["findings"] == []


def test_a_pair_one_option_carries_is_one_finding():
    # q14: `h` and `c`, taken out of `state` at the top of each pass, each meet a consumed
    # step; both are carried by `state` and fixed by one edit of `state = Some((..))`: one
    # finding (it named `h` twice before, with `h = h.detach();`, which rustc rejects).
    findings = json_diagnostics("lint", CARRIED / "lstm_option_taken.rs")
    assert len(findings) == 1, [f["message"] for f in findings]
    # Two bindings (p04's `cache_k` and `cache_v`) stay two findings, each with the one fix.
    findings = json_diagnostics("lint", HERE / "p04_attn_kv_cache.rs")
    assert sorted(first_named(f["message"]) for f in findings) == ["cache_k", "cache_v"]
