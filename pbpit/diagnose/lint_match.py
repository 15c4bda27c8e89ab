"""Which of lint's findings is a run's hazard: the finding of the same rule cited at the line
that made the hazard's node (or the caller's line of it), at the statement of the binding
that holds it, or at the line of a tensor it was taken from a few steps back. Lint's finding is
then the run's diagnosis (one diagnosis: `pbpit.diagnose.findings`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pbpit.diagnose.audit import AuditEntry
from pbpit.diagnostics.model import Diagnostic
from pbpit.lint.rules import rule_named
from pbpit.source import statement_range
from pbpit.trace import NodeRecord, RunResult


def lint_finding(
    result: RunResult, entry: AuditEntry, node: NodeRecord, linted: list[Diagnostic]
) -> tuple[Diagnostic | None, str]:
    """Lint's finding of the audit's hazard `entry` (on `node`), if lint has it, and the file
    the hazard's primary line is in."""
    primary_line = entry.line
    at_backward = getattr(rule_named(entry.pattern or ""), "cited_at_backward", False)
    if at_backward:
        primary_line = result.backwards[entry.backwards[1] - 1].line
    # Lint cites a tensor made in a function at the line that makes it there; the run, at the
    # caller's line: either place of the node's stack is the same finding.
    lines = [primary_line] if at_backward else [primary_line, *node.stack]
    places = {_linted_line(result, line) for line in lines}
    file, primary_line = _linted_line(result, primary_line)
    rule = entry.pattern
    found = _first(
        linted,
        rule,
        lambda f: any(f.primary.line == at and _same(f.path, there) for there, at in places),
    )
    inner = node.line
    if found is None and result.crate is None and inner is not None:
        # Lint cites the binding that carries the tensor into the loop, whose statement holds
        # the one that makes it (`let bridge = if .. { let rows = ..; Some(Bridge::new(rows)) }`).
        found = _first(
            linted,
            rule,
            lambda f: _same(f.path, result.path) and _holds(result, f.primary.line, inner),
        )
    if found is None and result.crate is None:
        # Lint cites the tensor a later statement took a part of (`let logp = ..;` then
        # `saved.push(logp.narrow(..).reshape(..))`): the node's nearest tracked ancestors.
        made = _ancestor_lines(result, node)
        found = _first(
            linted, rule, lambda f: _same(f.path, result.path) and f.primary.line in made
        )
    return found, file


def _first(
    linted: list[Diagnostic], rule: str | None, cited: Callable[[Diagnostic], bool]
) -> Diagnostic | None:
    """Lint's first finding of `rule` whose place `cited` accepts."""
    return next((f for f in linted if f.rule == rule and cited(f)), None)


def _ancestor_lines(result: RunResult, node: NodeRecord, depth: int = 4) -> set[int]:
    """The lines of the case that made `node`'s tracked ancestors up to `depth` steps back,
    where each was made in the case file's own statements (not in a function it calls)."""
    lines: set[int] = set()
    frontier = [node]
    for _ in range(depth):
        parents = [result.node(p) for n in frontier for p in n.parents]
        frontier = [p for p in parents if p is not None and p.line is not None]
        lines |= {p.line for p in frontier if len(p.stack) == len(node.stack)}
    return lines


def _holds(result: RunResult, line: int, inner: int) -> bool:
    """Whether the statement at `line` of a one-file program spans the line `inner`."""
    first, last = statement_range(result.source, line, result.language)
    return first < inner <= last


def _linted_line(result: RunResult, line: int | None) -> tuple[str, int | None]:
    """The file and line lint names for a line of the record."""
    return (result.path, line) if line is None else result.locate(line)


def _same(first: str, second: str) -> bool:
    return Path(first).resolve() == Path(second).resolve()
