"""Advice for shapes a held-out set of Burn programs showed wrong: each program a held-out one
(or a variant written before pbpit was run on it), the advice's words asserted, and its code fix
made in a copy and run (`fix_check.check_edits`: it must run without the panic).

- a GAN whose two losses step different modules: not "add the losses"; the discriminator's pass
  reads the generator's output detached and the shared score is made again after its step;
- one model's losses (a PINN's, a VAE's): no "as in a GAN's discriminator step" help;
- a first loss backpropagated in a branch only (a warm-up): its own forward, not the sum;
- two backwards each followed by the same optimizer step: one backward of the sum, one step;
- `require_grad()` on a temporary made from a detached leaf: the binding named, detach first
  written and run, why the inner `detach()` did not cut;
- a tensor made from a module an optimizer steps outside the loop: never "no optimizer steps"."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.fix_check import RUNS, applied, check_edits
from pbpit.lint.tree import lint_paths

HERE = Path(__file__).parent / "advice_heldout"


def _finding(name: str):
    (finding,) = lint_paths([HERE / name]).findings
    return finding


def _runs(name: str, edits) -> None:
    check = check_edits(HERE / name, edits)
    assert check.verdict == RUNS, check.detail


@pytest.mark.parametrize("name", ["gan_one_disc_pass.rs", "gan_split_grads.rs"])
def test_a_gan_is_not_added_and_its_rescoring_fix_runs(name):
    finding = _finding(name)
    said = [h.message for h in finding.helps]
    assert not any(m.startswith("add the losses") for m in said), said
    assert any(m.startswith("do not add the losses: ") for m in said), said
    (fix,) = [h for h in finding.helps if h.edits]
    assert "detached (`fake.clone().detach()`" in fix.message
    fixed = applied((HERE / name).read_text(encoding="utf-8"), fix.edits)
    assert "fake.clone().detach()" in fixed
    _runs(name, fix.edits)


def test_one_models_losses_get_no_gan_advice():
    finding = _finding("pinn_two_steps.rs")
    assert not any("GAN" in h.message for h in finding.helps), [h.message for h in finding.helps]


def test_one_models_losses_get_no_gan_advice_from_a_run():
    # Lint does not see this one (the losses in a `Vec` of closures' results): the run's words.
    from pbpit.diagnose.findings import diagnose_run
    from pbpit.runner import resolve_case, run_case

    result = run_case(resolve_case(str(HERE / "pinn_losses_vec.rs")))
    (error,) = diagnose_run(result).errors
    assert error.rule == "shared-intermediate"
    assert not any("GAN" in h.message for h in error.helps), [h.message for h in error.helps]


@pytest.mark.parametrize(
    ("name", "first", "value"),
    [
        ("warmup_shares_pred.rs", "centre", "model.forward(x.clone())"),
        ("probe_every_other_step.rs", "norm_loss", "embed.lin.forward(x.clone()).tanh()"),
    ],
)
def test_a_loss_backpropagated_in_a_branch_gets_its_own_forward(name, first, value):
    finding = _finding(name)
    (fix,) = finding.helps
    assert fix.message.startswith(f"`{first}` is backpropagated in a branch only"), fix.message
    assert [e.replacement for e in fix.edits] == [value]
    _runs(name, fix.edits)


@pytest.mark.parametrize(
    ("name", "summed"),
    [
        ("autoencoder_two_steps.rs", "(recon + sparsity).backward()"),
        ("task_and_l1_steps.rs", "(task + l1).backward()"),
    ],
)
def test_two_backwards_each_stepped_are_added_with_one_step(name, summed):
    finding = _finding(name)
    (fix,) = [h for h in finding.helps if h.message.startswith("add the losses")]
    assert [e.replacement for e in fix.edits] == [summed, "", ""]
    _runs(name, fix.edits)


def test_require_grad_on_a_temporary_names_its_binding_and_detach_first_runs():
    from pbpit.diagnose.findings import diagnose_run
    from pbpit.runner import resolve_case, run_case

    result = run_case(resolve_case(str(HERE / "fomaml_detached_leaf.rs")))
    (error,) = diagnose_run(result).errors
    assert error.name == "fast"
    assert "what `fast` is made from is not a leaf" in error.labels[0].text
    assert any("NodeId(8), the `detach()` of `w`, still requires grad" in n for n in error.notes)
    (shown,) = [h for h in error.helps if h.edits]
    assert "(`(w.clone().detach() - g * inner_lr).detach().require_grad()`)" in shown.message
    assert shown.checked is not None and shown.checked.ok
    dropped = next(h for h in error.helps if "drop require_grad" in h.message)
    assert not dropped.edits and "None" in dropped.note


def test_lint_names_the_binding_of_require_grad_on_a_temporary():
    finding = _finding("adversarial_input_leaf.rs")
    assert finding.name == "x_adv"
    assert "what `x_adv` is made from is not a leaf" in finding.labels[0].text


@pytest.mark.parametrize(
    ("name", "stepped"),
    [("wgan_critic_reuses_fake.rs", "critic"), ("probe_then_encoder.rs", "head")],
)
def test_a_module_stepped_outside_the_loop_is_never_said_unstepped(name, stepped):
    # The generator (the encoder) is stepped after the loop: the loop's backwards step only the
    # critic (the head), which is why detaching once applies, not that nothing steps it.
    from pbpit.diagnose.explain import explain_in_case
    from pbpit.runner import resolve_case, run_case

    result = run_case(resolve_case(str(HERE / name)))
    fixes = explain_in_case(result, result.panic.node_id).fixes
    assert fixes and not any("no optimizer steps" in f.title for f in fixes)
    (applies,) = [f for f in fixes if f.applies]
    assert applies.key == "detach once"
    assert applies.title.startswith(f"the loop's backwards step only `{stepped}` with their")


def test_a_run_names_the_queue_a_method_keeps_past_other_calls_in_the_loop():
    # The held-out contrastive queue behind a `Box<dyn>`: the loop's body calls other methods
    # after the one that keeps `k`; looking for the keeping call past them once crashed the run.
    from pbpit.diagnose.findings import diagnose_run
    from pbpit.runner import resolve_case, run_case

    result = run_case(resolve_case(str(HERE / "queue_boxed_source.rs")))
    (error,) = diagnose_run(result).errors
    assert error.name == "source.items"
    (fix,) = [h for h in error.helps if h.edits]
    assert "where it is put in `self.items` by `Queue::update`" in fix.message
    _runs("queue_boxed_source.rs", fix.edits)
