"""A run whose panic is a rule's finding itself, raised in the call the rule finds rather than at
a backward (`require_grad()` on a tracked intermediate): which rule's, and its error, asked of
the rules (`Rule.run_panic`, `Rule.run_panic_notes`, in `RULES` order); what each says is in
its own file in `pbpit/lint/rules/`."""

from __future__ import annotations

from pbpit.diagnostics.model import Diagnostic
from pbpit.trace import NodeRecord, RunResult


def rule_panic(result: RunResult, node_id: int | None) -> Diagnostic | None:
    """The error of the rule whose finding the run's panic at `node_id` is, or None."""
    from pbpit.lint.rules import RULES

    if node_id is None:
        return None
    return next((d for rule in RULES if (d := rule.run_panic(result, node_id)) is not None), None)


def rule_panic_notes(result: RunResult, node: NodeRecord) -> list[str]:
    """What the rules whose finding the run's panic at `node` is add to explain's page."""
    from pbpit.lint.rules import RULES

    return [note for rule in RULES for note in rule.run_panic_notes(result, node)]
