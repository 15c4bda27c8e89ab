"""A fix that runs without the panic but trains less than the program means to is not shown as
code: one after which a parameter an optimizer steps gets no gradient, or after which a
backward the original ran no longer runs, is said in words with what it costs. A fix that
cuts gradients off what no optimizer steps (a target network) stays code and says which
leaves lose theirs. A `Vec` field a struct's emptying method forgets is emptied there, beside
the others: that fix leads."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import NONE, RUNS, FixCheck, applied, checked_helps
from pbpit.diagnose.fix_costs import STARVES, cost, trained_leaves
from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "fix_costs"
SCORES = HERE / "episode_scores_reset.rs"


@cache
def _run(name: str):
    result = run_case(resolve_case(str(HERE / name)), trace=True)
    assert result.panic is not None, "the program must panic"
    return result


@cache
def _error(name: str) -> Diagnostic:
    (error, *_) = diagnose_run(_run(name)).errors
    return error


def test_a_vec_field_the_emptying_method_forgets_is_emptied_there_first():
    # `Trajectory::reset` empties `self.baselines`, not `self.scores`; the hand fix (written
    # before pbpit ran on it) adds `self.scores.clear();` beside it.
    error = _error(SCORES.name)
    first = next(h for h in error.helps if h.edits)
    assert first.message.startswith("empty `self.scores` in `reset` too, beside `self.baselines`")
    assert first.checked.ok and first.checked.keeps_gradients, first.headline
    by_hand = (HERE / "episode_scores_reset_fixed.rs").read_text(encoding="utf-8")
    fixed = applied(SCORES.read_text(encoding="utf-8"), first.edits)
    assert fixed.split("\n")[4:] == by_hand.split("\n")[1:]


def test_a_detach_that_leaves_the_stepped_policy_without_gradient_is_said_in_words():
    # By hand: pushed detached, the score `p` is a constant in `p * b.detach()`, the only term
    # `agent.policy` reaches the loss by: its weight and bias get no gradient, and the
    # optimizer steps `agent` (`from_grads(.., &agent)`).
    result = _run(SCORES.name)
    assert {"agent.policy.weight", "agent.value.bias"} <= trained_leaves(result)
    push = next(
        i for i, line in enumerate(SCORES.read_text().split("\n"), 1) if "scores.push" in line
    )
    column = SCORES.read_text().split("\n")[push - 1].index("score)") + len("score") + 1
    detach = Help("detach it where it is put", [Edit(push, column, push, column, ".detach()")])
    found = Diagnostic("loop-external-tracked", "m", str(SCORES), [], [detach], name="p")
    from pbpit.diagnose.fix_check import baseline

    (said,) = checked_helps(
        found, SCORES, SCORES, {}, baseline(result), trained_leaves(result)
    ).helps
    assert said.edits == [] and said.checked.verdict == STARVES
    assert said.note == (
        "pbpit made this edit and ran the program: it runs, but `agent.policy` would get no "
        "gradient: it would not learn, so it is not shown"
    )
    assert "(checked:" not in said.headline


def test_a_target_network_no_optimizer_steps_is_detached_as_checked_code():
    # `target` is never given to `from_grads` or `step`: detaching `goal` once is the fix, and
    # its check says the target's leaves lose their gradients.
    error = _error("target_never_stepped.rs")
    detach = next(h for h in error.helps if h.edits and "detach it once" in h.message)
    assert detach.checked.ok, detach.note
    assert "target.weight.grad = None; target.bias.grad = None" in detach.headline


def test_a_fix_after_which_no_backward_runs_costs_everything():
    before = ({"w": ("w", 1.0)},)
    check = FixCheck(RUNS, "runs without the panic", 0, (("w", NONE),), ran=())
    assert cost(check, before, frozenset()) == (
        "no backward runs any more (the original ran 1 backward before it panicked): "
        "nothing would learn"
    )
    kept = FixCheck(RUNS, "runs without the panic", 0, (("target.w", NONE),), ran=before)
    assert cost(kept, before, frozenset({"online.w"})) == ""


def test_a_leaf_a_later_backward_of_the_fixed_run_trains_does_not_starve():
    # A GAN's discriminator step with `fake` detached: the generator gets no gradient from the
    # first backward, and its own (the second, which panicked in the original) gives it one.
    before = ({"d.w": ("d.w", 1.0), "g.w": ("g.w", 2.0)},)
    ran = ({"d.w": ("d.w", 1.0), "g.w": ("g.w", None)}, {"d.w": ("d.w", None), "g.w": ("g.w", 3.0)})
    gradients = (("d.w", "unchanged"), ("g.w", NONE))
    check = FixCheck(RUNS, "runs without the panic", 0, gradients, ran=ran)
    assert cost(check, before, frozenset({"d.w", "g.w"})) == ""
    alone = FixCheck(RUNS, "runs without the panic", 0, gradients, ran=ran[:1])
    assert cost(alone, before, frozenset({"d.w", "g.w"})) == (
        "`g` would get no gradient: it would not learn"
    )
