"""Two losses of one pass told from state carried into the next, and `explain CASE --json` on a
program that runs clean (held-out programs whose advice was wrong):

- the outputs of one recurrence pushed into a `Vec`, each backpropagated in the same pass of the
  epoch loop: `h` is shared by two losses (its inner loop making `h` again is the same pass), so
  the advice is to add the losses, never `h = h.detach();` (which cuts the recurrence's weight);
- the same recurrence whose last `h` is kept into the next epoch is still carried;
- prototypes fitted before the loop from an embedder the optimizer steps: explain's first fix
  fits them again in the loop; a neuron's state a `reset()` never called between samples: the
  call first; a field a detaching method leaves out: detached there too;
- `pbpit explain CASE --json` of a clean program prints one JSON object and exits 2 (a usage
  error, as the README says)."""

from __future__ import annotations

import contextlib
import io
import json
import textwrap
from pathlib import Path

from pbpit.diagnose.findings import diagnose_run
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_heldout"


def _error(path: Path):
    (error,) = diagnose_run(run_case(resolve_case(str(path)))).errors
    return error


def test_outputs_of_one_recurrence_backpropagated_in_one_pass_are_shared_not_carried():
    error = _error(HERE / "steps_pushed_one_pass.rs")
    assert error.rule_id == "pbpit::shared-intermediate", error.message
    # One backward statement, run by each pass of the `preds` loop on that pass's loss.
    said = "`h` is shared by the losses of the loop's passes"
    assert error.message.startswith(said), error.message
    helps = [h.message for h in error.helps]
    assert not any(".detach()" in m for m in helps), helps
    assert any(m.startswith("add the losses") for m in helps), helps


CARRIED = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.5]], &device).require_grad();
    let mut h = Tensor::<2>::zeros([1, 2], &device);
    for epoch in 0..2 {
        for _ in 0..2 {
            h = (h + w.clone()).tanh();
        }
        let grads = h.clone().sum().backward();
        println!("epoch {epoch}: {:?}", w.grad(&grads).is_some());
    }
}
"""


def test_the_recurrence_kept_into_the_next_epoch_is_still_carried(tmp_path):
    path = tmp_path / "carried.rs"
    path.write_text(textwrap.dedent(CARRIED), encoding="utf-8")
    error = _error(path)
    assert error.rule_id == "pbpit::loop-external-tracked", error.message
    assert "from one pass of the loop into the next" in error.message, error.message


CLEAN = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let grads = (w.clone() * 2.0).sum().backward();
    println!("{:?}", w.grad(&grads).is_some());
}
"""


def test_explain_json_of_a_clean_program_is_one_object_and_a_usage_error(tmp_path, monkeypatch):
    from pbpit import cli

    monkeypatch.setattr(cli, "_json_out", None)
    path = tmp_path / "clean.rs"
    path.write_text(CLEAN, encoding="utf-8")
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            cli.main(["explain", str(path), "--json"])
            status = 0
        except SystemExit as done:
            status = done.code
    out, err = stdout.getvalue(), stderr.getvalue()
    assert status == 2
    data = json.loads(out)
    assert data["panic"] is None and data["node_id"] is None, data
    assert data["case"] == str(path) and data["stdout"] == "true\n", data
    assert "runs without the tape panic" in data["summary"], data
    assert err.startswith("pbpit: error: ") and "runs without the tape panic" in err, err


def test_prototypes_of_an_embedder_the_optimizer_steps_are_fitted_again_in_the_loop():
    # The method's call that fits them moves into the loop (what a user does: twin programs
    # refit each episode), checked by running it; explain shows it first, detaching second.
    from pbpit.diagnose.explain import explain_in_case

    result = run_case(resolve_case(str(HERE / "protonet_fit_before_loop.rs")))
    fixes = explain_in_case(result, result.panic.node_id).fixes
    applies = [f.key for f in fixes if f.applies]
    assert applies == ["recompute in the loop"], [(f.key, f.applies, f.title) for f in fixes]
    from pbpit.diagnose.findings import explanation_diagnostic

    explained = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    first = next(h for h in explained.helps if h.edits)
    assert first.message.startswith("recompute in the loop (applies here): "), first
    assert first.checked is not None and first.checked.ok, first.checked
    assert [e.replacement.strip() for e in first.edits if e.replacement.strip()] == [
        "p.fit(&e, support.clone());"
    ], first.edits


def test_state_a_struct_can_reset_is_reset_at_the_start_of_each_pass_first():
    # `reset()` exists and the loop never calls it: the call at the top of each sample runs
    # without the panic and keeps backward #1's gradient; detaching where the state is put
    # comes second, saying it also cuts the gradient within each pass.
    result = run_case(resolve_case(str(HERE / "lif_never_reset.rs")))
    (error,) = diagnose_run(result).errors
    first, second = [h for h in error.helps if h.edits]
    assert first.message.startswith("call `lif.reset();` at the start of each pass"), first
    assert first.checked is not None and first.checked.ok, first.checked
    assert "w.grad unchanged" in first.checked.headline, first.checked.headline
    assert [e.replacement.strip() for e in first.edits] == ["lif.reset();"], first.edits
    assert "also cuts the gradient within each pass" in second.message, second.message
    assert second.applicability == "MaybeIncorrect"
    # explain FILE says the same first.
    from pbpit.diagnose.explain import explain_in_case
    from pbpit.diagnose.findings import explanation_diagnostic

    explained = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    assert explained.helps[0].message == first.message, explained.helps[0]


def test_the_field_a_detaching_method_leaves_out_is_detached_there_too():
    # `detach_hidden` detaches `self.h` and not `self.c`: the missing line, written beside the
    # other and run, keeps backward #1's gradient; no `c = c.detach();` in the step function.
    result = run_case(resolve_case(str(HERE / "state_detach_leaves_a_field.rs")))
    (error,) = diagnose_run(result).errors
    first = next(h for h in error.helps if h.edits)
    assert first.message.startswith("detach `self.c` in `detach_hidden` too"), first
    assert first.checked is not None and first.checked.ok, first.checked
    assert "w.grad unchanged" in first.checked.headline, first.checked.headline
    (edit,) = first.edits
    assert (edit.line, edit.replacement) == (14, "        self.c = self.c.clone().detach();\n")


def test_a_reset_by_another_name_around_a_linear_is_called_at_the_start_of_each_sequence():
    # Written after the reset fix, to try it on a shape it was not built against: the method is
    # `clear_state`, the state comes from a `Linear`'s forward, the loop sums two steps a pass.
    result = run_case(resolve_case(str(HERE / "gated_state_never_cleared.rs")))
    (error,) = diagnose_run(result).errors
    first = next(h for h in error.helps if h.edits)
    assert first.message.startswith("call `cell.clear_state();` at the start of each pass"), first
    assert first.checked is not None and first.checked.ok, first.checked
    assert "cell.proj.weight.grad, cell.proj.bias.grad unchanged" in first.checked.headline
    (edit,) = first.edits
    assert (edit.line, edit.replacement.strip()) == (29, "cell.clear_state();")
