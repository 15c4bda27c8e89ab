"""What a fixed program computes before the original's panic, compared with what the original
computed: the lines it printed.

The leaves' gradients of the backwards the original ran say nothing of the pass that panicked,
nor of values that feed no gradient of theirs: a replay buffer emptied each pass (`replay.clear();`)
keeps backward #1's gradients and runs, but from the second pass on the loss reads one sample where
the program read two; its printed losses differ from the original's from that pass on. A fix that
keeps the program's meaning prints what the original printed before its panic.

A recompute in the loop prints other values too, only because it computes with parameters the
optimizer has stepped since: both programs are run again with each `optim.step` holding the
parameters (its learning rate 0.0: the same leaves made anew, the same bits), and it is their
printed lines that are compared. A program no optimizer of Burn's steps (a hand-written update)
cannot be held so: there the fix is not judged.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pbpit.file_state import per_file


@contextmanager
def held_steps() -> Iterator[list[int]]:
    """Each `ModuleOptimizer.step` called inside made with the learning rate 0.0 (the module's
    parameters come back as they were, as new leaves, as a step makes them); the list yielded
    counts the steps made."""
    from pbpit.nn.optim import ModuleOptimizer

    made: list[int] = []
    real = ModuleOptimizer.step

    def step(self: Any, lr: float, module: Any, grads: Any) -> Any:
        made.append(1)
        return real(self, 0.0, module, grads)

    ModuleOptimizer.step = step  # type: ignore[method-assign]
    try:
        yield made
    finally:
        ModuleOptimizer.step = real  # type: ignore[method-assign]


def held_output(program: Path, pinned: bool, timeout: float) -> tuple[str, bool, int] | None:
    """`program` run with its optimizer's steps held: what it printed, whether it panicked,
    how many steps it made; None when it does not run."""
    from pbpit.engine import random
    from pbpit.runner import Case, run_case

    if pinned:
        from pbpit.diagnose.fix_check import PINNED

        random.restart(PINNED)
    try:
        with held_steps() as made:
            result = run_case(Case.file(program), trace=False, timeout=timeout)
    except Exception:  # noqa: BLE001 - refused, timed out: not judged
        return None
    return result.stdout, result.panic is not None, len(made)


@per_file
def _original_held(program: Path, pinned: bool, timeout: float) -> tuple[str, bool, int] | None:
    """The original program's held run, kept while the file is the one run (file_state.py)."""
    return held_output(Path(program), pinned, timeout)


def first_difference(was: str, now: str) -> tuple[int, str, str] | None:
    """The first line (1-based, with its text in each) where `now` does not go on as `was`
    printed it; None when `now` starts with all `was` printed."""
    if now.startswith(was):
        return None
    old, new = was.split("\n"), now.split("\n")
    for number, line in enumerate(old, start=1):
        other = new[number - 1] if number - 1 < len(new) else ""
        if line != other and not (number == len(old) and other.startswith(line)):
            return number, line, other
    return None


def printed_change(
    original: Path, copy: Path, printed: str, fixed: str, pinned: bool, timeout: float
) -> tuple[int, str, str] | None:
    """Where the fixed program (`copy`, which printed `fixed`) computes other values than the
    original (which printed `printed` before its panic): None when `fixed` goes on as `printed`;
    else both run with their optimizer's steps held, and the first line the held fix prints
    otherwise than the held original did before its panic (None when the same, or when the
    original makes no step of Burn's optimizers, or either does not run)."""
    if first_difference(printed, fixed) is None:
        return None
    before = _original_held(original, pinned, timeout)
    if before is None or not before[1] or before[2] == 0:
        return None
    after = held_output(copy, pinned, timeout)
    if after is None:
        return None
    return first_difference(before[0], after[0])


def printed_words(change: tuple[int, str, str]) -> str:
    """The check's words for a fix that changes what the program prints before its panic."""
    number, was, now = change
    return (
        f"it computes other values than the program before its panic (line {number} of its "
        f"output is `{now.strip()}` where the program printed `{was.strip()}`, the optimizer's "
        "steps held alike): it changes what the program does, not only where gradients stop"
    )
