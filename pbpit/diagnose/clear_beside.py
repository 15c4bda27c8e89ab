"""The run's side of the fix for a `Vec` field a struct's emptying method leaves out: the loop
pushes tracked tensors into `buf.log_probs` each pass and calls `buf.clear()` to start the next
pass afresh, but `clear` empties `self.values` and `self.rewards`, not `self.log_probs`. The
next pass's loss then reads the previous pass's tensors, whose steps its backward consumed.

The fix is the rule's (`pbpit.lint.rules.clear_beside`): lint's finding carries it, checked by
running it with the rest (`findings.checked`); here it is put first. Where the run's finding
does not carry it (built from the trace, or naming an element rather than the field), the same
rule code writes it for each field the loop pushes into, and it leads when it runs without the
panic and keeps every gradient of the original's backwards."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic

if TYPE_CHECKING:
    from pbpit.diagnose.audit import AuditEntry
    from pbpit.trace import RunResult

_PUSHED = re.compile(r"\b([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)\s*\.\s*push\s*\(")
"""`holder.field.push(`: a field a loop pushes into."""


def clear_beside_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """`warning` led by the rule's `self.log_probs.clear();` beside the other fields the
    method the loop calls empties (or the loop's own `buf.log_probs.clear();`): lint's help
    where the finding has it, else written here by the rule's code when it runs without the
    panic and keeps every gradient; `warning` otherwise."""
    from pbpit.lint.rules.clear_beside import BESIDE

    own = [h for h in warning.helps if h.message.startswith("empty `") and BESIDE in h.message]
    if own:
        rest = [h for h in warning.helps if h not in own]
        return replace(warning, helps=[*own, *rest])
    return _written_here(result, entry, warning, checks)


def _written_here(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """`warning` led by the rule's help for a field the loop pushes into, checked here."""
    from pbpit.diagnose.findings import checked
    from pbpit.diagnose.in_files import in_files
    from pbpit.diagnose.preferred import _loop_and_source
    from pbpit.lint.fixes import Fixes
    from pbpit.lint.rules.clear_beside import clear_beside
    from pbpit.rust.syntax import descendants

    found = _loop_and_source(result, entry)
    if found is None:
        return warning
    loop, source = found
    node = next(
        (
            n
            for n in descendants(source.root)
            if n.type in ("for_expression", "while_expression", "loop_expression")
            and n.start_point[0] == loop.line - 1
        ),
        None,
    )
    if node is None:
        return warning
    rows = source.lines[loop.line - 1 : loop.end_line]
    names = [warning.name] + [f"{h}.{f}" for h, f in _PUSHED.findall("\n".join(rows))]
    fixes = Fixes(source)
    for name in dict.fromkeys(names):
        made = clear_beside(name, node, fixes)
        if made is None:
            continue
        trial = checked(result, in_files(result, replace(warning, helps=[made])), checks)
        (fix,) = trial.helps
        if fix.edits and fix.checked is not None and fix.checked.ok:
            if fix.checked.keeps_gradients:
                return replace(warning, helps=[fix, *warning.helps])
    return warning
