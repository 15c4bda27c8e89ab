"""Advice for shapes helper A and helper H measured in session 20 (tests/advice_s20/, each panicking
program beside its twin `NAME.twin.rs`, written by hand before pbpit ran: what a user fixing it
would write). The oracle is the twin's run: `lint --fix` writes a program that runs and prints
what the twin prints (its losses, each step).

- multi-task, both gradients taken before the steps (`let grads_reg = GradientsParams::from_grads(
  loss_reg.backward(), &model);` and the same for `loss_cls`, then two steps): one backward of
  `loss_reg + loss_cls`, one step (SGD: two steps with gradients taken at the same parameters are
  one step with their sum);
- a frozen backbone's features collected per batch into a `Vec` before the loop (`(0..3).map(|b|
  backbone.features(..)).collect()`), a head trained on them: each element detached where the
  closure makes it (`.map(|b| backbone.features(..).detach())`);
- DQN targets made before the loop and again each time the target network is taken again
  (`target_net = online.clone();` in the loop, a copy, never stepped): lint --fix detaches them,
  at both assignments, as the twin does (was `y = y.detach();` at the end of each pass, which
  lets the TD error into `online` through the targets)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_s20"


@pytest.mark.parametrize(
    "name", ["multitask_two_backward.rs", "frozen_feats_vec.rs", "dqn_target_retaken.rs"]
)
def test_lint_fix_runs_as_the_hand_written_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    status, _, _ = pbpit_run(program)
    assert status != 0  # the original panics
    pbpit_main("lint", "--fix", str(program))
    assert program.read_text() != (HERE / name).read_text(encoding="utf-8"), "no fix written"
    twin = tmp_path / "twin.rs"
    twin.write_text((HERE / name.replace(".rs", ".twin.rs")).read_text(encoding="utf-8"))
    fixed, out, _ = pbpit_run(program)
    hand, expected, _ = pbpit_run(twin)
    assert hand == 0 and expected.count("\n") >= 3, expected
    assert fixed == 0 and out == expected, out


def test_a_target_taken_again_in_the_loop_is_detached_at_each_assignment(tmp_path):
    # DQN whose targets `y` are made before the loop and made again (`y = r.clone() +
    # target_net.forward(..)`) each time the target network is taken again: "detach it once"
    # detaches both values (the `let`'s alone, the re-taken `y` panics at step 4, as helper H
    # found), which is the hand-written twin; it runs and prints what the twin prints.
    from pbpit_process import apply_edits

    from pbpit.lint.tree import lint_paths

    name = "dqn_target_retaken.rs"
    findings = lint_paths([HERE / name]).findings
    (once,) = [h for f in findings for h in f.helps if "detach it once" in h.message]
    assert len(once.edits) == 4, once  # `(`, `).detach()` at the let and at the assignment
    text = apply_edits((HERE / name).read_text(encoding="utf-8"), once.edits)
    twin = (HERE / name.replace(".rs", ".twin.rs")).read_text(encoding="utf-8")
    assert text == twin
    fixed = tmp_path / "main.rs"
    fixed.write_text(text)
    status, out, _ = pbpit_run(fixed)
    assert status == 0 and out.count("\n") == 7, out
