"""Advice for collections a loop fills through a method or a push, from held-out Burn
programs (and a variant of each written before pbpit was run on it):

- a loss log (`log.record(model.loss(..))`, `log.flush()` reads every loss recorded): named by
  the field that keeps the losses (`log.losses`), never by the method's name (`loss`), and
  emptied after the backward of the loss read from it, written and run; no statement assigning
  a binding the loop's function does not have;
- memoized features in a `Vec<Option<Tensor>>` filled by index in a method: detached where the
  method puts them, written and run (never `.detach()` on the `Vec`);
- values a replay buffer keeps, which the replayed loss trains through only: said as keeping
  what they are computed from, with no code (detached where put, the loss trains nothing);
- early stopping's best loss, kept whole in an `Option` and backpropagated again: a double
  backward in lint as in the run, said as keeping the model's state, never "backpropagate it
  alone";
- a first backward that probes an input's gradient for the second loss (WGAN-GP): never "add
  the losses", in lint, the run and explain alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import RUNS, applied, check_edits
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_logs"


def _error(name: str):
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None, "the program must panic"
    (error, *_) = diagnose_run(result).errors
    return error


def _written(error) -> list:
    return [h for h in error.helps if h.edits]


@pytest.mark.parametrize(
    ("name", "carrier", "line", "method"),
    [
        ("loss_log_flush.rs", "log.losses", 63, "loss"),
        ("recorder_total.rs", "rec.items", 51, "batch_loss"),
    ],
)
def test_a_loss_log_is_named_by_its_field_and_emptied_after_its_backward(
    name, carrier, line, method
):
    error = _error(name)
    assert error.name == carrier
    assert f"`{method}`" not in error.message
    said = [h.message for h in error.helps]
    assert not any(f"{method} = {method}.detach()" in m for m in said), said
    (fix,) = _written(error)
    assert fix.message.startswith(f"empty `{carrier}` after the backward of the loss read from it")
    text = (HERE / name).read_text(encoding="utf-8")
    fixed = applied(text, fix.edits).splitlines()
    # The line after the backward's statement, at its indentation.
    assert fixed[line].strip() == f"{carrier}.clear();"
    assert fixed[line - 1] == text.splitlines()[line - 1]
    check = check_edits(HERE / name, fix.edits)
    assert check.verdict == RUNS, check.detail


@pytest.mark.parametrize(
    ("name", "carrier", "put"),
    [
        (
            "memo_trait_features.rs",
            "source.memo",
            "        self.memo[batch] = Some(f.clone().detach());",
        ),
        (
            "memo_inherent_cache.rs",
            "cache.slots",
            "        self.slots[i] = Some(h.clone().detach());",
        ),
    ],
)
def test_memoized_features_are_detached_where_the_method_puts_them(name, carrier, put):
    error = _error(name)
    assert error.name == carrier
    # Nothing the memo is made from is stepped: the detach where it is put comes first (the
    # other, emptying the slot after each pass, recomputes what the memo was kept to save).
    fix = _written(error)[0]
    assert f"where it is put in `{carrier}`" in fix.message
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    assert put in fixed.splitlines()
    assert f"{carrier}.detach()" not in fixed
    check = check_edits(HERE / name, fix.edits)
    assert check.verdict == RUNS, check.detail


@pytest.mark.parametrize(
    ("name", "carrier", "tensor"),
    [("replay_q_values.rs", "buffer", "q"), ("replay_values.rs", "replay", "value")],
)
def test_replayed_values_are_kept_inputs_recomputed(name, carrier, tensor):
    # Written as code (`pbpit.lint.rules.stored_inputs`): the struct keeps the forward's input,
    # the loss's function is given the model and runs the forward again; checked by the run.
    error = _error(name)
    assert error.name == carrier
    (fix,) = _written(error)
    assert fix.message.startswith(
        f"keep in `{carrier}` what `{tensor}` is computed from (its input, as data) instead of "
        f"`{tensor}`, and compute `{tensor}` again"
    ), fix.message
    assert fix.checked is not None and fix.checked.ok, fix.message
    assert fix.checked.keeps_gradients, fix.checked.headline
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    assert f"let {tensor} = " not in fixed


@pytest.mark.parametrize(
    ("name", "kept", "loss"),
    [("early_stop_best_loss.rs", "best", "loss"), ("tracker_best_loss.rs", "b", "l")],
)
def test_a_best_loss_kept_whole_is_a_double_backward_in_lint_and_in_the_run(name, kept, loss):
    # The run is the oracle for the rule: the loss itself is backpropagated twice.
    (finding,) = lint_paths([HERE / name]).findings
    error = _error(name)
    assert (finding.rule, error.rule) == ("double-backward", "double-backward")
    said = [h.message for h in finding.helps]
    # The run's own pointer to explain's corrected lines besides (where its fix, written, ran).
    assert said == [h.message for h in error.helps if "shows the corrected lines" not in h.message]
    assert said[0].startswith(f"`{kept}` is `{loss}` as an earlier pass made it"), said
    assert "keep what makes it instead (the model's state at that pass" in said[0]
    assert not any("alone" in m for m in said), said


@pytest.mark.parametrize(
    ("name", "shared", "probed"),
    [("gradient_probe_helper.rs", "scores", "mixed"), ("gradient_probe_inline.rs", "out", "x")],
)
def test_a_gradient_probe_is_never_added_to_the_loss_it_builds(name, shared, probed):
    (finding,) = lint_paths([HERE / name]).findings
    error = _error(name)
    assert (finding.rule, error.rule, error.name) == (
        "shared-intermediate",
        "shared-intermediate",
        shared,
    )
    said = [h.message for h in finding.helps]
    # The run's own pointer to explain's corrected lines besides (its fix, written, ran).
    assert said == [h.message for h in error.helps if "shows the corrected lines" not in h.message]
    assert not any(m.startswith("add the") for m in said), said
    assert said[0].startswith(
        f"do not add the losses: the first backward only probes the gradient of `{probed}`"
    ), said
    (fix,) = [h for h in error.helps if h.edits]
    assert fix.checked is not None and fix.checked.ok
    assert f"`{shared}` made again after the probe's backward, as before it" in fix.message
