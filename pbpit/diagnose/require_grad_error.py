"""The error of a run that panicked in `require_grad()` on a tracked intermediate (Burn's panic of
the rule whose finding is the call itself): lint's finding of the call raised to an error for a
one-file Rust program (`require_grad_diagnosis`), else the run's own in the rule's words; and
why a `detach()` before it did not cut (`detached_leaves`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnose.ancestry import ancestors
from pbpit.diagnose.from_trace import label as _label
from pbpit.diagnose.from_trace import node_label as _node_label
from pbpit.diagnose.from_trace import why as _why
from pbpit.diagnose.in_files import display_path
from pbpit.diagnose.node_names import made_in_note, made_of, node_kind, node_name
from pbpit.diagnose.spans import Expression, expressions, name_span, node_span
from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.lint.rule import Fix as RuleFix
from pbpit.lint.rules import require_grad_non_leaf as require_grad_rule
from pbpit.source import Language, source_line, source_lines, statement_range
from pbpit.trace import NodeRecord, RunResult

NON_LEAF = require_grad_rule.RequireGradNonLeaf
"""The rule whose panic Burn raises in `require_grad()` itself."""


def panicked_in_require_grad(result: RunResult, node_id: int) -> bool:
    """Whether the run panicked in `require_grad()` on `node_id` (Burn's panic of the rule
    whose finding is the call itself)."""
    panic = result.panic
    return panic is not None and panic.node_id == node_id and NON_LEAF.panic in panic.message


def require_grad_diagnosis(result: RunResult, node_id: int) -> Diagnostic:
    """The error of a run that panicked in `require_grad()` on `node_id`: for a one-file Rust
    program, lint's finding of the call (in the statement that made the tensor), raised to an
    error, with what the run saw; else the run's own, in the rule's words."""
    error = _require_grad_error(result, node_id)
    node = result.node(node_id)
    if result.language is not Language.RUST or result.crate is not None or node is None:
        return error
    if node.line is None:
        return error
    call = _require_grad_call(result, node)  # in the function that made it, when a call did
    line = call[0] if call is not None else node.line
    first, last = statement_range(result.source, line, result.language)
    found = next(
        (
            f
            for f in _linted(result)
            if f.rule == error.rule and f.labels and first <= f.primary.line <= last
        ),
        None,
    )
    if found is None or len(found.helps) != len(error.helps):
        return error
    # The fixes led by their names (the run's words), made with lint's edits.
    helps = [
        replace(own, edits=linted.edits, applicability=linted.applicability)
        for own, linted in zip(error.helps, found.helps, strict=True)
    ]
    notes = [*found.notes, *error.notes]
    return replace(found, path=error.path, level="error", notes=notes, helps=helps)


def _require_grad_error(result: RunResult, node_id: int) -> Diagnostic:
    """The run panicked in `require_grad()` on the tracked intermediate `node_id`: the rule's
    diagnostic, as an error, on the call that panicked, its fixes led by their names."""
    node = result.node(node_id)
    called = "require_grad()"
    labels: list[Label] = []
    notes: list[str] = []
    detach_first: list[Edit] = []
    drop: list[Edit] = []
    name = ""
    receiver = ""
    if node is not None:
        name = node.label or ""
        notes.append(f"{node_name(result, node.id)} = {made_of(result, node)}: {node_kind(node)}")
        notes += made_in_note(result, node)
        found = _require_grad_call(result, node)
        if found is not None:
            line, call = found
            dot = _receiver_end(result, line, call)
            bound = "" if name else _bound_by(result, line, call)
            panics = require_grad_rule.panics_here(name)
            if bound:
                # A temporary the `let` binds once `require_grad()` returns: named by it.
                name, panics = bound, require_grad_rule.panics_making(bound)
            labels = [
                _label(line, (dot + 1, call.end), panics, True),
                _label(line, (call.start, dot), require_grad_rule.intermediate(_why(result, node))),
            ]
            receiver = source_line(result.source, line)[call.start : dot]
            detach_first = [Edit(line, dot + 1, line, dot + 1, ".detach()")]
            drop = [Edit(line, dot + 1, line, call.end + 1, "")]
        else:
            labels = _node_label(result, node, require_grad_rule.panics_here(name))
        notes += detached_leaves(result, node)
    helps = [
        _named(
            require_grad_rule.DETACH_FIRST,
            require_grad_rule.detach_first_help(detach_first, receiver),
        ),
        _named(
            require_grad_rule.DROP_REQUIRE_GRAD,
            require_grad_rule.drop_require_grad_help(called, drop),
        ),
    ]
    return Diagnostic(
        NON_LEAF.name,
        require_grad_rule.message(called),
        display_path(result.path),
        labels,
        helps,
        statement_line=labels[0].line if labels else 0,
        name=name,
        level="error",
        notes=notes,
    )


def _bound_by(result: RunResult, line: int, call: Expression) -> str:
    """The name a `let` on `line` binds the value of `call` to (`fast` of `let fast =
    (..).require_grad();`), or empty."""
    text = source_line(result.source, line)
    match = re.match(r"\s*let\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*$", text[: call.start])
    rest = text[call.end :].strip()
    return match.group(1) if match is not None and rest.startswith(";") else ""


def detached_leaves(result: RunResult, node: NodeRecord) -> list[str]:
    """Why a tensor made from a `detach()` is tracked still: each detached leaf it is made
    from that requires grad (the detach of a leaf that requires grad is a new leaf that still
    requires grad: Burn keeps the setting), said with its source."""
    notes = []
    for other in sorted(ancestors(result, node.id)):
        record = result.node(other)
        if record is None or record.op != "detach" or not record.requires_grad:
            continue
        source = result.node(record.inputs[0]) if record.inputs else None
        leaf = f"`{source.label}`" if source is not None and source.label else "a leaf"
        notes.append(
            f"NodeId({record.id}), the `detach()` of {leaf}, still requires grad: the detach of a "
            "leaf that requires grad is a new leaf that keeps the setting, so what is made from "
            "it is tracked; detach the result instead"
        )
    return notes


def _require_grad_call(result: RunResult, node: NodeRecord) -> tuple[int, Expression] | None:
    """The `require_grad()` call that panicked on `node`: on the line that made it, the call on
    its own sub-expression; else the first, on a later line, on the variable holding it."""
    if node.line is None:
        return None
    path, language = result.source, result.language
    # Made in a function a call of the cited line runs: looked for from where it was made.
    own = node.made_in[-1][1] if node.made_in else node.line
    made = node_span(result, node) if not node.made_in else None
    for line in range(own, len(source_lines(path)) + 1):
        for call in expressions(path, line, language):
            if call.kind != "call" or call.name != "require_grad":
                continue
            text = source_line(path, line)
            on_it = (
                made is not None
                and call.start <= made[0]
                and not text[call.start : made[0]].strip("( ")
                and made[1] < call.end
            )
            if line == own and on_it:
                return line, call
            held = name_span(path, line, node.label, language) if node.label else None
            if line > own and held is not None and held[0] == call.start:
                return line, call
    return None


def _receiver_end(result: RunResult, line: int, call: Expression) -> int:
    """The column of the `.` before `require_grad` in `call`."""
    text = source_line(result.source, line)
    return text.rindex(".require_grad", call.start, call.end)


def _named(fix: RuleFix, help_: Help) -> Help:
    """`help_` led by the name of the fix it is."""
    return replace(help_, message=f"{fix.name}: {help_.message}")


def _linted(result: RunResult) -> list[Diagnostic]:
    """Lint's findings on the case (`findings._lint_findings`, the one place they are read)."""
    from pbpit.diagnose import findings

    return findings._lint_findings(result)
