"""explain's "add the losses" for two losses that share a tracked intermediate: the two losses
named as the program names them (their bindings; the receiver of `.backward()` where the run
recorded none; each pass's loss of one backward in a loop), and the corrected lines that run one
backward on their sum, written only where both are bindings of their own that the sum can read."""

from __future__ import annotations

import re
from pathlib import Path

from pbpit.diagnose.audit import Loop
from pbpit.diagnose.case_fix import Fix
from pbpit.diagnose.in_files import corrected_lines
from pbpit.diagnose.statements import indent_of as _indent
from pbpit.diagnose.statements import scope_of as _scope
from pbpit.lint.rules.shared_intermediate import ADD_THE_LOSSES
from pbpit.lint.rules.shared_passes import OVER_PASSES, passes_written
from pbpit.source import assigned_name, assignment, source_line, source_lines
from pbpit.trace import BackwardRecord, RunResult

_RECEIVER = re.compile(r"(?<![\w.\])])([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)\s*\.backward\(\)")
"""The loss a `.backward()` is called on, when it is a binding or a path in one (`loss`,
`out.loss`, `losses[0]`), not a temporary (`(a + b).backward()`)."""


def loss_name(result: RunResult, record: BackwardRecord, called: bool = False) -> str | None:
    """The binding of the loss `record` backpropagates: the one the run recorded, else (first,
    when `called`) the receiver of the one `.backward()` on the backward's line (a loss the run
    saw bound by a loop's pattern, each pass's `loss` of a `Vec`'s `losses[i]`); None for a
    temporary."""
    node = result.node(record.root)
    label = node.label if node is not None and node.label else None
    if label is not None and not called:
        return label
    found = _RECEIVER.findall(source_line(result.source, record.line)) if record.line else []
    return found[0] if len(found) == 1 else label


def _listed(losses: list[str]) -> str:
    """`` `a` and `b` ``, `` `a`, `b` and `c` ``."""
    named = [f"`{n}`" for n in losses]
    return ", ".join(named[:-1]) + " and " + named[-1]


def _the_losses(
    first: BackwardRecord, second: BackwardRecord, a: str | None, b: str | None, passes: bool
) -> str:
    """The two losses in words: `` `a` and `b` `` by their bindings; each pass's `loss` of one
    backward that a loop runs again (`passes`); a binding used twice, or a temporary, by the line
    of its backward."""
    if passes:
        loss = f"`{a}`" if a is not None and a == b else "loss"
        return f"the {loss} of each pass of the backward at line {first.line}"
    if a is not None and b is not None and a != b:
        return f"`{a}` and `{b}`"

    def one(name: str | None, record: BackwardRecord) -> str:
        at = f" at line {record.line}" if record.line is not None else ""
        return f"the `{name}` backpropagated{at}" if name else f"the loss backpropagated{at}"

    return f"{one(a, first)} and {one(b, second)}"


def fix_add_losses(
    result: RunResult, first: BackwardRecord, second: BackwardRecord, loops: list[Loop]
) -> Fix:
    """Backpropagate the two losses' sum once, said with the losses' names; the corrected lines
    where both losses are bindings of their own, backpropagated at two lines of one scope."""
    passes = (
        first.line is not None
        and first.line == second.line
        and first.stack == second.stack
        and any(loop.holds(first.stack) for loop in loops)
    )
    a, b = loss_name(result, first, passes), loss_name(result, second, passes)
    losses = _the_losses(first, second, a, b, passes)
    copies = [] if passes else _copies(result, first, second, a, b)
    if len(copies) > 2:
        # The statement of the first backward written again for each of more losses: the
        # sum of all of them where the first was (of two, the third backward still panics).
        return _all_added(result, first, copies)
    handed = None if passes or not (a and b and a != b) else _handed(result, first, second, a, b)
    if handed is not None:
        # Each loss handed to one helper that backpropagates it: the sum handed to it once,
        # in the helper's own form (lint's `shared_helper_sum`).
        call, lines = handed
        title = f"run one backward on the sum of {losses}, handed once to the helper: `{call}`"
        fix = Fix(ADD_THE_LOSSES.name, title, True)
        fix.lines = lines
        fix.note = (
            f"One backward gives every parameter the gradient of the sum of {losses}, and one "
            "step; log each loss with into_scalar()."
        )
        return fix
    if passes:
        # In the words of the rule's code fix (`shared_passes`), which the run shows beside
        # them when it could write it: said once; its lines where a walk's losses are added.
        title = OVER_PASSES
        written = None
        if first.line is not None and result.crate is None:
            written = passes_written(result.source, first.line, walked_only=True)
        if written is not None:
            fix = Fix(ADD_THE_LOSSES.name, title, True)
            fix.lines = corrected_lines(Path(result.source).read_text(encoding="utf-8"), written[2])
            fix.note = (
                f"One backward gives every parameter the gradient of the sum of {losses}; log "
                "each loss with into_scalar()."
            )
            return fix
    elif (apart := _calls_apart(first, second)) is not None:
        # Each loss handed to a helper that backpropagates it (calls unlike but for the loss:
        # another rate): no `.backward()` of the program's to quote.
        title = f"run one backward on the sum of {losses}, handed once to the helper"
        other = _other_arguments(result, apart, a, b)
        if other:
            title += (
                f" only where one call will do: the calls differ in {other} too (a learning "
                f"rate of plain SGD is kept by scaling `{b}` by the second rate over the first)"
            )
    elif a is not None and b is not None and a != b:
        title = f"run one backward on the sum of {losses}: `({a} + {b}).backward()`"
    else:
        title = f"run one backward on the sum of {losses}"
    fix = Fix(ADD_THE_LOSSES.name, title, True)
    labelled = all((r := result.node(n)) is not None and r.label for n in (first.root, second.root))
    movable = first.line is not None and second.line is not None and first.line != second.line
    distinct = a is not None and b is not None and a != b
    if labelled and distinct and movable and _scope(first.stack) == _scope(second.stack):
        assert a is not None and b is not None
        second_loss = result.node(second.root)
        if second_loss is not None and second_loss.line is not None:
            if second_loss.line < first.line:
                fix.lines = _added_at_first(result, first, second, a, b)
            else:
                fix.lines = _added_at_second(result, first, second, a, b)
    fix.note = (
        f"One backward gives every parameter the gradient of the sum of {losses}; log each loss "
        "with into_scalar()."
    )
    return fix


