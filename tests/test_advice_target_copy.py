"""A target network copied from the trained one (`let frozen = critic.clone();`) whose targets
are made once per round, before the loop of optimizer steps. Computing them again in the loop
runs, and the first backward's gradients are the same bits as the original's: the original's
one backward sends the TD error through the targets into `critic`, whose parameters `frozen`
shares until the first step. From the second backward on the fixed program sends it into
`frozen`'s stale copies, which nothing steps: it trains differently (hand-run twin
`target_copy.recomputed.rs`: its second loss 0.52020454 is the original's, not the detached
twin's 0.6201274). The check catches it (`stale_copies`): that fix is said in words with why,
in every command; the detach is the code shown, and trains as the hand-written twin."""

from __future__ import annotations

from pathlib import Path

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import RUNS, applied
from pbpit.diagnose.stale_copies import STALE, stale_leaves
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_replay"
CRITIC = ["critic.hidden.bias", "critic.hidden.weight", "critic.out.bias", "critic.out.weight"]


def test_the_recomputed_targets_reach_the_stale_copy_from_the_second_backward_on():
    # Backwards: round 0 step 0 (the copy is `critic`), step 1 (`critic` stepped once: the copy
    # is stale), round 1 step 0 (copied again), step 1 (stale): by hand.
    result = run_case(resolve_case(str(HERE / "target_copy.recomputed.rs")), trace=True)
    assert result.panic is None
    assert stale_leaves(result) == [[], CRITIC, [], CRITIC]
    # The detached twin never reaches the copy.
    clean = run_case(resolve_case(str(HERE / "target_copy.clean.rs")), trace=True)
    assert stale_leaves(clean) == [[], [], [], []]


def test_recomputing_a_target_networks_targets_is_words_in_run_and_lint(tmp_path):
    text = (HERE / "target_copy.rs").read_text(encoding="utf-8")
    result = run_case(resolve_case(str(HERE / "target_copy.rs")))
    (error,) = diagnose_run(result).errors
    (finding,) = lint_paths([HERE / "target_copy.rs"]).findings
    from pbpit.lint.command import _run_checked

    (linted,) = list(_run_checked([finding]))
    for diagnostic in (error, linted):
        assert (diagnostic.rule, diagnostic.name) == ("loop-external-tracked", "target")
        (shown,) = [h for h in diagnostic.helps if h.edits]
        assert shown.checked.verdict == RUNS
        assert [e.replacement for e in shown.edits] == ["(", ").detach()"]
        (said,) = [h for h in diagnostic.helps if h.checked is not None and not h.checked.ok]
        assert said.message.startswith("if gradients must flow through `target`")
        assert said.checked.verdict == STALE and said.edits == []
        assert "from backward #2 on" in said.note and "`critic.out.weight`" in said.note
    # The detach trains as the hand-written twin does.
    copy = tmp_path / "target_copy.rs"
    copy.write_text(applied(text, [h for h in error.helps if h.edits][0].edits), encoding="utf-8")
    fixed = run_case(resolve_case(str(copy)))
    twin = run_case(resolve_case(str(HERE / "target_copy.clean.rs")))
    assert fixed.panic is None and fixed.stdout == twin.stdout
    assert "round 0 step 1: td 0.6201274" in twin.stdout.splitlines()


def test_explain_shows_the_recompute_in_words_only():
    from pbpit.diagnose.explain import explain_in_case
    from pbpit.diagnose.findings import explanation_diagnostic

    result = run_case(resolve_case(str(HERE / "target_copy.rs")))
    page = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    (shown,) = [h for h in page.helps if h.edits]
    assert shown.checked.verdict == RUNS and ").detach()" in shown.edits[-1].replacement
    (said,) = [h for h in page.helps if h.checked is not None and h.checked.verdict == STALE]
    assert "compute `target` in the loop" in said.message and said.edits == []


def test_targets_taken_again_in_the_loop_are_no_snapshot_and_recomputing_them_is_words():
    # `goal = reward + frozen.forward(..)` in the syncing branch makes the binding anew: no
    # fresh value the loss compares `goal` with (PPO's ratio), so no "snapshot" words; and
    # computing `goal` every pass would make anew what the syncing branch assigns (the loop
    # carries it), so its `let` is not moved into the loop.
    path = HERE / "target_sync.rs"
    (made_before, *_) = lint_paths([path]).findings
    assert (made_before.rule, made_before.name) == ("loop-external-tracked", "goal")
    said = " ".join(h.message + " " + h.note for h in made_before.helps)
    assert "snapshot" not in said and "ratio always 1" not in said
    (recompute,) = [h for h in made_before.helps if h.message.startswith("if gradients must flow")]
    assert recompute.edits == [] and "the loop assigns `goal`" in recompute.note


def test_a_blend_the_loop_assigns_is_not_made_anew_in_each_pass(tmp_path):
    # `let mut slow_w = fast.lin.weight.val() * 0.0;` before the loop, blended by the loop
    # after each step: its `let` moved into the loop ran without the panic with the first
    # backward's gradients unchanged, but reset the target every pass (its 2nd loss 0.849705,
    # the hand twin's, the blend detached where it is made, 0.826252). No command shows it as
    # code, and `lint --fix` does not write it.
    from pbpit_process import pbpit_main, pbpit_run

    name = "blend_from_scaled_val.rs"
    (finding,) = lint_paths([HERE / name]).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", "slow_w")
    # Not offered at all: the blend detached where it is put is the fix (blended_state.py).
    assert not [h for h in finding.helps if h.message.startswith("if gradients must flow")]
    first = next(h for h in finding.helps if h.edits)
    assert "where it is put in `slow_w`" in first.message, first.message
    moved = "        let mut slow_w = fast.lin.weight.val() * 0.0;"
    for command in ("run", "explain"):
        said = pbpit_main(command, str(HERE / name)).stdout
        assert moved not in said, (command, said)
    copy = tmp_path / name
    copy.write_text((HERE / name).read_text(encoding="utf-8"), encoding="utf-8")
    pbpit_main("lint", "--fix", str(copy))
    assert moved not in copy.read_text(encoding="utf-8")
    fixed, written, _ = pbpit_run(copy)
    assert fixed == 0 and "it 1: loss = 0.826252" in written, written
    status, out, _ = pbpit_run(HERE / name.replace(".rs", ".twin.rs"))
    assert status == 0 and "it 1: loss = 0.826252" in out
