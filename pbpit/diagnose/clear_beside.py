"""The fix a user would act on for a `Vec` field a struct's emptying method leaves out: the loop
pushes tracked tensors into `buf.log_probs` each pass and calls `buf.clear()` to start the next
pass afresh, but `clear` empties `self.values` and `self.rewards`, not `self.log_probs`. The
next pass's loss then reads the previous pass's tensors, whose steps its backward consumed.

The missing `self.log_probs.clear();` is written beside the method's other `clear()`s, made in
a copy and run (`findings.checked`); it leads the run's error only when it runs without the
panic and every gradient of the original's backwards is kept (detached where they are put
instead, the log-probs train nothing: `fix_costs`). Read from the program's syntax tree as
`pbpit.diagnose.preferred.detach_beside_first` reads a detaching method."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.rust.syntax import Node

if TYPE_CHECKING:
    from pbpit.diagnose.audit import AuditEntry
    from pbpit.trace import RunResult

_PUSHED = re.compile(r"\.\s*([A-Za-z_]\w*)\s*\.\s*push\s*\(")
"""`holder.field.push(`: the field a loop pushes into."""


def clear_beside_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """`warning` led by `self.log_probs.clear();` in the method the loop calls that empties
    the struct's other `Vec` fields (`self.values.clear();`) but not one the loop pushes into,
    when the line runs without the panic and keeps every gradient; `warning` otherwise."""
    from pbpit.diagnose.findings import checked
    from pbpit.diagnose.in_files import in_files
    from pbpit.diagnose.preferred import _a_field, _called_in, _loop_and_source, _methods

    found = _loop_and_source(result, entry)
    if found is None:
        return warning
    loop, source = found
    text = source.node_text
    rows = source.lines[loop.line - 1 : loop.end_line]
    pushed = list(dict.fromkeys(_PUSHED.findall("\n".join(rows))))
    called = _called_in(source, loop.line - 1, loop.end_line - 1)
    for name, body in _methods(source):
        if name not in called:
            continue
        clears = [s for s in body.named_children if _clears_a_field(s, text)]
        if not clears:
            continue
        said = text(body)
        for field_name in pushed:
            own = f"self.{field_name}"
            if re.search(rf"{re.escape(own)}\b", said) or not _a_field(source, field_name):
                continue
            last = clears[-1]
            line = last.end_point[0] + 1
            indent = source.lines[line - 1][: last.start_point[1]]
            others = ", ".join(f"`{_field_of(s, text)}`" for s in clears)
            words = (
                f"empty `{own}` in `{name}` too, beside {others}: the loop calls it to start "
                f"each pass afresh, and `{field_name}` is the `Vec` it leaves holding the "
                "previous pass's tensors"
            )
            emptied = _emptied(last, text, own)
            made = Help(words, [Edit(line + 1, 1, line + 1, 1, f"{indent}{emptied}\n")])
            trial = checked(result, in_files(result, replace(warning, helps=[made])), checks)
            (fix,) = trial.helps
            if fix.edits and fix.checked is not None and fix.checked.ok:
                if fix.checked.keeps_gradients:
                    return replace(warning, helps=[fix, *warning.helps])
    return warning


_EMPTIES = re.compile(r"(self\.[A-Za-z_]\w*)(?:\.clear\(\)|=Vec::new\(\)|=vec!\[\]);")
"""`self.X.clear();`, `self.X = Vec::new();` or `self.X = vec![];` (spaces taken out)."""


def _clears_a_field(statement: Node, text) -> bool:
    """A statement that empties a `Vec` field (`_EMPTIES`), alone on its line."""
    if statement.type != "expression_statement":
        return False
    one_line = statement.start_point[0] == statement.end_point[0]
    return one_line and _EMPTIES.fullmatch("".join(text(statement).split())) is not None


def _field_of(statement: Node, text) -> str:
    """`self.X` of a statement `_clears_a_field` accepts."""
    found = _EMPTIES.fullmatch("".join(text(statement).split()))
    return found.group(1) if found is not None else text(statement)


def _emptied(statement: Node, text, own: str) -> str:
    """The statement emptying `own` written as `statement` empties its field: the same
    words, `self.X` replaced."""
    return text(statement).replace(_field_of(statement, text), own, 1)
