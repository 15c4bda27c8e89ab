"""A fix is stamped only if the optimizer's steps still get what the program's backwards meant
to send them (tests/advice_steps/, each panicking program beside its twin `NAME.clean.rs`,
fixed by hand).

The programs backpropagate two or three losses one after the other, each into one
`GradientsAccumulator`, then step once; the losses share an intermediate, so the 2nd backward
panics before the step. The hand fix adds the losses and backpropagates their sum once, into
the step. Oracles: the twin's output (a fix shown as code, made, prints what the twin prints),
and reasoning by hand (a fix whose gradients reach no step leaves the model as it was: the
loss it prints never moves).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

from pbpit.diagnose.checked_fixes import checked
from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import applied
from pbpit.diagnostics.model import Edit, Help
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_steps"

TWINNED = [
    "vae_two_losses.rs",
    "autoencoder_generic.rs",
    "actor_critic_split.rs",
    "multitask_three_losses.rs",
]


def _stdout_of(text: str, tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status, out, err = pbpit_run(path)
    assert status == 0, err
    return out


def _coded_helps(path: Path) -> list[dict]:
    """The helps with edits of `pbpit explain --json PATH`."""
    data = json.loads(pbpit_main("explain", "--json", str(path)).stdout)
    return [h for h in (data["diagnostic"] or {}).get("help", []) if h.get("edits")]


@pytest.mark.parametrize("name", TWINNED)
def test_every_fix_explain_shows_as_code_prints_what_the_hand_fixed_twin_prints(name, tmp_path):
    text = (HERE / name).read_text(encoding="utf-8")
    twin = _stdout_of((HERE / name.replace(".rs", ".clean.rs")).read_text(), tmp_path, "twin.rs")
    for help_ in _coded_helps(HERE / name):
        edits = [Edit(**e) for e in help_["edits"]]
        assert _stdout_of(applied(text, edits), tmp_path, name) == twin, help_["message"]


@pytest.mark.parametrize("name", TWINNED[:3])
def test_the_sum_handed_to_the_accumulator_is_shown_as_checked_code(name, tmp_path):
    """Both losses go into one accumulator: the right fix hands it the sum's gradients once
    (`acc.accumulate(&m, GradientsParams::from_grads((a + b).backward(), &m));`, or through a
    binding of its own: `let g = GradientsParams::from_grads((a + b).backward(), &m);
    acc.accumulate(&m, g);`), the second loss's lines gone."""
    (help_,) = _coded_helps(HERE / name)
    assert help_["checked"]["verdict"] == "runs"
    text = (HERE / name).read_text(encoding="utf-8")
    fixed = applied(text, [Edit(**e) for e in help_["edits"]])
    assert fixed.count("acc.accumulate(") == 1 and ").backward(), &" in fixed
    assert fixed.count(".backward()") == 1


def test_a_fix_whose_gradients_reach_no_step_is_not_shown_as_code(tmp_path):
    """The fix pbpit once stamped: both `acc.accumulate(..)` lines replaced by `let grads =
    (recon + kl).backward();`. `grads` is never read, so the step gets an empty accumulator:
    by hand, the model never changes and the printed losses are epoch 0's in every epoch."""
    path = HERE / "vae_two_losses.rs"
    text = path.read_text(encoding="utf-8")
    wrong = [
        Edit(45, 1, 47, 1, "        let grads = (recon + kl).backward();\n"),
    ]
    printed = _stdout_of(applied(text, wrong), tmp_path, "wrong.rs").splitlines()
    assert len(printed) == 3 and len({line.split(": ", 1)[1] for line in printed}) == 1
    result = run_case(resolve_case(str(path)))
    (error,) = diagnose_run(result).errors
    help_ = Help("add the losses and run one backward", edits=wrong)
    (made,) = checked(result, replace(error, helps=[help_])).helps
    assert not made.edits and not made.checked.ok
    assert "reach no optimizer step" in made.note and "`vae`" in made.note


def test_a_fix_that_leaves_the_step_a_module_short_is_not_shown_as_code():
    """`recon`'s accumulate line deleted, `kl`'s kept: it runs, but by hand `kl` does not reach
    the decoder (`kl` is made from `mu` and `logvar` alone), so the step gets no gradient for
    `vae.dec.*`, which the original's first backward gave one: not stamped."""
    path = HERE / "vae_two_losses.rs"
    assert "recon.backward()" in path.read_text(encoding="utf-8").splitlines()[44]
    result = run_case(resolve_case(str(path)))
    (error,) = diagnose_run(result).errors
    kl_alone = [Edit(45, 1, 46, 1, "")]
    (made,) = checked(result, replace(error, helps=[Help("keep kl", edits=kl_alone)])).helps
    assert not made.edits and not made.checked.ok
    assert "vae.dec" in made.note


def test_three_losses_the_partial_sum_is_not_shown_as_code():
    """Adding two of three losses leaves the third backward to panic on the trunk's output:
    not shown as code (the fix in words)."""
    for help_ in _coded_helps(HERE / "multitask_three_losses.rs"):
        assert "(l_age + l_height).backward()" not in json.dumps(help_["edits"])


def test_the_run_names_the_tuples_second_element_by_its_own_binding():
    """`let (mu, logvar) = vae.encode(x)`: the node the 2nd backward panics at is made by
    `self.logvar.forward(h)` (by hand: its ancestors hold `logvar`'s weight, not `mu`'s), so
    the run's error names `logvar`."""
    result = run_case(resolve_case(str(HERE / "vae_two_losses.rs")))
    node_id = result.panic.node_id
    leaves, todo = set(), [node_id]
    while todo:
        node = result.node(todo.pop())
        todo += node.parents
        if not node.parents and node.label:
            leaves.add(node.label.rsplit(".", 2)[-2])
    assert "logvar" in leaves and "mu" not in leaves
    (error,) = diagnose_run(result).errors
    assert error.name == "logvar"
    assert any(f"NodeId({node_id}) `logvar` lost its step" in n for n in error.notes)


def test_two_steps_of_one_module_share_its_parameters_out():
    """By hand: a module stepped twice a pass, each step a loss's gradients, gets each of its
    parameters a gradient from one of them: nothing lacks. A first step handed nothing, or a
    parameter no step gets, lacks; a module the original's backwards do not reach is not
    judged."""
    from pbpit.diagnose.step_grads import StepReceived, step_gap

    def step(got: set, without: set) -> StepReceived:
        return StepReceived(frozenset(got), frozenset(without))

    meant = frozenset({"m.a", "m.b"})
    assert step_gap((step({"m.a"}, {"m.b"}), step({"m.b"}, {"m.a"})), meant) == ""
    assert "reach no optimizer step" in step_gap((step(set(), {"m.a", "m.b"}),), meant)
    lacking = step_gap((step({"m.a"}, {"m.b"}), step({"m.a"}, {"m.b"})), meant)
    assert "`m.b`" in lacking and "`m.a`" not in lacking
    assert step_gap((step(set(), {"n.w"}),), meant) == ""
    assert step_gap((), meant) == ""
