"""A GAN whose generator steps first (tests/agreement/gan_generator_first.rs, helper A's probe
q06): `g_loss` consumes `fake`'s step, the discriminator's loss reads the same `fake` and its
backward panics. Adding the losses is refused (each steps another module); the fix is the
usual one, `disc.forward(fake.detach())` in D's loss, which changes nothing either optimizer
takes (`d_loss` steps `disc` alone). Every command writes it as code, checked, and `lint --fix`
writes exactly the hand-written twin (`gan_generator_first.fixed.rs`), which trains as it."""

from __future__ import annotations

import shutil
from pathlib import Path

from pbpit.diagnose import findings
from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.fix_check import applied
from pbpit.diagnostics.cargo import applicability
from pbpit.lint.command import checked
from pbpit.lint.tree import lint_paths
from pbpit.runner import Case, run_case
from tests.pbpit_process import pbpit_main

HERE = Path(__file__).parent / "agreement"
PROGRAM = HERE / "gan_generator_first.rs"
TWIN = Path(__file__).parent / "advice_gan_order" / "gan_generator_first.fixed.rs"
DETACHED = "        let d_fake = disc.forward(fake.detach());"


def _shown(diagnostic):
    (shown,) = [h for h in diagnostic.helps if h.edits]
    return shown


def test_every_command_writes_the_detach_in_the_discriminators_loss():
    text = PROGRAM.read_text(encoding="utf-8")
    twin = TWIN.read_text(encoding="utf-8")
    result = run_case(Case.file(PROGRAM))
    assert result.panic is not None and len(result.backwards) == 2
    (error,) = [d for d in findings.diagnose_run(result).errors if d.level == "error"]
    page = findings.explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    (linted,) = checked(lint_paths([PROGRAM])).findings
    for diagnostic in (error, page, linted):
        assert (diagnostic.rule, diagnostic.name) == ("shared-intermediate", "fake")
        shown = _shown(diagnostic)
        assert shown.checked is not None and shown.checked.ok, shown.checked
        assert applied(text, shown.edits) == twin
        assert applicability(shown) == "MachineApplicable"
        assert any(h.message.startswith("do not add the losses") for h in diagnostic.helps)
    # The first backward's gradients are the original's: the detach is in the second loss.
    assert _shown(error).checked.keeps_gradients and _shown(error).checked.cut == ()


def test_lint_fix_writes_the_hand_written_twin_which_trains_as_it(tmp_path):
    copy = tmp_path / PROGRAM.name
    shutil.copyfile(PROGRAM, copy)
    pbpit_main("lint", "--fix", str(copy))
    assert copy.read_text(encoding="utf-8") == TWIN.read_text(encoding="utf-8")
    assert DETACHED in copy.read_text(encoding="utf-8").splitlines()
    fixed, twin = run_case(Case.file(copy)), run_case(Case.file(TWIN))
    assert fixed.panic is None and fixed.stdout == twin.stdout
    # By hand from the twin's run: three iterations, each printing the generator's loss.
    assert [line.split(":")[0] for line in twin.stdout.splitlines()] == ["it 0", "it 1", "it 2"]


def test_the_discriminator_first_order_keeps_its_own_fix(tmp_path):
    # D's step first (the usual order, A's p04): `fake` detached in the first loss, as before;
    # the second loss's detach is not offered there (G's loss must train `gen` through it).
    lines = PROGRAM.read_text(encoding="utf-8").split("\n")
    g_start = next(i for i, line in enumerate(lines) if "let fake = gen" in line) + 1
    d_start = next(i for i, line in enumerate(lines) if "let d_real" in line)
    d_end = next(i for i, line in enumerate(lines) if "disc = opt_d.step" in line) + 1
    d_block = [s.replace("forward(fake)", "forward(fake.clone())") for s in lines[d_start:d_end]]
    g_block = [s.replace("fake.clone()", "fake") for s in lines[g_start:d_start] if s.strip()]
    path = tmp_path / "gan_d_first.rs"
    path.write_text("\n".join(lines[:g_start] + d_block + g_block + lines[d_end:]), "utf-8")
    (finding,) = checked(lint_paths([path])).findings
    assert (finding.rule, finding.name) == ("shared-intermediate", "fake")
    shown = _shown(finding)
    assert shown.message.startswith("if the first loss must not train what made `fake`")
    assert [e.replacement for e in shown.edits] == [".detach()"]