def _copies(
    result: RunResult, first: BackwardRecord, second: BackwardRecord, a: str | None, b: str | None
) -> list[tuple[str, int]]:
    """The losses of the lines from the first backward's up to the second's (`a`'s, `b`'s),
    and of each copy of them that follows (the loss and the name the first line binds alone
    other: a third head's `acc.accumulate(&m, GradientsParams::from_grads(c.backward(), &m));`),
    each with its first line; [] for another shape, or two losses in words."""
    if first.line is None or second.line is None or not (a and b and a != b):
        return []
    if not 0 < second.line - first.line <= 3 or first.stack[1:] != second.stack[1:]:
        return []
    path, count = result.source, second.line - first.line
    lines = source_lines(path)
    model = lines[first.line - 1 : second.line - 1]
    bound = assigned_name(path, first.line)
    copies = [(a, first.line)]
    start = second.line
    while start + count - 1 <= len(lines):
        copy = lines[start - 1 : start - 1 + count]
        found = _RECEIVER.findall("\n".join(copy))
        if len(found) != 1 or any(found[0] == loss for loss, _ in copies):
            break
        if len(copies) == 1 and found[0] != b:
            return []
        again = assigned_name(path, start)
        if (bound is None) != (again is None):
            break
        read = [t.replace(f"{a}.backward()", f"{found[0]}.backward()") for t in model]
        if bound is not None and again is not None:
            read = [re.sub(rf"\b{re.escape(bound)}\b", again, t) for t in read]
        if read != copy or not all(t.strip().endswith(";") for t in copy):
            break
        copies.append((found[0], start))
        start += count
    return copies if len(copies) >= 2 else []


def _all_added(result: RunResult, first: BackwardRecord, copies: list[tuple[str, int]]) -> Fix:
    """Add the losses of `_copies` (more than two): one backward of their sum where the first
    was, the other copies gone; in words where a name the other copies bind, or a loss, is
    read after them (it would be gone, or moved into the sum)."""
    path = result.source
    losses = [loss for loss, _ in copies]
    summed = f"({' + '.join(losses)}).backward()"
    fix = Fix(
        ADD_THE_LOSSES.name, f"run one backward on the sum of {_listed(losses)}: `{summed}`", True
    )
    fix.note = (
        f"One backward gives every parameter the gradient of the sum of {_listed(losses)}; log "
        "each loss with into_scalar()."
    )
    assert first.line is not None
    count = copies[1][1] - copies[0][1]
    end = copies[-1][1] + count
    lines = source_lines(path)
    gone = [n for _, at in copies[1:] if (n := assigned_name(path, at)) is not None]
    after = "\n".join(lines[end - 1 :])
    if any(re.search(rf"(?<![\w.]){re.escape(n)}\b", after) for n in [*gone, *losses]):
        return fix
    text = source_line(path, first.line)
    if text.count(f"{losses[0]}.backward()") != 1:
        return fix
    kept = [(" ", first.line + k, lines[first.line - 1 + k]) for k in range(1, count)]
    deleted = [("-", n, lines[n - 1]) for n in range(copies[1][1], end)]
    summed_line = text.replace(f"{losses[0]}.backward()", summed)
    fix.lines = [("-", first.line, text), ("+", first.line, summed_line), *kept, *deleted]
    return fix


