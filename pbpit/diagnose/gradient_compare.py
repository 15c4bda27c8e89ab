"""Gradients compared between two runs of a program: the leaves' gradients of each backward the
original ran (`Baseline`s, read from a run's record), and each leaf's state in the fixed run's
same backward: the same bits, zeros of another sign, other values, none."""

from __future__ import annotations

from typing import Any

UNCHANGED = "unchanged"
"""The leaf's gradient from the first backward has the same bits as in the original run."""
ZERO_SIGNS = "zero-signs"
"""Not the same bits, but the same numbers: some zeros have the other sign (`+0.0` for `-0.0`;
a sum taken in another order). Said apart from UNCHANGED, as bit-identity is the contract."""
CHANGED = "changed"
"""It got a gradient with other values (or another shape)."""
NONE = "none"
"""It gets none any more (`x.grad(&grads)` is None): the fix cut it off."""
CHANGED_LATER = "changed-later"
"""The same as in the original in the first backward, but not in a later one the original ran
(`FixCheck.later` says which, and how)."""

Baseline = dict[str, tuple[str, Any]]
"""The leaves that require grad made before one backward of a run, each by a key that survives
an edit: the name the run gave it (`w`, `model.fc.weight`), else its place among the unnamed
ones (`#2`); each with how it is shown and its gradient from that backward (None: it got
none)."""


class Baselines(tuple):
    """A run's `Baseline`s, one per backward that ran, in order (those the record kept); with
    what the run printed when it panicked (`printed`: what a fixed run is to print first,
    `printed_values`), else None."""

    printed: str | None = None


def baseline(result: Any) -> Baselines | None:
    """The leaves' gradients of each of `result`'s backwards that ran (see `Baseline`); None
    without one. A fix may add or remove node ids (a `.detach()` takes one), so an unnamed leaf
    is matched by its place among the unnamed leaves made before that backward, not by its id;
    a named one by its name (a parameter an optimizer's step made anew keeps its name: the one
    that got a gradient in that backward). A detached leaf no binding names is left out: no
    program can read its gradient."""
    for run, found in _RECENT:
        if run is result:
            return found  # the same run's, asked again (its error's fixes, then its audit's)
    found = _baseline(result)
    _RECENT.insert(0, (result, found))
    del _RECENT[4:]
    return found


_RECENT: list[tuple[Any, Baselines | None]] = []
"""The last runs asked of (the original's, and the fixed runs compared with it) and their
baselines: one object for one run, which the checks of its fixes are cached by
(`fix_check.check_text`)."""


def _baseline(result: Any) -> Baselines | None:
    from pbpit.engine.graph import Requirement

    ran = [b for b in result.backwards if b.gradients is not None]
    if not ran:
        return None
    leaves = [
        node
        for node in result.nodes
        if not node.parents and node.requirement == Requirement.GRAD and not node.unreachable_leaf
    ]
    names = leaf_names(result, leaves)
    out = []
    for backward in ran:
        one: Baseline = {}
        unnamed = 0
        for node in leaves:
            if node.id >= backward.node_count:
                continue
            if node.label:
                key = shown = names[node.id]
            else:
                key, shown = f"#{unnamed}", f"NodeId({node.id})"
                unnamed += 1
            grad = backward.gradients.get(node.id)
            if key not in one or (one[key][1] is None and grad is not None):
                one[key] = (shown, grad)
        out.append(one)
    made = Baselines(out)
    if getattr(result, "panic", None) is not None:
        made.printed = result.stdout
    return made


def leaf_names(result: Any, leaves: list | None = None) -> dict[int, str]:
    """The named leaves of `result` that require grad (or `leaves`), by id: a helper's argument
    by the caller's path (`model.probe.weight`), else the name the run gave it."""
    from pbpit.diagnose.param_paths import caller_path
    from pbpit.engine.graph import Requirement

    if leaves is None:
        leaves = [n for n in result.nodes if not n.parents and n.requirement == Requirement.GRAD]
    return {node.id: caller_path(result, node) or node.label for node in leaves if node.label}


