"""Gradient accumulation backpropagated every pass: `running = running + loss;` then
`running.backward()` in the same loop body. The backward of the pass before consumed the steps
the sum is made of, so the next pass's backward panics. Detaching the sum at the end of each pass
runs, and its first backward's gradients are the original's, but from the second backward on
each one gets the gradient of its own pass's loss alone: the earlier terms of the sum became
constants, and the `Gradients` an optimizer steps with are the last micro-batch's, not the
accumulated ones. The fix a user means: backpropagate the sum once, after the loop that adds to
it (the statements from the backward to the end of the loop's body moved after the loop).

Found from the program's text, by the binding a fix detaches (`running = running.detach();`):
no rule's name is asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from pbpit.diagnostics.model import Diagnostic, Edit, Help

_DETACHED = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*\1(?:\.clone\(\))?\.detach\(\)\s*;\s*$")
_FOR = re.compile(r"^(\s*)for\s+([A-Za-z_]\w*)\s+in\b.*\{\s*$")


@dataclass(frozen=True)
class Accumulation:
    """Where `name` sums the passes' losses and is backpropagated every pass."""

    name: str
    added: int
    """The line of `name = name + ..;`."""
    backward: int
    """The line of `name.backward()`: the first moved."""
    close: int
    """The line of the loop's closing brace."""
    moved: list[str]
    """The lines moved after the loop, at the loop's own indentation."""


def accumulation(text: str, name: str) -> Accumulation | None:
    """The loop in `text` whose body adds to `name` (`name = name + ..`, `name = name.add(..)`)
    and then backpropagates it (`name.backward()`), with the statements from that backward to
    the body's end as they read after the loop: None when there is none, or when one of them
    needs the loop's variable other than in a printed format string (`{micro}`, dropped with
    the word before it that names it)."""
    lines = text.split("\n")
    add = re.compile(rf"^\s*{name}\s*=\s*{name}(?:\.clone\(\))?\s*(?:\+|\.add\()")
    back = re.compile(rf"\b{name}(?:\.clone\(\))?\.backward\(\)")
    for index, line in enumerate(lines):
        if not back.search(line):
            continue
        loop = _enclosing_for(lines, index)
        if loop is None:
            continue
        start, close, indent, variable = loop
        added = next((k for k in range(start + 1, index) if add.match(lines[k])), None)
        if added is None:
            continue
        body = lines[start + 1 : close]
        inner = next((len(b) - len(b.lstrip()) for b in body if b.strip()), len(indent) + 4)
        moved = []
        for line_ in lines[index:close]:
            out = _without_variable(line_, variable)
            if out is None:
                return None
            moved.append(out[inner - len(indent) :] if out.strip() else "")
        return Accumulation(name, added + 1, index + 1, close + 1, moved)
    return None


def _enclosing_for(lines: list[str], index: int) -> tuple[int, int, str, str] | None:
    """The `for` loop whose body holds line `index` (by indentation): its line, the line of
    its closing brace, its indentation and its variable."""
    depth = len(lines[index]) - len(lines[index].lstrip())
    for k in range(index - 1, -1, -1):
        text = lines[k]
        if not text.strip():
            continue
        here = len(text) - len(text.lstrip())
        if here >= depth:
            continue
        match = _FOR.match(text)
        if match is None:
            return None
        indent = match.group(1)
        close = next((j for j in range(index + 1, len(lines)) if lines[j] == f"{indent}}}"), None)
        return None if close is None else (k, close, indent, match.group(2))
    return None


def _without_variable(line: str, variable: str) -> str | None:
    """`line` with the loop variable's placeholders taken out of its format strings (` micro
    {micro}`, `{micro}`); None when it still reads the variable."""
    out = re.sub(rf"\s*\b[A-Za-z_]+\s*[:=#]?\s*\{{{variable}(?::\?)?\}}", "", line)
    out = re.sub(rf"\{{{variable}(?::\?)?\}}", "", out)
    return None if re.search(rf"\b{variable}\b", out) else out


def once_after_loop(found: Accumulation) -> Help:
    """The fix: `found`'s backward and what follows it in the pass, moved after the loop."""
    moved = "".join(f"{line}\n" for line in found.moved)
    edits = [
        Edit(found.backward, 1, found.close, 1, ""),
        Edit(found.close + 1, 1, found.close + 1, 1, moved),
    ]
    message = (
        f"backpropagate `{found.name}` once, after the loop that adds to it: the backward of the "
        "sum gives every pass's loss its gradient at once (a backward each pass would need the "
        "passes before's steps, which the backward before consumed)"
    )
    return Help(message, edits)


