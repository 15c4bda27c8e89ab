"""A diagnostic's fixes checked by making them (`checked`): only a fix that runs without the panic
is shown as code; whether one ran (`ran`) or all failed (`all_failed`); what explain's own fix
costs once made (`run_cost`); and the words that lead a carried tensor's warning whose written
fixes all failed (`computed_again`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pbpit.diagnose.audit_entry import AuditEntry
from pbpit.diagnose.case_fix import Fix
from pbpit.diagnostics.model import Diagnostic
from pbpit.trace import RunResult


def computed_again(result: RunResult, entry: AuditEntry, warning: Diagnostic) -> Diagnostic:
    """`warning`, whose fixes written as code all failed, led by the words of keeping what the
    carried tensor is computed from and computing it again where the loss reads it, when the
    backward that panicked trains only through tensors made as it was (features a method
    memoizes in a slot): detached where it is put, the loss would train nothing."""
    from pbpit.diagnose.carriers import trains_only_through
    from pbpit.lint.rules.carried_logs import store_inputs_help

    node = result.node(entry.node_id)
    failed = next((b for b in result.backwards if not b.ok and b.missing == entry.node_id), None)
    if node is None or not node.label or failed is None or not entry.carried or not warning.name:
        return warning
    words = store_inputs_help(node.label, warning.name)
    if any(h.message == words.message for h in warning.helps):
        return warning
    if not trains_only_through(result, node, failed.root):
        return warning
    return replace(warning, helps=[words, *warning.helps])


SHOWS_LINES = "shows the corrected lines"
"""The run's pointer to explain: said only where explain shows a fix as code that ran."""


def ran(diagnostic: Diagnostic) -> bool:
    """Whether a fix `diagnostic` writes as code was made and ran without the panic."""
    return any(h.edits and h.checked is not None and h.checked.ok for h in diagnostic.helps)


def all_failed(diagnostic: Diagnostic) -> bool:
    """Whether `diagnostic` wrote fixes as code and every one failed its check (each lost its
    edits and keeps the check that says why)."""
    tried = [h for h in diagnostic.helps if h.checked is not None]
    return (
        bool(tried)
        and not any(h.edits for h in diagnostic.helps)
        and all(not h.checked.ok for h in tried)
    )


def checked(result: RunResult, diagnostic: Diagnostic, checks: dict | None = None) -> Diagnostic:
    """`diagnostic` with every fix written as code made in a copy of the program and run
    (`pbpit.diagnose.fix_check`): only a fix that runs without the panic is shown as code, with
    what became of the gradients the leaves got from the run's first backward, and only one
    whose optimizer steps receive a gradient for each parameter the run's backwards reach (the
    one that panicked too: `step_grads`)."""
    from pbpit.diagnose.fix_check import baseline, checked_helps
    from pbpit.diagnose.fix_costs import trained_leaves

    if not any(help_.edits for help_ in diagnostic.helps):
        return diagnostic
    program = Path(result.path)
    file = program
    if result.crate is not None:
        real = {shown: path for path, shown in result.crate.display.items()}
        file = Path(real.get(diagnostic.path, result.path))
    from pbpit.diagnose.step_grads import reached

    trained = trained_leaves(result)
    before = baseline(result)
    helps = checked_helps(diagnostic, program, file, checks, before, trained, reached(result))
    return _changed_on_purpose(helps)


def _changed_on_purpose(diagnostic: Diagnostic) -> Diagnostic:
    """`diagnostic` whose fixes that ran and that change the first backward's gradients on
    purpose (the rule's `Fix.changes_gradients`: the sum of the passes' losses backpropagated
    once, after the loop) say what they did, as their rule words it, not a comparison."""
    from pbpit.lint.rules import rule_named

    rule = rule_named(diagnostic.rule or "")
    fix_of = getattr(rule, "fix_of", None)
    if fix_of is None:
        return diagnostic
    helps = []
    for help_ in diagnostic.helps:
        ran = help_.edits and help_.checked is not None and help_.checked.ok
        fix = fix_of(help_.message) if ran else None
        if fix is not None and fix.changes_gradients:
            made = replace(
                help_.checked,
                gradients=(),
                zero_signs=(),
                later=(),
                printed=(),  # (it changes what the program computes on purpose)
                detail=fix.changes_gradients,
            )
            help_ = replace(help_, checked=made)
        helps.append(help_)
    return replace(diagnostic, helps=helps)


def fix_runs(result: RunResult, fix: Fix) -> bool:
    """Whether the fix the run says applies here runs without the panic once made (explain's
    corrected lines of a one-file program, checked as explain checks them), and costs the
    training nothing (`run_cost`): one that still panics (the tensor it would compute in the
    loop is made there already) is not said. True when its lines cannot be written as edits
    (nothing to check)."""
    return run_cost(result, fix) == ""


def run_cost(result: RunResult, fix: Fix) -> str | None:
    """What the fix `fix` costs once made and run: "" when it runs and costs nothing (or its
    lines cannot be written as edits), what it costs when it runs but a parameter an
    optimizer steps gets no gradient or a backward no longer runs (`fix_costs.cost`), None
    when it does not run without the panic."""
    from pbpit.diagnose.fix_costs import fix_cost

    edits = fix.edits()
    if not edits or result.crate is not None:
        return ""
    return fix_cost(result, edits)