def compare_all(
    before: Baselines, after: Baselines
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, int], ...], tuple]:
    """Every backward of `before` compared with the same backward of `after` (one that did not
    run there: each leaf NONE): each leaf's state (`FixCheck.gradients`), the zeros whose sign
    alone changed (the most in one backward), and the leaves the same in the first backward
    they had a gradient in and not in a later one (`FixCheck.later`, numbered from 1)."""
    first: dict[str, str] = {}
    flipped: dict[str, int] = {}
    later: dict[str, tuple[str, int]] = {}
    for index, was in enumerate(before):
        now = after[index] if index < len(after) else {}
        for shown, state, count in _compared(was, now):
            if shown in later or first.get(shown) in (CHANGED, NONE):
                continue
            if shown not in first:
                first[shown] = state if index == 0 or state in (UNCHANGED, ZERO_SIGNS) else ""
                if not first[shown]:
                    first[shown], later[shown] = CHANGED_LATER, (state, index + 1)
            elif state in (CHANGED, NONE):
                first[shown], later[shown] = CHANGED_LATER, (state, index + 1)
            if state == ZERO_SIGNS and shown not in later:
                flipped[shown] = max(flipped.get(shown, 0), count)
                if first[shown] == UNCHANGED:
                    first[shown] = ZERO_SIGNS
    return (
        tuple(first.items()),
        tuple((n, c) for n, c in flipped.items() if first[n] == ZERO_SIGNS),
        tuple((n, state, k) for n, (state, k) in later.items()),
    )


def _same_parameter(key: str, before: Baseline, after: Baseline) -> str:
    """`key` of `before` as `after` names the same parameter: a parameter first read in a method
    is named by `self`'s path until the caller's statement names it by its own binding
    (`self.encoder.fc.weight`, then `trainer.encoder.fc.weight`), which a run that panicked in the
    method never reached and a fixed one did (or the other way). Matched by the path under the
    binding when one key of each side has it."""
    if key in after or "." not in key:
        return key
    root, tail = key.split(".", 1)

    def under(keys: Any) -> list[str]:
        return [k for k in keys if "." in k and k.split(".", 1)[1] == tail]

    there, here = under(after), under(before)
    if len(there) == 1 and len(here) == 1 and "self" in (root, there[0].split(".", 1)[0]):
        return there[0]
    return key


def compare(before: Baseline, after: Baseline) -> tuple[tuple[str, str], ...]:
    """Each leaf of `before` that had a gradient (by its key: a leaf may be another id in the
    other run), as `before` shows it: UNCHANGED when `after`'s has the same bits, ZERO_SIGNS
    when the only bits that differ are zeros' signs, CHANGED, or NONE when it has none."""
    return tuple((shown, state) for shown, state, _ in _compared(before, after))


def zero_signs(before: Baseline, after: Baseline) -> tuple[tuple[str, int], ...]:
    """The leaves `compare` finds ZERO_SIGNS, each with how many of its zeros changed sign."""
    return tuple((shown, n) for shown, state, n in _compared(before, after) if state == ZERO_SIGNS)


def _flipped_zeros(grad: Any, now: Any) -> int | None:
    """How many elements of two arrays of one shape and dtype differ in their bits, when every
    one of them is a zero in both (of other signs); None when another element differs."""
    import numpy as np

    if grad.dtype.kind != "f":
        return None
    a, b = np.ascontiguousarray(grad).reshape(-1), np.ascontiguousarray(now).reshape(-1)
    differ = a.view(np.uint8).reshape(a.size, -1) != b.view(np.uint8).reshape(b.size, -1)
    differ = differ.any(axis=1)
    if not ((a[differ] == 0) & (b[differ] == 0)).all():
        return None
    return int(differ.sum())


def _compared(before: Baseline, after: Baseline) -> list[tuple[str, str, int]]:
    out = []
    for key, (shown, grad) in before.items():
        if grad is None:
            continue
        now = after.get(_same_parameter(key, before, after), (shown, None))[1]
        if now is None:
            out.append((shown, NONE, 0))
        elif now.shape != grad.shape or now.dtype != grad.dtype:
            out.append((shown, CHANGED, 0))
        elif now.tobytes() == grad.tobytes():
            out.append((shown, UNCHANGED, 0))
        elif (flipped := _flipped_zeros(grad, now)) is not None:
            out.append((shown, ZERO_SIGNS, flipped))
        else:
            out.append((shown, CHANGED, 0))
    return out
