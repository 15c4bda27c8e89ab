"""A `Vec` field of tracked tensors the program empties beside its other fields but not itself
(a rollout's `clear` emptying `self.values` and `self.rewards`, not `self.log_probs`; a loop
emptying `buf.values` itself; `clear` called between two backwards; a generic `reset` setting
`self.rewards = Vec::new()`; `clear` called by the agent's own `finish`, or by an `update`
that backpropagates, called inside `println!`; a trainer's `self.buffer` whose `reset`
truncates the rewards only): one diagnosis, from the rule's code.

Each program is in tests/agreement (whose test checks that run, audit, explain and lint agree
and that every fix shown as code runs); its hand-written fix is beside it here as
`NAME.fixed.rs` (the one line each header derives by hand). Checked here, against those hand
derivations: every command names the field that carries the tensors (`buf.log_probs`, never the
walk's `lp`) under `loop-external-tracked`; lint's first fix written as code, `lint --fix`'s
and the run's make exactly the hand-fixed program; that program runs without the panic and
lints clean; and the fix keeps every gradient of the original's backwards (emptying a `Vec`
after its backward changes no graph that backward walked)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pbpit_process import pbpit_main

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import audit_report, diagnose_run, explanation_diagnostic
from pbpit.diagnose.fix_check import applied
from pbpit.lint.command import checked
from pbpit.lint.tree import lint_paths
from pbpit.runner import Case, run_case

TESTS = Path(__file__).parent
AGREEMENT = TESTS / "agreement"
FIXED = TESTS / "clear_beside"

RULE = "loop-external-tracked"
PROGRAMS = {
    # program: (the binding, by hand: the field carrying the tensors; the line the hand fix adds)
    "rollout_clear_forgets_log_probs.rs": ("buf.log_probs", "        self.log_probs.clear();"),
    "rollout_emptied_by_loop.rs": ("buf.log_probs", "        buf.log_probs.clear();"),
    "rollout_clear_between_backwards.rs": ("buf.log_probs", "        self.log_probs.clear();"),
    "rollout_pushed_in_loop.rs": ("buf.log_probs", "        self.log_probs.clear();"),
    "rollout_generic_reset.rs": ("episode.log_probs", "        self.log_probs = Vec::new();"),
    "agent_finish_clears.rs": ("agent.log_probs", "        self.log_probs.clear();"),
    "agent_update_clears.rs": ("agent.log_probs", "        self.log_probs.clear();"),
    "trainer_self_buffer.rs": ("self.buffer.log_probs", "        self.log_probs.truncate(0);"),
}


def _fixed_by_hand(name: str) -> str:
    return (FIXED / name.replace(".rs", ".fixed.rs")).read_text(encoding="utf-8")


def test_each_hand_fix_adds_the_one_line_its_header_derives():
    # The table and the hand-fixed files say the same, so neither is read from pbpit.
    for name, (_, line) in PROGRAMS.items():
        bad = (AGREEMENT / name).read_text(encoding="utf-8").split("\n")
        good = _fixed_by_hand(name).split("\n")
        assert line in good and line not in bad, name
        good.remove(line)
        assert good == bad, name


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_lint_names_the_field_and_its_first_code_fix_is_the_hand_fix(name):
    binding, _ = PROGRAMS[name]
    (finding,) = lint_paths([AGREEMENT / name]).findings
    assert (finding.rule, finding.name) == (RULE, binding)
    assert finding.message.startswith(f"`{binding}` carries a tracked tensor"), finding.message
    first = next(h for h in finding.helps if h.edits)
    text = (AGREEMENT / name).read_text(encoding="utf-8")
    assert applied(text, first.edits) == _fixed_by_hand(name)
    assert "too, beside `" in first.message, first.message


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_hand_fixed_program_runs_and_lints_clean(name):
    fixed = FIXED / name.replace(".rs", ".fixed.rs")
    result = run_case(Case.file(fixed))
    assert result.panic is None and result.error is None, result.stderr
    assert lint_paths([fixed]).findings == []


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_run_audit_and_explain_name_the_field_and_lead_with_the_checked_hand_fix(name):
    binding, _ = PROGRAMS[name]
    path = AGREEMENT / name
    result = run_case(Case.file(path))
    assert result.panic is not None and result.panic.node_id is not None, name
    text = path.read_text(encoding="utf-8")
    (error, *_) = [d for d in diagnose_run(result).errors if d.level == "error"]
    report = audit_report(result)
    (warning,) = report.warnings
    note = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    for said in (error, warning, note):
        assert (said.rule, said.name) == (RULE, binding), (said.rule, said.name)
        code = [h for h in said.helps if h.edits]
        assert code, [h.message for h in said.helps]
        assert applied(text, code[0].edits) == _fixed_by_hand(name), code[0].message
        assert code[0].checked is not None and code[0].checked.ok, code[0].checked
        # By hand: the `Vec` is emptied after the backward that walked it: no gradient of the
        # original's backwards changes.
        assert code[0].checked.keeps_gradients, code[0].headline
    # What the run's error writes as code, lint prints too (its fixes checked): one diagnosis.
    (finding,) = checked(lint_paths([path])).findings
    assert {applied(text, h.edits) for h in error.helps if h.edits} == {
        applied(text, h.edits) for h in finding.helps if h.edits
    }


@pytest.mark.parametrize("name", ["rollout_pushed_in_loop.rs", "rollout_emptied_by_loop.rs"])
def test_json_of_run_and_lint_name_the_field_and_lint_fix_writes_the_hand_fix(name, tmp_path):
    binding, _ = PROGRAMS[name]
    copy = tmp_path / "main.rs"
    shutil.copy(AGREEMENT / name, copy)
    ran = json.loads(pbpit_main("run", "--json", str(copy)).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    linted = json.loads(pbpit_main("lint", "--format", "json", str(copy)).stdout)
    (finding,) = linted["findings"]
    for said in (error, finding):
        assert said["rule"] == RULE and said["message"].startswith(f"`{binding}` carries")
        code = [h for h in said["help"] if h["edits"]]
        assert code[0]["checked"]["verdict"] == "runs", code[0]
    pbpit_main("lint", "--fix", str(copy))
    assert copy.read_text(encoding="utf-8") == _fixed_by_hand(name)


def test_detaching_the_log_probs_of_an_agent_stepped_through_a_field_is_said_in_words():
    # By hand: `lp * adv.detach()` is the actor's only term; `lp` detached where `act` pushes
    # it, `ac.actor` (stepped by `from_grads(.., &agent.ac)`) gets no gradient.
    result = run_case(Case.file(AGREEMENT / "agent_finish_clears.rs"))
    (error, *_) = [d for d in diagnose_run(result).errors if d.level == "error"]
    (detach,) = [h for h in error.helps if h.message.startswith("detach `lp` where it is put")]
    assert detach.edits == [], detach.message
    assert "`ac.actor` would get no gradient" in (detach.note or ""), detach.note


NSTEP = "nstep_clear_per_episode.rs"


def test_an_emptying_method_called_once_per_episode_is_called_after_each_update():
    # By hand: `clear` empties every field but runs after the episode's updates only; the fix
    # calls it after the update, in the `if` that runs the backward. Both fields that carry
    # tensors (`buf.log_probs`, `buf.values`) are lint's findings, each fixed by that one line;
    # the run names one of them, as lint does. (Lint reads the fixed program's `if` as taken in
    # some passes and not others, so it is not asked to lint clean: it is run.)
    text = (AGREEMENT / NSTEP).read_text(encoding="utf-8")
    findings = checked(lint_paths([AGREEMENT / NSTEP])).findings
    assert sorted(f.name for f in findings) == ["buf.log_probs", "buf.values"]
    for finding in findings:
        first = next(h for h in finding.helps if h.edits)
        assert applied(text, first.edits) == _fixed_by_hand(NSTEP), first.message
        assert first.message.startswith("call `buf.clear();` once the backward has run")
    result = run_case(Case.file(AGREEMENT / NSTEP))
    (error, *_) = [d for d in diagnose_run(result).errors if d.level == "error"]
    assert error.name in ("buf.log_probs", "buf.values")
    first = next(h for h in error.helps if h.edits)
    assert applied(text, first.edits) == _fixed_by_hand(NSTEP)
    assert first.checked.ok and first.checked.keeps_gradients, first.headline
    fixed = run_case(Case.file(FIXED / NSTEP.replace(".rs", ".fixed.rs")))
    assert fixed.panic is None and fixed.error is None, fixed.stderr


@pytest.mark.parametrize("name", ["rollout_pushed_in_loop.rs", "agent_update_clears.rs"])
def test_explain_of_the_programs_panic_names_the_field_and_writes_the_hand_fix(name, tmp_path):
    # The program's output piped into `explain -` from a crate of its own (no backtrace): the
    # finding it gives first is the field, with lint's fix.
    import io

    from pbpit.program_output import explain_stream
    from pbpit.rust.panic import panic_block

    binding, _ = PROGRAMS[name]
    result = run_case(Case.file(AGREEMENT / name))
    crate = tmp_path / "crate"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text('[package]\nname = "piped"\nversion = "0.1.0"\n')
    text = (AGREEMENT / name).read_text(encoding="utf-8")
    (crate / "src" / "main.rs").write_text(text)
    log = result.stdout + panic_block(result.panic.message, result.panic.location, 1)
    (diagnosis,) = explain_stream(io.BytesIO(log.encode()), str(crate)).diagnoses
    first = (diagnosis.exact or diagnosis.likely)[0]
    assert (first.rule, first.name) == (RULE, binding)
    code = [h for h in first.helps if h.edits]
    assert applied(text, code[0].edits) == _fixed_by_hand(name)


def test_the_run_writes_the_rules_fix_where_its_finding_lacks_it():
    # A finding built without lint's help (as from the trace, naming the walk's `lp`): the run
    # writes the rule's fix itself for the field the loop pushes into, checked by running.
    from dataclasses import replace

    from pbpit.diagnose.audit import audit
    from pbpit.diagnose.clear_beside import clear_beside_first

    name = "rollout_pushed_in_loop.rs"
    result = run_case(Case.file(AGREEMENT / name))
    (error, *_) = [d for d in diagnose_run(result).errors if d.level == "error"]
    bare = replace(error, name="lp", helps=[h for h in error.helps if not h.edits])
    entry = next(e for e in audit(result) if e.node_id == result.panic.node_id)
    led = clear_beside_first(result, entry, bare, {})
    first = led.helps[0]
    text = (AGREEMENT / name).read_text(encoding="utf-8")
    assert applied(text, first.edits) == _fixed_by_hand(name), first.message
    assert first.checked.ok and first.checked.keeps_gradients


NEVER = "rollout_never_emptied.rs"


def test_a_rollout_nothing_empties_is_emptied_whole_after_each_update(tmp_path):
    # By hand: both fields that carry tensors are found; each finding's fix empties the three
    # `Vec`s `record` fills (one alone still panics at the other's), the run's too; `lint --fix`
    # writes those three lines once, and the program then runs and lints clean.
    text = (AGREEMENT / NEVER).read_text(encoding="utf-8")
    findings = checked(lint_paths([AGREEMENT / NEVER])).findings
    assert sorted(f.name for f in findings) == ["buf.log_probs", "buf.values"]
    for finding in findings:
        (code,) = [h for h in finding.helps if h.edits]
        assert applied(text, code.edits) == _fixed_by_hand(NEVER), code.message
    result = run_case(Case.file(AGREEMENT / NEVER))
    (error, *_) = [d for d in diagnose_run(result).errors if d.level == "error"]
    (code,) = [h for h in error.helps if h.edits]
    assert applied(text, code.edits) == _fixed_by_hand(NEVER)
    assert code.checked.ok and code.checked.keeps_gradients, code.headline
    copy = tmp_path / "main.rs"
    shutil.copy(AGREEMENT / NEVER, copy)
    pbpit_main("lint", "--fix", str(copy))
    assert copy.read_text(encoding="utf-8") == _fixed_by_hand(NEVER)
    fixed = FIXED / NEVER.replace(".rs", ".fixed.rs")
    ran = run_case(Case.file(fixed))
    assert ran.panic is None and ran.error is None, ran.stderr
    assert lint_paths([fixed]).findings == []
