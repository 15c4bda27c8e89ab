"""The other bindings one loop carries beside the one a finding names: an attention cache's
`cache_k` and `cache_v` (`cache_k = Tensor::cat(vec![cache_k, k], 0);` and the same of
`cache_v`), running statistics' `running_mean` and `running_var`, each brings the graph of an
earlier pass into the pass that panics. Detaching one alone still panics at the other, so the
fix of `loop-external-tracked` detaches every one of them, in one edit: each where it is
carried when one assignment carries it and nothing after reads it (`running_mean =
(running_mean * 0.9 + batch_mean * 0.1).detach();`), else each at the end of the pass
(`cache_k = cache_k.detach(); cache_v = cache_v.detach();`).

A binding is carried beside `name` when the loss of the backward that panics reads it, in the
panicking pass, before the body's first assignment of it (the previous pass's value), while
it holds a tracked intermediate (not a leaf: a leaf carried so is a parameter's, reused
safely), and it is a plain name of a tensor (`let mut` before the loop, `name = ..` in the
body)."""

from __future__ import annotations

from pbpit.diagnostics.model import Edit, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carry_line import detach_at_carry
from pbpit.lint.rules.pass_shape import assignments, binds_anew
from pbpit.rust.syntax import Node

ONE_ALONE = " (each carries an earlier pass's graph: detaching one alone still panics at the other)"


def carried_beside(name: str, meeting: Meeting, body: Node, fixes: Fixes) -> list[str]:
    """`name` and the other plain names the panicking pass reads from the previous pass while
    they hold a tracked intermediate, in the order the body first assigns them; `[name]` when
    there is no other (or `name` is not a plain name)."""
    entry = meeting.entry or {}
    if not is_name(name) or meeting.in_pass is None or name not in entry:
        return [name]
    start, end = meeting.loop_span
    first: dict[str, int] = {}
    for read in meeting.loss.reads:
        other = read.name
        if (
            other == name
            or other not in entry
            or not is_name(other)
            or not start <= read.span[0] < end
            or meeting.in_pass not in read.context
            or read.value.requirement != Requirement.GRAD_IN_BACKWARD
        ):
            continue
        assigned = assignments(other, body, fixes)
        if not assigned or binds_anew(other, body, fixes):
            continue
        at = min(node.start_byte for node in assigned)
        ends = min(node.end_byte for node in assigned)
        if read.span[0] >= ends:
            continue  # read after this pass assigned it: this pass's value, not carried
        first[other] = at
    if not first:
        return [name]
    own = assignments(name, body, fixes)
    first[name] = min((n.start_byte for n in own), default=start)
    return sorted(first, key=first.__getitem__)


def detach_carried_help(names: list[str], body: Node, fixes: Fixes) -> Help | None:
    """Every name of `names` (carried together, see the module) detached where its one
    assignment carries it, when that can be written for each; else None (the caller detaches
    each at the end of the pass)."""
    carries = [detach_at_carry(n, body, False, fixes) for n in names]
    if any(c is None for c in carries):
        return None
    edits: list[Edit] = []
    said = []
    for name, carry in zip(names, carries, strict=True):
        assert carry is not None
        edits += carry.edits
        what = f"`{carry.value}` " if carry.value else ""
        said.append(f"{what}in `{name}` (line {carry.line})")
    listed = ", ".join(said[:-1]) + f" and {said[-1]}"
    return Help(
        f"detach what is put {listed}, the state the next pass reads: each carries an earlier "
        "pass's graph, so detaching one alone still panics at the other; gradients stop at the "
        "pass boundary",
        edits,
    )