# -- adding the losses: an edit that compiles where it is written, or none -----------------------


def _added_at_first(
    result: RunResult, first: BackwardRecord, second: BackwardRecord, a: str, b: str
) -> list[tuple[str, int | None, str]]:
    """Both losses exist at the first backward: it backpropagates their sum, the second reuses
    its gradients."""
    path, language = result.source, result.language
    assert first.line is not None and second.line is not None
    text = source_line(path, first.line)
    wrapped = _wrapped(path, first, second, a, b)
    if wrapped is not None:
        return wrapped
    target = assigned_name(path, first.line, language) or "grads"
    again = assigned_name(path, second.line, language)
    added = assignment(path, target, f"({a} + {b}).backward()", language=language)
    lines = [
        ("-", first.line, text),
        ("+", first.line, _indent(text) + added),
        ("-", second.line, source_line(path, second.line)),
    ]
    if again:
        indent = _indent(source_line(path, second.line))
        kept = assignment(path, again, target, language=language)
        lines.append(("+", second.line, indent + kept))
    return lines


def _wrapped(
    path: str, first: BackwardRecord, second: BackwardRecord, a: str, b: str
) -> list[tuple[str, int | None, str]] | None:
    """Each backward inside a statement that makes what an optimizer step reads (`let grads =
    GradientsParams::from_grads(a.backward(), &model);`), each followed by the same step
    line: the first backpropagates the sum in place, the second backward and its step go (one
    step, as one backward means); the same for the two statements alone, the second right after
    the first and the same but for its loss (both into one accumulator); None for another
    shape."""
    assert first.line is not None and second.line is not None
    text, later = source_line(path, first.line), source_line(path, second.line)
    plain = re.fullmatch(rf"\s*(let\s+(mut\s+)?\w+\s*=\s*)?{re.escape(a)}\.backward\(\);\s*", text)
    if plain is not None or text.count(f"{a}.backward()") != 1:
        return None
    summed = text.replace(f"{a}.backward()", f"({a} + {b}).backward()")
    repeated, n = _repeated(path, first.line, second.line, a, b), second.line - first.line
    if repeated:
        # The statements from the first backward written again from the second, the loss and
        # the binding alone other (each backward's gradients handed to one accumulator:
        # `acc.accumulate(&m, GradientsParams::from_grads(a.backward(), &m));` twice): the
        # sum's gradients handed there once, the second copy gone.
        kept = [(" ", first.line + k, source_line(path, first.line + k)) for k in range(1, n)]
        return [("-", first.line, text), ("+", first.line, summed), *kept, *repeated]
    if later.count(f"{b}.backward()") != 1 or second.line != first.line + 2:
        return None
    step, again = source_line(path, first.line + 1), source_line(path, second.line + 1)
    if step != again or ".step(" not in step or not text.strip().endswith(";"):
        return None
    if not later.strip().endswith(";") or not step.strip().endswith(";"):
        return None
    return [
        ("-", first.line, text),
        ("+", first.line, summed),
        (" ", first.line + 1, step),
        ("-", second.line, later),
        ("-", second.line + 1, again),
    ]


def _repeated(
    path: str, first: int, second: int, a: str, b: str
) -> list[tuple[str, int | None, str]]:
    """The lines from `second` on deleted when they repeat those from `first` up to it (at most
    three), `a` read as `b` and the name the first binds as the name the second binds
    (`let g_a = GradientsParams::from_grads(a.backward(), &m); acc.accumulate(&m, g_a);`, then
    the same of `b`); [] for other lines."""
    count = second - first
    if not 0 < count <= 3:
        return []
    lines = source_lines(path)
    if second + count - 1 > len(lines):
        return []
    block, again = lines[first - 1 : second - 1], lines[second - 1 : second - 1 + count]
    this, that = assigned_name(path, first), assigned_name(path, second)
    if (this is None) != (that is None):
        return []
    read = [line.replace(f"{a}.backward()", f"{b}.backward()") for line in block]
    if this is not None and that is not None:
        read = [re.sub(rf"\b{re.escape(this)}\b", that, line) for line in read]
    if read != again or not all(line.strip().endswith(";") for line in again):
        return []
    return [("-", second + k, line) for k, line in enumerate(again)]


