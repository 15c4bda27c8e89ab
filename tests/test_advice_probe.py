"""Advice a held-out set of Burn programs showed missing or untrue, each program a held-out one
(or a variant written before pbpit ran on it):

- a WGAN-GP critic whose gradient probe's backward consumes the scores the Wasserstein loss then
  reads: the fix is code (the scores made again after the probe), and the fixed program prints
  what the hand-written fix (the critic's forwards of real and fake samples apart) prints;
- a fix whose edits failed its check is never "(applies here)", and comes after the others;
  an explanation's fix that lint's finding does not offer (its words say another) is not said;
- what became of the gradients in a later backward is said once for that backward;
- features a method memoizes and the loss trains through only: computed again, not detached
  where they are put (that edit, made and run, leaves the loss on no tape);
- a number kept in an `Option` (a best value) is not a loss kept whole: the bindings the
  analysis reads say what the backpropagated loss holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.fix_check import CHANGED, NONE, RUNS, FixCheck, applied
from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.tree import lint_paths

HERE = Path(__file__).parent / "advice_heldout"
# The one-batch WGAN-GP program is tests/advice_logs' (its log test reads it too).
ONE_BATCH = "../advice_logs/gradient_probe_helper.rs"

# What the hand-written fixes print (the critic's forwards of the real and the fake samples
# apart for the Wasserstein terms), run by pbpit: the same numbers, one batch or not.
HAND = {
    ONE_BATCH: [
        "step 0: |grad| = 0.29122, critic loss = 4.84418",
        "step 1: |grad| = 0.29392, critic loss = 4.80165",
        "step 2: |grad| = 0.16338, critic loss = 6.81114",
    ],
    "gradient_penalty_probe_inline.rs": [
        "step 0: loss = 5.19401",
        "step 1: loss = 5.10313",
        "step 2: loss = 5.02969",
        "step 3: loss = 4.97240",
    ],
}


@pytest.mark.parametrize(
    ("name", "probed", "made"),
    [
        (ONE_BATCH, "let norm = input_grad_norm(", ["batch", "scores"]),
        ("gradient_penalty_probe_inline.rs", "let probe = ", ["inputs", "hidden", "scores"]),
    ],
)
def test_a_gradient_probe_gets_the_scores_made_again_after_it(name, probed, made, tmp_path):
    from pbpit.runner import resolve_case, run_case

    (finding,) = lint_paths([HERE / name]).findings
    assert finding.rule == "shared-intermediate" and finding.name == "scores"
    (fix,) = finding.helps
    assert fix.message.startswith("do not add the losses: the first backward only probes")
    assert "made again after the probe's backward" in fix.message
    text = (HERE / name).read_text(encoding="utf-8")
    fixed = applied(text, fix.edits)
    lines = fixed.splitlines()
    probe = next(i for i, line in enumerate(lines) if line.strip().startswith(probed))
    # The `let`s copied right after the probe, in their order.
    again = [line.split("=")[0].split()[-1] for line in lines[probe + 1 : probe + 1 + len(made)]]
    assert again == made
    path = tmp_path / Path(name).name
    path.write_text(fixed, encoding="utf-8")
    result = run_case(resolve_case(str(path)))
    assert result.panic is None
    assert result.stdout.splitlines() == HAND[name]


def test_a_fix_that_failed_its_check_is_not_said_to_apply():
    # Unit: the order and the mark, as `checked_helps` leaves them (no program run).
    from pbpit.diagnose.fix_check import PANICS, _failed_last

    failed = FixCheck(PANICS, "it still panics at NodeId(23)")
    bad = Help("detach each pass: detach `q` where it is put", [], checked=failed)
    words = Help("keep in `buffer` what `q` is computed from")
    assert _failed_last([bad, words]) == [words, bad]


def test_an_explanations_fix_lint_does_not_offer_is_not_said():
    # Early stopping: the best epoch's loss kept whole and backpropagated after the loop. Lint
    # says to keep the model's state instead; "rebuild the loss (applies here)" is not said.
    from pbpit.diagnose.lint_match import linted_helps

    kept = Help("`best` is `loss` as an earlier pass made it, and that pass's backward ...")
    found = Diagnostic("double-backward", "m", "x.rs", [], [kept], name="loss")
    explained = [Help("rebuild the loss (applies here): build `loss` again before ...")]
    assert linted_helps(found, explained) == [kept]


def test_a_later_backwards_gradients_are_said_once():
    check = FixCheck(
        RUNS,
        "runs without the panic",
        later=(("online.w", CHANGED, 2), ("target.weight", NONE, 2), ("target.bias", NONE, 2)),
    )
    assert check.headline == (
        "runs without the panic; online.w.grad changed and target.weight.grad, "
        "target.bias.grad = None in backward #2 (the same before it)"
    )


def test_a_memo_the_loss_trains_through_only_is_said_computed_again():
    # Features a method behind a `Box<dyn>` memoizes in a `Vec<Option<Tensor>>`: detached where
    # they are put (the edit pbpit makes and runs), the next epoch's loss is on no tape (Burn
    # panics: nothing to differentiate), so the words say to compute them again.
    from pbpit.diagnose.findings import diagnose_run
    from pbpit.runner import resolve_case, run_case

    result = run_case(resolve_case(str(HERE / "slot_memo_boxed.rs")))
    (error,) = diagnose_run(result).errors
    assert error.name == "source.slots"
    first, detach = error.helps[0], error.helps[-1]
    assert first.message.startswith("keep in `source.slots` what `f` is computed from")
    assert "compute `f` again from it with the current model" in first.message
    assert not detach.edits and detach.checked is not None and not detach.checked.ok
    assert detach.note == (
        "pbpit made this edit and ran the program: it panics: the loss it backpropagates "
        "(NodeId(23)) is on no tape, nothing left to train, so it is not shown"
    )


def test_a_number_kept_in_an_option_is_not_a_loss_kept_whole():
    # `if let Some(best) = tracker.best_value` reads a number a method keeps (`Some(value)`);
    # the `best` backpropagated is `loss * 1.5`, made from `loss` alone: the same graph again,
    # in the same pass (double-backward, session 21's held-out reading of a scaled retry), not
    # `loss` kept whole from an earlier pass.
    (finding,) = lint_paths([HERE / "best_value_log_and_regularized_loss.rs"]).findings
    assert (finding.rule, finding.name) == ("double-backward", "loss")
    assert not any("as an earlier pass made it" in h.message for h in finding.helps)


def test_explain_json_shows_no_lines_of_a_fix_its_diagnostic_does_not_say():
    # Detaching the loss itself leaves nothing on the tape: lint's finding offers recomputing
    # only, and explain's JSON gives the detach no corrected lines (advice_score made them and
    # the program panicked: the loss on no tape).
    import json

    from pbpit_process import pbpit_main

    path = Path(__file__).parent / "lint" / "fixes" / "loss_itself.rs"
    data = json.loads(pbpit_main("explain", str(path), "--json").stdout)
    shown = {f["key"]: (f["applies"], bool(f["lines"])) for f in data["fixes"]}
    assert shown == {"detach once": (False, False), "recompute in the loop": (True, True)}
