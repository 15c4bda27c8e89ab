"""Which of lint's findings is a run's hazard: the finding of the same rule cited at the line
that made the hazard's node (or the caller's line of it), at the statement of the binding
that holds it, or at the line of a tensor it was taken from a few steps back. Lint's finding is
then the run's diagnosis (one diagnosis: `pbpit.diagnose.findings`), and an explanation's fixes
are made with lint's edits of the same fix (`linted_helps`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pbpit.diagnose.audit import AuditEntry
from pbpit.diagnostics.cargo import applicability
from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.rules import rule_named
from pbpit.source import source_lines, statement_range
from pbpit.trace import NodeRecord, RunResult


def lint_finding(
    result: RunResult, entry: AuditEntry, node: NodeRecord, linted: list[Diagnostic]
) -> tuple[Diagnostic | None, str]:
    """Lint's finding of the audit's hazard `entry` (on `node`), if lint has it, and the file
    the hazard's primary line is in."""
    primary_line = entry.line
    at_backward = getattr(rule_named(entry.pattern or ""), "cited_at_backward", False)
    calls: list[int] = []
    if at_backward:
        second = result.backwards[entry.backwards[1] - 1]
        primary_line = second.line
        # A backward a function of the program runs (`fn grads_of(l) { l.backward() }`):
        # lint cites the call of it, a line of the backward's stack.
        calls = [line for line in second.stack if line != primary_line]
    # Lint cites a tensor made in a function at the line that makes it there; the run, at the
    # caller's line: either place of the node's stack is the same finding.
    lines = [primary_line, *calls] if at_backward else [primary_line, *node.stack]
    places = {_linted_line(result, line) for line in lines}
    file, primary_line = _linted_line(result, primary_line)
    rule = entry.pattern
    found = _first(
        linted,
        rule,
        lambda f: any(f.primary.line == at and _same(f.path, there) for there, at in places),
        node.label,
    )
    if found is None and calls and result.crate is None:
        # The call that runs the backward sits in a statement over several lines (a `match`
        # arm's): the run records the statement's first line, lint the call's.
        spans = [_expression_lines(result.source, line) for line in calls]
        found = _first(
            linted,
            rule,
            lambda f: (
                _same(f.path, result.path) and any(a <= f.primary.line <= b for a, b in spans)
            ),
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
    if found is None and result.crate is None and inner is not None and node.label:
        # Lint cites where a method puts the node's binding in a field of `self` (`let sum =
        # match self.total.take() { .. };` then `self.total = Some(sum);`).
        found = _first(
            linted,
            rule,
            lambda f: _same(f.path, result.path) and _puts(result, f.primary.line, inner, node),
        )
    return found, file


def _first(
    linted: list[Diagnostic],
    rule: str | None,
    cited: Callable[[Diagnostic], bool],
    label: str | None = None,
) -> Diagnostic | None:
    """Lint's first finding of `rule` whose place `cited` accepts; of several at one line (each
    element of a tuple a call returns: `let (mu, logvar) = vae.encode(x);`), the one naming
    the node's own binding `label`."""
    found = [f for f in linted if f.rule == rule and cited(f)]
    named = [f for f in found if label and f.name == label]
    return (named or found or [None])[0]


def _ancestor_lines(result: RunResult, node: NodeRecord, depth: int = 4) -> set[int]:
    """The lines of the case that made `node`'s tracked ancestors up to `depth` steps back,
    where each was made in the case file's own statements (not in a function it calls)."""
    lines: set[int] = set()
    frontier = [node]
    for _ in range(depth):
        parents = [result.node(p) for n in frontier for p in n.parents]
        frontier = [p for p in parents if p is not None and p.line is not None]
        lines |= {p.line for p in frontier if _same_frames(p, node)}
    return lines


def _same_frames(made: NodeRecord, node: NodeRecord) -> bool:
    """Whether `made` was made in the frame of `node` or of a caller of it: as deep, or made by
    the statement that called the function making `node` (a loss made in `main` that
    `acc.add(loss)` sums in a field)."""
    if len(made.stack) == len(node.stack):
        return True
    depth = len(node.stack) - len(made.stack)
    return depth > 0 and made.stack[1:] == node.stack[depth + 1 :]


def _holds(result: RunResult, line: int, inner: int) -> bool:
    """Whether the statement at `line` of a one-file program spans the line `inner`."""
    first, last = statement_range(result.source, line, result.language)
    return first < inner <= last


def _puts(result: RunResult, line: int, inner: int, node: NodeRecord) -> bool:
    """Whether the statement at `line`, just after the one making `node` at `inner`, puts the
    binding `node.label` in a field of `self` (`self.total = Some(sum);`)."""
    first, last = statement_range(result.source, line, result.language)
    inner = node.stack[0] if node.stack else inner  # the line in the function that made it
    _, made = statement_range(result.source, inner, result.language)
    if not made < first <= made + 2:
        return False
    text = " ".join(source_lines(result.source)[first - 1 : last])
    label = re.escape(node.label or "")
    if re.search(rf"(?<![\w.])[A-Za-z_]\w*\s*=\s*Some\(\s*{label}(?:\.clone\(\))?\s*\)", text):
        return True  # `snapshot = Some(pred.clone());` under `if snapshot.is_none()`
    return re.search(rf"\bself\.\w+\s*=\s*(?:Some\(\s*)?{label}\s*\)?\s*;", text) is not None


def _expression_lines(path: str, line: int) -> tuple[int, int]:
    """The lines of the outermost expression statement of a Rust file starting at `line` (a
    `match` over several lines), or `line` alone."""
    from pbpit.rust.syntax import descendants, parse_file

    source = parse_file(path) if path.endswith(".rs") else None
    if source is None:
        return line, line
    spans = [
        n.end_point[0] + 1
        for n in descendants(source.root)
        if n.type in ("expression_statement", "let_declaration") and n.start_point[0] + 1 == line
    ]
    return line, max(spans, default=line)


def _linted_line(result: RunResult, line: int | None) -> tuple[str, int | None]:
    """The file and line lint names for a line of the record."""
    return (result.path, line) if line is None else result.locate(line)


def _same(first: str, second: str) -> bool:
    return Path(first).resolve() == Path(second).resolve()


def second_of(finding: Diagnostic, words: Help) -> bool:
    """Whether `words` (a run's "fix: what it does") names a fix of `finding` that the finding
    puts after another it would write in its place (an accumulator reset before detaching it
    each pass, which changes the gradients): the finding's helps say it, in their order."""
    fix_of = getattr(rule_named(finding.rule), "fix_of", None)
    if fix_of is None or not finding.helps:
        return False
    first = finding.helps[0]
    if not first.edits or applicability(first) != "MachineApplicable" or fix_of(first.message):
        return False  # the run's words choose among the rule's own fixes
    name = words.message.split(":", 1)[0].removesuffix(" (applies here)")
    # Lint's first, the fix `--fix` makes, leads whether or not it marks the later one as
    # maybe incorrect (two optimizer steps: the loss made again, before adding the losses).
    return any((fix := fix_of(h.message)) and fix.name == name for h in finding.helps[1:])


def linted_helps(found: Diagnostic, helps: list[Help]) -> list[Help]:
    """An explanation's fixes (`helps`, headlines naming each fix) made with lint's edits of
    the same fix, then lint's fixes the explanation does not name."""
    rule = rule_named(found.rule)
    fix_of = getattr(rule, "fix_of", None)
    kinds = {}
    for help_ in found.helps:
        fix = fix_of(help_.message) if fix_of is not None else None
        if fix is not None:
            kinds.setdefault(fix.name, help_)
    used = set()
    out = []
    for help_ in helps:
        key = help_.message.split(":", 1)[0].removesuffix(" (applies here)")
        linted = kinds.get(key)
        if linted is None:
            if found.helps:
                # Lint's words of this finding say what to do here (an earlier pass's loss kept
                # whole: keep the model's state instead), not this fix: the run says lint's.
                continue
            out.append(replace(help_, edits=[]))
            continue
        used.add(id(linted))
        if second_of(found, help_):
            # Lint puts another fix first (an accumulator reset before detaching it): that
            # one applies here, and lint's words say what this one changes.
            help_ = replace(help_, message=f"{key}: {linted.message}")
        # Lint's words after the fix's name where they name the finding's binding and the
        # explanation's do not (the binding that carries state), and lint's code where it
        # writes the fix; where lint can only say it, the explanation's corrected
        # lines (checked by running them, as every fix shown as code is).
        if f"`{found.name}`" not in help_.message:  # the explanation names another binding
            headline = help_.message.split(": ", 1)[0] + ": " + linted.message
            help_ = replace(help_, message=headline)
        if linted.edits and help_.edits and not _same_place(help_.edits, linted.edits):
            # Lint writes this fix elsewhere (`epoch_losses.clear();` after the backward where
            # the explanation detached `loss` where it is put): its words say what its code does.
            headline = help_.message.split(": ", 1)[0] + ": " + linted.message
            help_ = replace(help_, message=headline, note=linted.note)
        if linted.edits:
            help_ = replace(help_, edits=linted.edits, applicability=linted.applicability)
        out.append(help_)
    out += [h for h in found.helps if id(h) not in used]

    # A fix lint puts before the rule's own (an accumulator's reset) is the one to make: first.
    first = found.helps[0] if found.helps else None
    if first is not None and id(first) not in used and any(second_of(found, h) for h in helps):
        out.remove(first)
        out.insert(0, first)
    return out


def _same_place(mine: list, linted: list) -> bool:
    """Whether two fixes' edits change the same lines (the same fix, perhaps written apart)."""
    return {(e.line, e.end_line) for e in mine} == {(e.line, e.end_line) for e in linted}