def _added_at_second(
    result: RunResult, first: BackwardRecord, second: BackwardRecord, a: str, b: str
) -> list[tuple[str, int | None, str]]:
    """The second loss is made after the first backward: the sum is backpropagated where the
    second one was, and the first goes, when nothing between needs it or its gradients (else
    the fix stays in words)."""
    path, language = result.source, result.language
    assert first.line is not None and second.line is not None
    text, later = source_line(path, first.line), source_line(path, second.line)
    target = assigned_name(path, first.line, language)
    plain = (
        f"{a}.backward()"
        if target is None
        else assignment(path, target, f"{a}.backward()", language=language)
    )
    if text.strip() not in (plain, f"{a}.backward();") or later.count(f"{b}.backward()") != 1:
        return []
    between = "\n".join(source_line(path, n) for n in range(first.line + 1, second.line))
    after = "\n".join(source_lines(path)[first.line :])
    if re.search(rf"\b{re.escape(a)}\b", between) or (
        target is not None and re.search(rf"\b{re.escape(target)}\b", after)
    ):
        return []  # the first loss moved, or its gradients used, before the sum
    summed = later.replace(f"{b}.backward()", f"({a} + {b}).backward()")
    return [("-", first.line, text), ("-", second.line, later), ("+", second.line, summed)]


# -- the losses handed to a helper that backpropagates them --------------------------------------


def _handed(
    result: RunResult, first: BackwardRecord, second: BackwardRecord, a: str, b: str
) -> tuple[str, list[tuple[str, int | None, str]]] | None:
    """Two calls of one helper whose backward (one line inside it) panicked the second time,
    each given its loss (`model = apply(model, &mut optim, rec_loss, 0.05);` then `cls_loss`),
    the two statements one line each, alike but for the loss: the first call given `a + b`,
    the second's line gone, when nothing between them names `b` (moved into the sum there) or
    what the first sets. The call as written, and the corrected lines; None otherwise."""
    lines_apart = _calls_apart(first, second)
    if lines_apart is None:
        return None
    start, end = lines_apart
    path = result.source
    lines = source_lines(path)
    this, that = lines[start - 1], lines[end - 1]
    if not (this.strip().endswith(";") and that.strip().endswith(";")):
        return None
    if this.replace(a, "\0") != that.replace(b, "\0") or this.count(a) != 1:
        return None
    at = _argument_at(this, a)
    if at is None:
        return None
    between = "\n".join(lines[start : end - 1])
    target = assigned_name(path, start)
    if re.search(rf"(?<![\w.]){re.escape(b)}\b", between) or (
        target is not None and re.search(rf"(?<![\w.]){re.escape(target)}\b", between)
    ):
        return None
    summed = this[:at] + f"{a} + {b}" + this[at + len(a) :]
    call = _call_around(summed, at)
    if call is None:
        return None
    kept = [(" ", n, lines[n - 1]) for n in range(start + 1, end)]
    return call, [("-", start, this), ("+", start, summed), *kept, ("-", end, that)]


def _calls_apart(first: BackwardRecord, second: BackwardRecord) -> tuple[int, int] | None:
    """The lines of two calls of one helper whose backward (one line inside it) ran twice: the
    one frame where the two backwards' stacks differ, not the innermost; None otherwise."""
    one, two = first.stack, second.stack
    if len(one) != len(two) or len(one) < 2:
        return None
    apart = [k for k, (x, y) in enumerate(zip(one, two, strict=True)) if x != y]
    if len(apart) != 1 or apart[0] == 0:
        return None
    start, end = one[apart[0]], two[apart[0]]
    return (start, end) if start < end else None


def _other_arguments(
    result: RunResult, lines: tuple[int, int], a: str | None, b: str | None
) -> str:
    """What else than the losses the two calls' lines differ in (`` `0.05` and `0.01` ``),
    in words; "" when nothing else."""
    text = source_lines(result.source)
    one, two = (re.findall(r"[\w.]+|\S", text[n - 1]) for n in lines)
    if len(one) != len(two):
        return "more than the loss"
    pairs = [(x, y) for x, y in zip(one, two, strict=True) if x != y and (x, y) != (a, b)]
    return ", ".join(f"`{x}` and `{y}`" for x, y in pairs)


def _argument_at(line: str, loss: str) -> int | None:
    """Where `loss` is a whole argument of a call on `line` (after `(` or `,`, before `,` or
    `)`); None otherwise."""
    at = line.find(loss)
    before = line[:at].rstrip()
    after = line[at + len(loss) :].lstrip()
    if not before.endswith(("(", ",")) or not after.startswith((",", ")")):
        return None
    return at


def _call_around(line: str, at: int) -> str | None:
    """The call on `line` whose argument list holds column `at` (`apply(..)`,
    `trainer.update(..)`), as written."""
    depth = 0
    for open_ in range(at - 1, -1, -1):
        if line[open_] == ")":
            depth += 1
        elif line[open_] == "(":
            if depth == 0:
                break
            depth -= 1
    else:
        return None
    name = re.search(r"[\w.:]+$", line[:open_])
    if name is None:
        return None
    depth = 0
    for close in range(open_, len(line)):
        depth += {"(": 1, ")": -1}.get(line[close], 0)
        if depth == 0:
            return line[name.start() : close + 1]
    return None
