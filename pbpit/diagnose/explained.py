"""`pbpit explain NodeId(n) --case CASE` as one diagnostic (`explanation_diagnostic`): the tensor,
where the case made it, what the audit and the backwards did with it, and its fixes: lint's
finding's, checked, for a one-file Rust program; else explain's corrected lines."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnose.checked_fixes import all_failed, checked, ran
from pbpit.diagnose.explain import CaseExplanation
from pbpit.diagnose.from_trace import carried_by as _carried_by
from pbpit.diagnose.from_trace import node_label as _node_label
from pbpit.diagnose.in_files import display_path, fix_headline, in_files
from pbpit.diagnose.lint_match import lint_finding, linted_helps
from pbpit.diagnose.node_names import (
    backward_name,
    bound_name,
    made_in_note,
    made_of,
    node_kind,
    node_name,
)
from pbpit.diagnose.rule_panics import rule_panic, rule_panic_notes
from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.rules import rule_named
from pbpit.source import Language
from pbpit.trace import RunResult


def explanation_diagnostic(result: RunResult, explanation: CaseExplanation) -> Diagnostic:
    """`pbpit explain NodeId(n) --case CASE` as one note: the tensor, where the case made it,
    what the audit and the backwards did with it, and every fix as corrected lines (the one
    that applies first)."""
    node = explanation.node
    name = node_name(result, node.id)
    labels = _node_label(result, node, made_of(result, node))
    notes = [
        *made_in_note(result, node),
        f"is_tracked() = {str(node.tracked).lower()}, "
        f"is_require_grad() = {str(node.requires_grad).lower()}",
    ]
    if node.line is None:
        notes.insert(0, f"{name} = {made_of(result, node)}, made outside the case file")
    entry = explanation.audit
    if entry is not None:
        rule = f" [{rule_named(entry.pattern).id}]" if entry.pattern else ""
        notes.append(f"the audit: {entry.verdict}{rule}: {entry.reason}")
    if explanation.consumed_by is not None:
        notes.append(f"{backward_name(result, explanation.consumed_by)} consumed its step")
    elif not node.tracked:
        notes.append("it never had a step: an untracked tensor is not on the tape")
    else:
        notes.append("its step is still live: no backward has walked through it")
    if explanation.reached_by is not None:
        walk = " -> ".join(map(str, explanation.path))
        notes.append(
            f"{backward_name(result, explanation.reached_by)} reached it by {walk} and panicked"
        )
    helps = []
    for fix in sorted(explanation.fixes, key=lambda f: not f.applies):
        helps.append(
            Help(fix_headline(fix.key, fix.title, fix.applies), fix.edits(), _sentence(fix.note))
        )
    rule = entry.pattern if entry is not None and entry.verdict == "hazard" else None
    binding = node.label or ""
    if rule is not None and entry is not None and entry.carried:
        carrier = _carried_by(result, node, entry)
        binding = carrier.name if carrier is not None else binding
    own = helps
    found = _explained_finding(result, explanation)
    if found is not None:
        rule, binding, helps = found.rule, found.name, linted_helps(found, helps)
        helps = _words_kept(found, helps)
    elif (error := rule_panic(result, node.id)) is not None:
        rule, binding, helps = error.rule, error.name, error.helps
        notes += rule_panic_notes(result, node)  # why a `detach()` in it did not cut
    message = f"{bound_name(node, binding)} in {result.case}: {node_kind(node)}"
    diagnostic = Diagnostic(
        rule or "",
        message,
        display_path(result.path),
        labels,
        helps,
        level="note",
        notes=notes,
        name=binding,
    )
    checks: dict = {}
    diagnostic = checked(result, in_files(result, diagnostic), checks)
    if found is None or not all_failed(diagnostic):
        if entry is not None and entry.carried and entry.verdict == "hazard":
            from pbpit.diagnose.preferred import carried_first

            return carried_first(result, entry, diagnostic, checks)  # as the run's error says
        return diagnostic
    # Every fix lint's finding writes failed its check: the explanation's own corrected lines
    # (a carrier detached where the tensor is put), where one of them runs.
    mine = checked(result, in_files(result, replace(diagnostic, helps=own)), checks)
    chosen = mine if ran(mine) else diagnostic
    if entry is not None and entry.carried and entry.verdict == "hazard":
        from pbpit.diagnose.preferred import carried_first

        return carried_first(result, entry, chosen, checks)  # as the run's error says
    return chosen


def _words_kept(found: Diagnostic, helps: list[Help]) -> list[Help]:
    """The explanation's fixes, each that lint's finding says in words only, where its rule
    withholds the code on purpose (`Rule.words_withheld`: a loss built again across a statement
    that steps or binds anew what it reads would train at other weights than the twin's), said
    in words as the run, the audit and lint say it: one fix set in every command."""
    rule = rule_named(found.rule)
    fix_of = getattr(rule, "fix_of", None)
    if fix_of is None or not getattr(rule, "words_withheld", False):
        return helps
    kinds = [(fix, bool(h.edits)) for h in found.helps if (fix := fix_of(h.message)) is not None]
    worded = {fix.name for fix, coded in kinds if not coded} - {f.name for f, c in kinds if c}
    out = []
    for help_ in helps:
        key = help_.message.split(":", 1)[0].removesuffix(" (applies here)")
        out.append(replace(help_, edits=[]) if key in worded and help_.edits else help_)
    return out


def _explained_finding(result: RunResult, explanation: CaseExplanation) -> Diagnostic | None:
    """Lint's finding of the hazard an explanation of a one-file Rust program is about (its
    fixes are then lint's, checked: one diagnosis); None for a crate of module files, whose
    explanation is written at the lines of the root with the modules spliced in."""
    entry = explanation.audit
    if (
        entry is None
        or entry.verdict != "hazard"
        or result.language is not Language.RUST
        or result.crate is not None
    ):
        return None
    return lint_finding(result, entry, explanation.node, _linted(result))[0]


def _sentence(note: str) -> str:
    """A fix's note as rustc's notes read: lower case, no full stop."""
    note = note.removesuffix(".")
    return note[:1].lower() + note[1:] if note[1:2].islower() else note


def _linted(result: RunResult) -> list[Diagnostic]:
    """Lint's findings on the case (`findings._lint_findings`, the one place they are read)."""
    from pbpit.diagnose import findings

    return findings._lint_findings(result)
