"""The fix a user would act on, put first in the run's error where lint's first fix written as
code would leave the program running but wrong:

- state a struct keeps between passes (a spiking neuron's membrane) whose struct has a method
  that resets it (`fn reset(&mut self) { self.membrane = None; }`) the loop never calls: the
  call at the top of each pass, before detaching the state where it is put (which also cuts
  the gradient within each pass);
- a field its struct's detaching method leaves out (`detach_hidden` detaching `self.h`, not
  `self.c`): the missing line there.

Each is made in a copy and run (`checked`); one that fails leaves the warning as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help

if TYPE_CHECKING:
    from pbpit.diagnose.audit import AuditEntry
    from pbpit.trace import RunResult


def preferred_fix(
    result: RunResult,
    entry: AuditEntry,
    entries: list[AuditEntry],
    warning: Diagnostic,
    checks: dict,
) -> Diagnostic:
    """`warning` (lint's finding of `entry`, its fixes checked) with the fix a user would act
    on first (see the module)."""
    # A tensor made before the loop from what an optimizer steps (prototypes fitted from the
    # embedder it trains): explain shows recomputing it in the loop first; the run's fixes
    # written as code stay lint's (one diagnosis) until lint writes those lines too.
    del entries
    return carried_first(result, entry, warning, checks) if entry.carried else warning


def carried_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """For carried state: the struct's reset called each pass, else the field its detaching
    method leaves out detached there too; `warning` as it is when neither applies."""
    found = reset_first(result, entry, warning, checks)
    if found is warning:
        found = detach_beside_first(result, entry, warning, checks)
    return found


def reset_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """`warning` led by `lif.reset();` at the top of each pass of the loop that carries the
    state, where the struct of the field that carries it has such a method the loop does not
    call, and the call runs without the panic."""
    from pbpit.diagnose.audit import find_loops
    from pbpit.diagnose.findings import checked
    from pbpit.diagnose.in_files import in_files

    name = warning.name
    if result.crate is not None or name.count(".") != 1 or entry.loop_line is None:
        return warning
    owner, field_name = name.split(".")
    source = Path(result.path).read_text(encoding="utf-8")
    method = _reset_method(source, field_name)
    if method is None:
        return warning
    loop = _carrying_loop(result, entry)
    if loop is None:
        return warning
    lines = source.splitlines()
    # Reset in the loop, or in a loop around it (each episode, while the state carries between
    # the steps of one): the state is meant to carry between those calls, and a reset each
    # pass would end that. A call after the loop only does not count.
    around = [
        (lp.line, lp.end_line)
        for lp in find_loops(result.source, result.language)
        if lp.line <= loop.line and loop.end_line <= lp.end_line
    ]
    call_pattern = re.compile(rf"\b{re.escape(owner)}\s*\.\s*{re.escape(method)}\s*\(")
    for number, text in enumerate(lines, 1):
        if call_pattern.search(text) and any(a <= number <= b for a, b in around):
            return warning
    first = lines[loop.body_line - 1]
    indent = first[: len(first) - len(first.lstrip())]
    call = f"{owner}.{method}();"
    words = (
        f"call `{call}` at the start of each pass: `{name}` keeps the previous pass's state "
        f"(`{method}` is never called in the loop), so each pass starts from it and its "
        "backward reaches the previous pass's graph"
    )
    made = Help(words, [Edit(loop.body_line, 1, loop.body_line, 1, f"{indent}{call}\n")])
    trial = checked(result, in_files(result, replace(warning, helps=[made])), checks)
    (reset,) = trial.helps
    if not reset.edits or reset.checked is None or not reset.checked.ok:
        return warning
    rest = [
        replace(
            h,
            message=h.message.replace(" (applies here)", "", 1)
            + " (this also cuts the gradient within each pass)",
            applicability="MaybeIncorrect",
        )
        if h.edits
        else h
        for h in warning.helps
    ]
    return replace(warning, helps=[reset, *rest])


def detach_beside_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """`warning` led by `self.c = self.c.clone().detach();` in the method the loop calls to cut
    the state from the previous pass (`detach_hidden`), where it detaches the other fields
    (`self.h`) but not the one that carries the tensor, and the line runs without the panic."""
    from pbpit.diagnose.findings import checked
    from pbpit.diagnose.in_files import in_files

    field_name = warning.name.rsplit(".", 1)[-1]
    if result.crate is not None or not field_name.isidentifier() or entry.loop_line is None:
        return warning
    source = Path(result.path).read_text(encoding="utf-8")
    loop = _carrying_loop(result, entry)
    if loop is None:
        return warning
    lines = source.splitlines()
    body = "\n".join(lines[loop.line - 1 : loop.end_line])
    own = re.escape(field_name)
    for match, text in _methods(source):
        start = source.count("\n", 0, match.end())  # 0-based line of the method's `{`
        beside = re.search(
            r"^([ \t]*)self\.(\w+)\s*=\s*self\.\2\.clone\(\)\.detach\(\);[ \t]*$", text, re.M
        )
        if beside is None or beside.group(2) == field_name:
            continue
        if re.search(rf"\bself\.{own}\b", text):
            continue  # the method already does something with the field
        if not re.search(rf"\.\s*{re.escape(match.group(1))}\s*\(", body):
            continue  # not called in the loop
        if not re.search(rf"\b{own}\s*:", source):
            continue
        line = start + text.count("\n", 0, beside.end()) + 1  # 1-based line of the detach
        indent = beside.group(1)
        added = f"{indent}self.{field_name} = self.{field_name}.clone().detach();"
        words = (
            f"detach `self.{field_name}` in `{match.group(1)}` too, beside "
            f"`self.{beside.group(2)}`: the loop calls it to cut the state from the previous "
            f"pass, and `{field_name}` is the part of the state it leaves on the graph"
        )
        edit = Edit(line + 1, 1, line + 1, 1, added + "\n")
        made = Help(words, [edit])
        trial = checked(result, in_files(result, replace(warning, helps=[made])), checks)
        (fix,) = trial.helps
        if not fix.edits or fix.checked is None or not fix.checked.ok:
            return warning
        return replace(warning, helps=[fix, *warning.helps])
    return warning


_METHOD = re.compile(r"\bfn\s+(\w+)\s*\(\s*&\s*mut\s+self\s*\)\s*\{")
_EMPTY = r"(?:None|Vec::new\(\)|Default::default\(\)|[^;]*\bzeros(?:_like)?\b[^;]*)"


def _methods(source: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each method taking only `&mut self`, with its body's text (to its closing brace)."""
    for match in _METHOD.finditer(source):
        depth, at = 1, match.end()
        while depth and at < len(source):
            depth += {"{": 1, "}": -1}.get(source[at], 0)
            at += 1
        yield match, source[match.end() : at]


def _reset_method(source: str, field_name: str) -> str | None:
    """The method taking only `&mut self` whose body sets `self.FIELD` to nothing (`None`,
    zeros, an empty `Vec`), or None: the struct's own way to start afresh."""
    for match, body in _methods(source):
        if re.search(rf"\bself\.{re.escape(field_name)}\s*=\s*{_EMPTY}\s*;", body):
            return match.group(1)
    return None


def _carrying_loop(result: RunResult, entry: AuditEntry):
    """The loop whose passes carry the state (`entry.loop_line`), or None."""
    from pbpit.diagnose.audit import find_loops

    loops = find_loops(result.source, result.language)
    return next((lp for lp in loops if lp.line == entry.loop_line), None)
