"""Advice for shapes whose fix was wrong or missing (tests/advice_cuts/, each beside a clean
twin `NAME.clean.rs` written by hand: what a user fixing it would write). Each fix pbpit prints
as code is made in a copy and run (`fix_check.check_edits`), and compared with the original
run's backwards.

- micro-batches cut from one forward of the batch with `narrow` / `slice` in a loop that steps
  the model: the forward runs on the same cut of the input (`net.forward(x.clone().narrow(0,
  2 * i, 2))`), not the whole batch's forward cut again; the fixed file is the clean twin, and
  (a row-wise model: Linear then tanh) the first backward's gradients are the same bits;
- PPO's behaviour log-probs taken once per batch and read by every epoch: detached where they
  are made (the clean twin); recomputing them in the epoch loop is said in words only (the
  ratio would be 1 in every epoch: run by hand here, it trains nothing);
- a replay buffer of `(obs, log_prob)` tuples read by index: the log-probs computed again from
  the observations the tuples keep, where the buffer is read (the clean twin);
- a sliding window of values in a `VecDeque`: the observations kept instead, and the forward
  run on each where the window is read (the clean twin), not the window emptied each pass;
- a buffer struct whose `push(&mut self, ..)` keeps the values and whose `sample` gives one back:
  handed the observation, the value made again where sampled (the clean twin)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import RUNS, UNCHANGED, applied, baseline, check_edits
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_cuts"


def _finding(name: str):
    (finding,) = lint_paths([HERE / name]).findings
    return finding


def _clean(name: str) -> str:
    return (HERE / name.replace(".rs", ".clean.rs")).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "cut"),
    [
        ("micro_narrow.rs", "narrow(0, 2 * i, 2)"),
        ("micro_slice.rs", "slice([2 * i..2 * i + 2])"),
        ("micro_select.rs", "select(0, rows.clone())"),
    ],
)
def test_micro_batches_cut_from_one_forward_run_the_forward_on_the_inputs_cut(name, cut):
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("shared-intermediate", "out")
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith("run the forward on each piece of `x` in the loop"), fix.message
    assert f"let pred = net.forward(x.clone().{cut});" in applied(
        (HERE / name).read_text(encoding="utf-8"), fix.edits
    )
    if name != "micro_select.rs":  # (no clean twin)
        assert applied((HERE / name).read_text(encoding="utf-8"), fix.edits) == _clean(name)
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None and result.panic.label == "out"
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    assert dict(check.gradients) == {"net.fc.weight": UNCHANGED, "net.fc.bias": UNCHANGED}
    # The run names the same rule and binding, and shows the same fix, checked.
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("shared-intermediate", "out")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


@pytest.mark.parametrize("name", ["micro_narrow.clean.rs", "micro_slice.clean.rs"])
def test_the_clean_twins_lint_clean_and_run(name):
    assert lint_paths([HERE / name]).findings == []
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is None


# -- PPO: the behaviour policy's log-probs taken once per batch, read by every epoch ------------


def test_ppos_snapshot_is_detached_and_recomputing_it_is_never_code(tmp_path):
    # By hand: each batch's epoch 0 has ratio exp(0) = 1, so its loss is -mean(adv) =
    # -(0.8 - 0.4) / 2 = -0.2. Recomputed in the epoch loop, old and new are one value in every
    # epoch: the ratio stays 1, its gradient cancels, and the loss stays -0.2 (run below).
    name = "ppo_batches.rs"
    text = (HERE / name).read_text(encoding="utf-8")
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("loop-external-tracked", "old_logp")
    (detach,) = [h for h in finding.helps if h.edits]
    assert detach.message == "if `old_logp` needs no gradient, detach it once"
    assert applied(text, detach.edits) == _clean(name)
    (recompute,) = [h for h in finding.helps if "inside the loop" in h.message]
    assert not recompute.edits and recompute.note.startswith("not written as code: the loop ")
    assert "`policy.forward(..)`" in recompute.note
    # The run: the same rule, binding and code fix, checked; recomputing in words.
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None and result.panic.label == "old_logp"
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "old_logp")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == detach.edits and shown.checked is not None and shown.checked.ok
    assert error.helps[0].message.startswith("detach once: "), error.helps[0].message
    # explain: detach once applies; recomputing has no corrected lines.
    from pbpit.diagnose.explain import explain_in_case

    fixes = {f.key: f for f in explain_in_case(result, result.panic.node_id).fixes}
    assert fixes["detach once"].applies and fixes["detach once"].lines
    assert not fixes["recompute in the loop"].applies and fixes["recompute in the loop"].lines == []
    # The recompute made by hand trains nothing: the loss stays -0.2 in every epoch.
    made = "        let old_logp = (policy.forward(obs.clone()) * taken.clone()).sum_dim(1)"
    made += ".squeeze::<1>();\n"
    loop = "        for epoch in 0..3 {\n"
    by_hand = tmp_path / "recomputed.rs"
    by_hand.write_text(text.replace(made, "").replace(loop, loop + "    " + made))
    stuck = run_case(resolve_case(str(by_hand)))
    assert stuck.panic is None
    assert [line.split(" = ")[1] for line in stuck.stdout.splitlines()] == ["-0.200000"] * 6


def test_ppos_clean_twin_learns():
    result = run_case(resolve_case(str(HERE / "ppo_batches.clean.rs")))
    assert result.panic is None and lint_paths([HERE / "ppo_batches.clean.rs"]).findings == []
    losses = [line.split(" = ")[1] for line in result.stdout.splitlines()]
    assert losses[0] == losses[3] == "-0.200000"  # epoch 0 of each batch, by hand
    assert "-0.200000" not in (losses[1], losses[2], losses[4], losses[5])


# -- a replay buffer of (observation, log-prob) tuples read by index -----------------------------


@pytest.mark.parametrize(
    ("name", "recomputed"),
    [
        (
            "replay_tuple.rs",
            [
                "        let (a_input, _) = memory[memory.len() - 1].clone();\n",
                "        let a = policy.forward(a_input);\n",
                "        let (b_input, _) = memory[memory.len() - 2].clone();\n",
                "        let b = policy.forward(b_input);\n",
            ],
        ),
        (
            "replay_tuple_field.rs",
            [
                "        let loss = -(policy.forward(memory[n - 1].0.clone()) + "
                "policy.forward(memory[n - 2].0.clone())).sum();\n"
            ],
        ),
    ],
)
def test_a_tuple_buffers_log_probs_are_computed_again_from_the_observations_it_keeps(
    name, recomputed
):
    # Not `a = a.detach();` (an immutable binding of this pass; the buffer would still hold the
    # tracked one), nor detached where pushed (the loss trains through the log-probs only).
    text = (HERE / name).read_text(encoding="utf-8")
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("loop-external-tracked", "memory")
    (fix,) = finding.helps
    assert fix.message.startswith("compute `log_prob` again from the `obs` that `memory` keeps")
    fixed = applied(text, fix.edits)
    for line in recomputed:
        assert line in fixed, line
    if name == "replay_tuple.rs":
        assert fixed == _clean(name)
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None and result.panic.label == "log_prob"  # where it was made
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    # The first backward (t 1, no step before it) reads log-probs of the same parameters.
    assert dict(check.gradients) == {
        "policy.head.weight": UNCHANGED,
        "policy.head.bias": UNCHANGED,
    }
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "memory")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


def test_the_tuple_buffers_clean_twin_runs_and_its_first_loss_is_the_originals():
    clean = run_case(resolve_case(str(HERE / "replay_tuple.clean.rs")))
    original = run_case(resolve_case(str(HERE / "replay_tuple.rs")))
    assert clean.panic is None and lint_paths([HERE / "replay_tuple.clean.rs"]).findings == []
    assert clean.stdout.splitlines()[0] == original.stdout.splitlines()[0] == "t 1: loss = 2.930498"
    assert len(clean.stdout.splitlines()) == 3


# -- a sliding window of values in a VecDeque, every value trained on each step -----------------


def test_a_window_of_values_keeps_the_observations_and_runs_the_forward_where_read():
    # Not "empty `window` at the end of each pass": it ran, and its first backward matched, but
    # the window would never hold more than one value (what the program is for).
    name = "replay_window.rs"
    text = (HERE / name).read_text(encoding="utf-8")
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("loop-external-tracked", "window")
    (fix,) = finding.helps
    assert fix.message.startswith("keep in `window` the `obs` that `value` is computed from")
    assert not any("clear()" in e.replacement for e in fix.edits)
    assert applied(text, fix.edits) == _clean(name)
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    assert dict(check.gradients) == {"critic.v.weight": UNCHANGED, "critic.v.bias": UNCHANGED}
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "window")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


def test_the_windows_clean_twin_trains_on_every_value_it_keeps():
    clean = run_case(resolve_case(str(HERE / "replay_window.clean.rs")))
    original = run_case(resolve_case(str(HERE / "replay_window.rs")))
    assert clean.panic is None and lint_paths([HERE / "replay_window.clean.rs"]).findings == []
    lines = clean.stdout.splitlines()
    # t 0 holds one value made by the same parameters as the original's: the same loss.
    assert lines[0] == original.stdout.splitlines()[0] == "t 0: loss = 0.058866"
    assert len(lines) == 5


def test_kept_log_probs_the_loss_compares_with_a_fresh_forward_are_detached_where_pushed():
    # A target kept from an earlier pass (the loss is policy.forward(obs) - kept): computed
    # again from `obs` it would be the fresh value itself, and the difference 0.
    name = "replay_tuple_target.rs"
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("loop-external-tracked", "memory")
    (fix,) = finding.helps
    assert fix.message.startswith("detach `log_prob` where it is pushed into `memory`")
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    assert "        memory.push((obs, log_prob.detach()));\n" in fixed
    result = run_case(resolve_case(str(HERE / name)))
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "memory")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


# -- a buffer struct whose own push keeps the values, read back by its sample method -------------


def test_a_buffer_structs_push_is_handed_the_observation_and_the_value_made_where_sampled():
    # Not "detach `value` where Memory::push puts it": pbpit ran that, and the loss, made from
    # the sampled value only, was on no tape (nothing to train).
    name = "replay_struct.rs"
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("loop-external-tracked", "memory.values")
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith("hand `memory` the `obs` that `value` is computed from")
    assert applied((HERE / name).read_text(encoding="utf-8"), fix.edits) == _clean(name)
    result = run_case(resolve_case(str(HERE / name)))
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    assert dict(check.gradients) == {"critic.v.weight": UNCHANGED, "critic.v.bias": UNCHANGED}
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "memory.values")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


def test_the_buffer_structs_clean_twin_learns_from_its_samples():
    clean = run_case(resolve_case(str(HERE / "replay_struct.clean.rs")))
    assert clean.panic is None and lint_paths([HERE / "replay_struct.clean.rs"]).findings == []
    lines = clean.stdout.splitlines()
    # t 0 samples the value of the observation of t 0, with the same parameters: the same loss.
    assert lines[0] == "t 0: loss = 0.127885" and len(lines) == 4
    assert lines[1] != "t 1: loss = 0.127885"  # the step moved the critic


# -- programs written after the fixes above (tests/advice_cuts/unseen/) --------------------------

UNSEEN = HERE / "unseen"


@pytest.mark.parametrize(
    ("name", "rule", "binding", "starts"),
    [
        ("ppo_struct.rs", "loop-external-tracked", "behaviour", "if `behaviour` needs no gradient"),
        ("micro_while.rs", "shared-intermediate", "predicted", "run the forward on each piece"),
        ("replay_triple.rs", "loop-external-tracked", "trail", "compute `scored` again from"),
        ("window_index.rs", "loop-external-tracked", "recent", "keep in `recent` the `x`"),
        ("buffer_get_vec.rs", "loop-external-tracked", "buffer.slots", "hand `buffer` the `obs`"),
    ],
)
def test_on_programs_written_after_the_fixes_the_one_code_fix_runs(name, rule, binding, starts):
    finding = lint_paths([UNSEEN / name]).findings[0]
    assert (finding.rule, finding.name) == (rule, binding)
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith(starts), fix.message
    result = run_case(resolve_case(str(UNSEEN / name)))
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == (rule, binding)
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok
    assert shown.checked.keeps_gradients or name == "ppo_struct.rs"  # a snapshot: detached


@pytest.mark.parametrize(
    "name",
    [
        "micro_narrow.rs",
        "micro_slice.rs",
        "ppo_batches.rs",
        "replay_tuple.rs",
        "replay_window.rs",
        "replay_struct.rs",
    ],
)
def test_lint_fix_writes_the_clean_twin(name, tmp_path):
    from pbpit_process import pbpit_main

    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(program))
    assert program.read_text() == _clean(name)


def test_a_queue_whose_values_are_each_taken_out_once_gets_no_kept_inputs_fix():
    # `let old = queue.pop_front().unwrap();`: each value is backpropagated once, by the pass
    # that takes it, and the program runs (no panic); computing it again from its input with
    # the current critic would change what it trains on.
    name = "queue_popped.rs"
    assert run_case(resolve_case(str(HERE / name))).panic is None
    for finding in lint_paths([HERE / name]).findings:
        assert not any(h.message.startswith("keep in `queue`") for h in finding.helps)


def test_ppos_snapshot_cut_into_minibatches_is_detached_not_made_anew(tmp_path):
    # shared-intermediate (one backward a pass, each on another minibatch's rows of
    # `behaviour`): not "make `behaviour` anew where each loss reads it", nor the forward run
    # on each cut of `obs` (either way old and new are one value: the ratio is 1 and the
    # update of each minibatch is 0, run below); `behaviour` is detached where it is made.
    name = "ppo_minibatch_narrow.rs"
    text = (HERE / name).read_text(encoding="utf-8")
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("shared-intermediate", "behaviour")
    (fix,) = finding.helps  # not "add the losses" either: summed, old and new still compared
    assert fix.message.startswith("detach `behaviour` where it is made: the loop computes `policy")
    assert applied(text, fix.edits) == _clean(name)
    result = run_case(resolve_case(str(HERE / name)))
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("shared-intermediate", "behaviour")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok
    assert not any(h.message.startswith("add the losses") for h in error.helps)
    from pbpit.diagnose.explain import explain_in_case

    explained = explain_in_case(result, result.panic.node_id)
    assert not any(f.key == "add the losses" for f in explained.fixes)
    # By hand: minibatch 0's ratio is exp(0) = 1, its loss -mean(adv[0..2]) = -(1.0 - 0.5) / 2.
    clean = run_case(resolve_case(str(HERE / name.replace(".rs", ".clean.rs"))))
    assert clean.panic is None
    assert clean.stdout.splitlines()[0] == "minibatch 0: loss = -0.250000"
    # Made anew at the read, the ratio is 1 in both minibatches and the policy never moves.
    anew = tmp_path / "anew.rs"
    made = "    let behaviour = policy.forward(obs.clone());\n"
    read = "behaviour.clone().narrow(0, 2 * i, 2)"
    again = "policy.forward(obs.clone()).narrow(0, 2 * i, 2)"
    anew.write_text(text.replace(made, "").replace(read, again))
    stuck = run_case(resolve_case(str(anew)))
    assert stuck.panic is None
    losses = [line.split(" = ")[1] for line in stuck.stdout.splitlines()]
    assert losses == ["-0.250000", "-0.500000"]  # -mean(adv) of each minibatch: ratio 1


def test_transitions_that_keep_the_observation_get_the_log_prob_made_again_from_it():
    # `Transition { obs, log_prob, reward }`: the struct keeps the forward's input already, so
    # only the reads change (was "detach where put", which pbpit ran: the loss was on no tape).
    name = "replay_struct_keeps_obs.rs"
    finding = _finding(name)
    assert (finding.rule, finding.name) == ("loop-external-tracked", "replay")
    (fix,) = [h for h in finding.helps if h.edits]
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    assert "let loss = -(policy.forward(last.obs.clone()).sum().mul_scalar(last.reward)\n" in fixed
    assert "+ policy.forward(before.obs.clone()).sum().mul_scalar(before.reward));\n" in fixed
    result = run_case(resolve_case(str(HERE / name)))
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    assert dict(check.gradients) == {"policy.head.weight": UNCHANGED, "policy.head.bias": UNCHANGED}
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "replay")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


@pytest.mark.parametrize(
    ("name", "tensor", "fixed"),
    [
        (
            "buffer_of_transitions.rs",
            "value",
            "            loss = loss + critic.v.forward(tr.obs).sub_scalar(tr.ret)"
            ".powf_scalar(2.0).sum();\n",
        ),
        (
            "replay_struct_both.rs",
            "log_prob",
            "            loss = loss - policy.forward(tr.obs.clone()).sum()"
            ".mul_scalar(tr.reward);\n",
        ),
    ],
)
def test_a_replay_lint_does_not_see_gets_the_kept_inputs_fix_from_the_run(name, tensor, fixed):
    # Read back through a method returning a Vec of transitions, or `for tr in &replay[n - 2..]`:
    # lint does not find the hazard; the run's error (loop-external-tracked's `from_trace`)
    # writes the same fix lint writes, checked by running (was words only).
    assert lint_paths([HERE / name]).findings == []
    result = run_case(resolve_case(str(HERE / name)))
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "replay")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.checked is not None and shown.checked.ok and shown.checked.keeps_gradients
    assert fixed in applied((HERE / name).read_text(encoding="utf-8"), shown.edits)
    assert f"`{tensor}`" in shown.message
