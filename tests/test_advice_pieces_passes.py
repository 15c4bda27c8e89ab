"""Code fixes of `shared-intermediate` for one backward statement run by each pass of a loop,
each pass on another loss of a tensor made before the loop, on programs written after the
fixes (tests/advice_heldout/), each made in a copy and run (`fix_check.check_edits`):

- a batch's output cut into micro-batches (`logits.chunk(4, 0)`), walked by a loop that steps
  the model: the input is cut instead, and the forward runs on each piece inside the loop (run
  before it, the pieces would hold the parameters of before the first step);
- per-step outputs of a recurrence kept in a Vec and walked with `zip`, one backward and step
  each: the passes' losses put in a Vec, added after the loop, one backward and one step;
- a best loss a checkpoint method keeps (`double-backward` after the loop): the model kept in its
  place and the loss built again from it, whose gradients step the kept model."""

from __future__ import annotations

from pathlib import Path

from pbpit.diagnose.fix_check import RUNS, applied, check_edits
from pbpit.lint.tree import lint_paths

HERE = Path(__file__).parent / "advice_heldout"


def _fix(name: str, starts: str):
    (finding,) = lint_paths([HERE / name]).findings
    assert finding.rule == "shared-intermediate"
    fixes = [h for h in finding.helps if h.edits and h.message.startswith(starts)]
    assert len(fixes) == 1, [h.message for h in finding.helps]
    return fixes[0]


def test_micro_batches_of_one_forward_run_the_forward_on_each_piece_in_the_loop():
    name = "microbatch_logits_chunked_vec.rs"
    fix = _fix(name, "run the forward on each piece of `features` in the loop")
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    assert "let logits = probe.logits(features.clone());" not in fixed
    assert "let parts: Vec<Tensor<2>> = features.clone().chunk(4, 0);" in fixed
    assert "for piece in parts {\n            let part = probe.logits(piece);\n" in fixed
    check = check_edits(HERE / name, fix.edits)
    assert check.verdict == RUNS, check.detail


def test_per_step_outputs_backpropagated_one_by_one_are_added_after_the_loop():
    name = "decoder_outputs_zipped_steps.rs"
    fix = _fix(name, "add the losses of the loop's passes")
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    loop = fixed.index("for (output, target) in outputs")
    assert fixed.rindex("let mut losses = Vec::new();", 0, loop) < loop
    after = fixed[fixed.index("losses.push(error);") :]
    assert after.count("error.backward()") == 1 and after.count("optimizer.step(") == 1
    assert "let error = losses.into_iter().reduce(|a, b| a + b).unwrap();" in after
    check = check_edits(HERE / name, fix.edits)
    assert check.verdict == RUNS, check.detail


def test_a_best_loss_kept_by_a_method_keeps_the_model_and_builds_the_loss_again():
    # `double-backward`'s fix (`pbpit.lint.rules.kept_model`), on a generic program whose
    # checkpoint method takes the loss by value in a `while` loop.
    name = "checkpoint_best_loss_by_value.rs"
    (finding,) = lint_paths([HERE / name]).findings
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith("`best` is `loss` as an earlier pass made it")
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    for line in (
        "    loss: Option<Regressor<B>>,",
        "    fn consider(&mut self, epoch: usize, loss: Tensor<B, 1>, net: &Regressor<B>) {",
        "            self.loss = Some(net.clone());",
        "        checkpoint.consider(epoch, loss.clone(), &net);",
        "        let grads = GradientsParams::from_grads(best.mse(x.clone(), y.clone()).backward()"
        ", &best);",
        "        net = sgd.step(0.01, best, grads);",
    ):
        assert line + "\n" in fixed, line
    check = check_edits(HERE / name, fix.edits)
    assert check.verdict == RUNS, check.detail