def added_name(help_: Help) -> str:
    return help_.message.split("`")[1]


def detached_name(help_: Help) -> str | None:
    """The binding a help's one edit detaches in place (`running = running.detach();`)."""
    if len(help_.edits) != 1:
        return None
    match = _DETACHED.match(help_.edits[0].replacement.strip("\n"))
    return match.group(1) if match else None


def cut_sum_words(name: str) -> str:
    """What detaching `name`, a sum backpropagated every pass, costs (after "it runs, but")."""
    return (
        f"it cuts the sum `{name}` accumulates: from the second backward on, each "
        "gets its own pass's loss's gradient alone (the earlier passes' losses are constants "
        "in it), not the accumulated one the program backpropagates"
    )


def with_backward_once(diagnostic: Diagnostic, file: Path, check) -> Diagnostic:
    """`diagnostic` whose fix detaches a binding that sums the passes' losses and is
    backpropagated every pass: that fix said in words with what it cuts (not code), and the
    fix of backpropagating the sum once after the loop offered first, as code when making it
    runs (`check`: a help's edits to its `FixCheck`)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return diagnostic
    helps, cuts, added = [], [], None
    for help_ in diagnostic.helps:
        name = detached_name(help_) if help_.edits else None
        found = accumulation(text, name) if name else None
        if found is None:
            helps.append(help_)
            continue
        cut = f"it runs, but {cut_sum_words(name)}"
        note = f"pbpit made this edit and ran the program: {cut}, so it is not shown"
        message = help_.message.replace(" (applies here)", "", 1)
        # Said as a fix in words (no check kept): where the run's own words say the same fix
        # with the same note, it is said once (`findings._said_once_each`).
        cuts.append(replace(help_, message=message, edits=[], note=note, checked=None))
        helps.append(cuts[-1])
        if added is None:
            added = once_after_loop(found)
    if added is None:
        return diagnostic
    # The words that ask for the same detach (`detach each pass: detach `running` ..`) go too.
    word = f"detach `{added_name(added)}`"
    helps = [h for h in helps if h.edits or h.checked or h in cuts or word not in h.message]
    made = check(added)
    if made is not None and made.ok:
        ran = replace(made, gradients=(), zero_signs=(), later=(), detail=_ONCE_DETAIL)
        return replace(diagnostic, helps=[replace(added, checked=ran), *helps])
    if made is not None:
        why = f"pbpit made this edit and ran the program: {made.detail}, so it is not shown"
        helps.append(replace(added, edits=[], note=why, checked=made))
    return replace(diagnostic, helps=helps)


def lint_backward_once(finding: Diagnostic) -> Diagnostic:
    """Lint's `finding` whose fix detaches a sum of the passes' losses backpropagated every pass
    (see the module): backpropagating it once after the loop first (what `--fix` writes, once
    lint's check passes), the detach said in words with what it cuts."""
    if not any(detached_name(h) for h in finding.helps if h.edits):
        return finding
    try:
        text = Path(finding.path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return finding
    helps, added = [], None
    for help_ in finding.helps:
        name = detached_name(help_) if help_.edits else None
        found = accumulation(text, name) if name else None
        if found is None:
            helps.append(help_)
            continue
        note = f"not written as code: {cut_sum_words(name)}"
        helps.append(replace(help_, edits=[], note=note, applicability="MaybeIncorrect"))
        added = added or once_after_loop(found)
    return finding if added is None else replace(finding, helps=[added, *helps])


def cuts_sum(path: str | Path, edits: list[Edit]) -> str:
    """What `edits` cost when one detaches a sum the program backpropagates every pass (words
    after "it runs, but"); "" when none does."""
    names = [detached_name(Help("", [e])) for e in edits]
    if not any(names):
        return ""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    name = next((n for n in names if n and accumulation(text, n)), None)
    return cut_sum_words(name) if name else ""


_ONCE_DETAIL = (
    "runs without the panic; one backward of the summed losses where the original ran one a "
    "pass: its gradients are the sum's, not compared with the original's first"
)
