"""A fix checked by making it: its edits applied to a copy of the program, the copy loaded by the
interpreter (which refuses what rustc would reject: a move, an immutable binding assigned
twice, a type error) and run on the engine. The verdict is what a user would see after making
the same edit by hand and running the program again.

The copy is made in a fresh temporary directory beside nothing of the user's: the program's
folder's `.rs` files (a crate root's `mod name;` files resolve there as in the original), the
edited file replaced by its edited text. The user's files are only read.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pbpit.diagnose.gradient_compare import (  # noqa: F401 - re-exported: the check's states
    CHANGED,
    CHANGED_LATER,
    NONE,
    UNCHANGED,
    ZERO_SIGNS,
    Baseline,
    Baselines,
    baseline,
    compare,
    compare_all,
    zero_signs,
)
from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.rules.loop_external_tracked import MIGHT_CUT

RUNS = "runs"
"""Accepted, and it ran to its end without the tape panic."""
REFUSED = "refused"
"""The edited program is not Rust pbpit accepts: it would not compile, or it is outside the
interpreter's subset (`detail` says which)."""
PANICS = "panics"
"""It still panics: at a consumed step (`detail`: the NodeId), or elsewhere."""
FAILS = "fails"
"""It ended with another error, or ran past the time limit."""

COPY_LIMIT = 4 << 20
"""The most bytes of `.rs` files copied with the program; past it the fix is not checked."""


@dataclass(frozen=True)
class FixCheck:
    """What making a fix did: one of RUNS, REFUSED, PANICS, FAILS, and a line that says why;
    for a fix that runs, compared with the original run backward by backward (every backward
    the original ran before it panicked), what became of each gradient a leaf got
    (`gradients`: the leaf's name, then `unchanged` (the same bits in every one), `zero-signs`
    (the same numbers, but zeros of the other sign: how many, by leaf, in `zero_signs`),
    `changed` or `none` (in the first backward: other values, or no gradient any more), or
    `changed-later` (the same in the first, not in backward #k: `later`, by leaf, the state
    there and k)). `constant`: the values the fix detaches change no gradient of the fixed run
    (`CONSTANT_TERM`)."""

    verdict: str
    detail: str = ""
    exit_code: int | None = None
    gradients: tuple[tuple[str, str], ...] = ()
    zero_signs: tuple[tuple[str, int], ...] = ()
    later: tuple[tuple[str, str, int], ...] = ()
    constant: bool = False
    compared: int = 0
    """How many backwards were compared: those the original ran (before it panicked)."""
    ran: tuple = field(default=(), repr=False, compare=False)
    """The fixed run's leaves' gradients, backward by backward (`Baselines`; not in JSON)."""
    cut: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Leaves that had a gradient in a compared backward and, in later ones (by number), get
    none though their loss reaches them through what the fix detaches (`later_cuts`)."""
    retrains: tuple[str, ...] = field(default=(), compare=False)
    """Leaves an optimizer steps whose gradients the fix changes in a compared backward
    (`retrained`): `lint --fix` never writes such a detach in place of the recompute."""
    printed: tuple = ()
    """Where the fixed run computes other values than the original before its panic, the
    optimizer's steps held in both (`printed_values`): the line of output, the original's text
    and the fix's; empty when it prints what the original printed."""
    steps: tuple = field(default=(), repr=False, compare=False)
    """What each optimizer step of the fixed run received (`step_grads.StepReceived`), in order;
    judged against what the original's backwards reach (`step_grads.step_gap`; not in JSON)."""

    @property
    def ok(self) -> bool:
        return self.verdict == RUNS

    @property
    def headline(self) -> str:
        """`runs without the panic; w.grad unchanged; x.grad = None`."""
        if self.printed:
            # Its gradients may be the original's, but it computes something else.
            from pbpit.diagnose.printed_values import printed_words

            return f"{self.detail}, but {printed_words(self.printed)}"
        said = [self.detail]
        for state, words in ((UNCHANGED, "{} unchanged"), (CHANGED, "{} changed")):
            names = [f"{name}.grad" for name, had in self.gradients if had == state]
            if names:
                said.append(words.format(", ".join(names)))
            if state == UNCHANGED:
                said += [
                    f"{name}.grad equal but for the sign of {count} "
                    + ("zero" if count == 1 else "zeros")
                    for name, count in self.zero_signs
                ]
        said += [f"{name}.grad = None" for name, had in self.gradients if had == NONE]
        for number in sorted({k for _, _, k in self.later}):
            # One clause a backward: what changed in it and what lost its gradient there.
            parts = []
            for state, words in ((CHANGED, "changed"), (NONE, "= None")):
                names = [f"{n}.grad" for n, had, k in self.later if k == number and had == state]
                if names:
                    parts.append(f"{', '.join(names)} {words}")
            said.append(f"{' and '.join(parts)} in backward #{number} (the same before it)")
        if self.constant:
            said.append(CONSTANT_TERM)
        if self.gradients and 0 < self.compared < len(self.ran):
            said.append(self.scope)
        if self.cut:
            from pbpit.diagnose.later_cuts import cut_words

            said.append(cut_words(self.cut, len(self.ran)))
        return "; ".join(said)

    @property
    def scope(self) -> str:
        """What the gradients were compared in, when the fixed run ran more backwards than the
        original did before it panicked: no later backward's gradients were compared (the
        original has none to compare with), and a fix may train differently there."""
        if self.compared == 1:
            return "gradients compared in backward #1, the only one the original ran"
        return f"gradients compared in backwards #1-#{self.compared}, those the original ran"

    @property
    def keeps_gradients(self) -> bool:
        """Whether every leaf that had a gradient has it still, as numbers: the same bits, or
        only zeros of the other sign (what no update of a parameter tells apart)."""
        return all(had in (UNCHANGED, ZERO_SIGNS) for _, had in self.gradients)

    def to_json(self) -> dict:
        data = {"verdict": self.verdict, "detail": self.detail, "exit_code": self.exit_code}
        if self.gradients:
            data["gradients"] = dict(self.gradients)
        if self.zero_signs:
            data["zero_signs"] = dict(self.zero_signs)
        if self.later:
            data["later"] = {name: {"state": had, "backward": k} for name, had, k in self.later}
        if self.constant:
            data["constant"] = True
        if self.gradients and self.compared:
            data["compared_backwards"] = self.compared
            data["fixed_backwards"] = len(self.ran)
        if self.cut:
            data["cut_later"] = {name: list(numbers) for name, numbers in self.cut}
        if self.printed:
            number, was, now = self.printed
            data["printed_differs"] = {"line": number, "program": was, "fixed": now}
        return data


CONSTANT_TERM = (
    "no gradient depends on the values it detaches: a loss term made from them is a constant "
    "and trains nothing"
)
"""Said of a fix whose detached values, made other (`PERTURBED`), leave every gradient of the
fixed run as it was: the term they feed only adds a number to the loss."""
PERTURBED = ".detach().mul_scalar(2.0).add_scalar(1.0)"
"""What a fix's `.detach()` is made into to see whether any gradient depends on its value."""


def applied(text: str, edits: list[Edit]) -> str:
    """`text` with `edits` (1-based lines, columns counting characters) made, last first."""
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int:
        if not 1 <= line < len(starts):
            raise ValueError(f"an edit at line {line}, past the file's {len(starts) - 1} lines")
        return min(starts[line - 1] + column - 1, len(text))

    for edit in sorted(edits, key=lambda e: (e.line, e.column), reverse=True):
        start, end = offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)
        text = text[:start] + edit.replacement + text[end:]
    return text


def applied_lines(text: str, rows: list) -> str:
    """`text` with corrected lines made as a user makes them by hand: `rows` are explain's
    `(mark, line, text)`: `" "` a line kept (for placing the others), `"-"` a line deleted,
    `"+"` with a line number that line replaced, `"+"` without one a line inserted before the
    next kept line (after the last one, when none follows)."""
    lines = text.splitlines()
    replace: dict[int, str] = {}
    delete: set[int] = set()
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    for index, (mark, number, new) in enumerate(rows):
        if mark == "-":
            delete.add(number)
        elif mark == "+" and number is not None:
            replace[number] = new
        elif mark == "+":
            following = next((n for m, n, *_ in rows[index:] if m == " "), None)
            if following is not None:
                before.setdefault(following, []).append(new)
            else:
                previous = next(n for m, n, *_ in reversed(rows[:index]) if m == " ")
                after.setdefault(previous, []).append(new)
    out = []
    for number, line in enumerate(lines, start=1):
        out += before.get(number, [])
        if number in replace:
            out.append(replace[number])
        elif number not in delete:
            out.append(line)
        out += after.get(number, [])
    return "\n".join(out) + "\n"


def check_edits(
    program: str | Path,
    edits: list[Edit],
    file: str | Path | None = None,
    timeout: float = 30.0,
    baseline: Baselines | Baseline | None = None,
    pinned: bool = False,
) -> FixCheck:
    """Make `edits` in `file` (default: the program's own file) in a copy of the program
    `program` (a case file or a crate root) and run it; with the original run's `baseline`
    (its backwards', or its first backward's), compare the leaves' gradients of each backward
    with it (`pinned`: that run's random stream started at PINNED, and this one's does)."""
    original = Path(program)
    edited = Path(file) if file is not None else original
    try:
        changed = applied(edited.read_text(encoding="utf-8"), edits)
    except (OSError, UnicodeDecodeError, ValueError) as err:
        return FixCheck(FAILS, f"the edits could not be made: {err}")
    return check_text(original, changed, timeout, edited, baseline, pinned)


PINNED = bytes(range(32))
"""The key the random stream starts at in both runs of a comparison of gradients, when the
program draws random numbers it does not seed (a `Linear`'s initial weights): from the OS,
each run would draw others, and every gradient would differ."""


def pinned_baseline(program: str | Path, timeout: float = 30.0) -> Baselines | None:
    """The original program run again, its random stream started at PINNED: the leaves'
    gradients of its backwards (None when it has none)."""
    from pbpit.engine import random
    from pbpit.errors import UsageError
    from pbpit.runner import Case, run_case
    from pbpit.runner.run import CaseTimedOut
    from pbpit.runner.rust_case import RustRefusals

    random.restart(PINNED)
    try:
        return baseline(run_case(Case.file(Path(program)), trace=True, timeout=timeout))
    except (CaseTimedOut, RustRefusals, UsageError):
        return None


def check_text(
    original: Path,
    changed: str,
    timeout: float = 30.0,
    edited: Path | None = None,
    baseline: Baselines | Baseline | None = None,
    pinned: bool = False,
) -> FixCheck:
    """Run the program `original` from a copy of its folder in which `edited` (default: the
    program's file) has the text `changed` (`pinned`: its random stream started at PINNED)."""
    edited = original if edited is None else edited
    root = original.resolve().parent
    if not edited.resolve().is_relative_to(root):
        return FixCheck(FAILS, "the edited file is outside the program's folder")
    key = (original.resolve(), edited.resolve(), changed, timeout, pinned)
    kept = _CHECKED.get(key)
    if kept is not None and baseline is not None and kept[0] is baseline:
        return kept[1]  # the same edit made again (a run's error and its audit's warning)
    found = _check_copy(original, changed, timeout, edited, baseline, pinned)
    if baseline is not None:  # one run's: what it compares against is that run's own
        if len(_CHECKED) >= 32:
            _CHECKED.clear()  # a process running many programs (the tests) keeps few
        _CHECKED[key] = (baseline, found)
    return found


_CHECKED: dict[tuple, tuple[object, FixCheck]] = {}
"""The checks this process made against a run's baseline, by program, file, text and how they
ran, with that baseline (the same object: one run's): a run's error and the audit's warning of
the same finding print the same fixes, each made and run once (a `FixCheck` is frozen)."""


def _check_copy(
    original: Path,
    changed: str,
    timeout: float,
    edited: Path,
    baseline: Baselines | Baseline | None,
    pinned: bool,
) -> FixCheck:
    """`check_text`'s run, in a copy of the program's folder."""
    root = original.resolve().parent
    folder = tempfile.mkdtemp(prefix="pbpit-fix-")
    try:
        if not _copy_program(root, original, Path(folder), edited):
            return FixCheck(FAILS, "the program's folder is too large to copy for the check")
        (Path(folder) / edited.resolve().relative_to(root)).write_text(changed, encoding="utf-8")
        from pbpit.diagnose.later_cuts import fix_lines

        lines = fix_lines(original, edited, changed) if baseline is not None else frozenset()
        return _run(Path(folder) / original.name, timeout, baseline, pinned, lines, original)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def compile_errors(path: str | Path, text: str, unsupported: bool = False) -> list[str]:
    """What rustc would reject in the file `path` with the text `text` (the interpreter's
    checks: moves, mutability, types), each `error[E0382]: use of moved value: `h``, read from
    a copy of its folder; what is only outside the subset pbpit runs is not listed, unless
    `unsupported` (`unsupported Rust: the method `detach` on `Option<Tensor<2>>``)."""
    from pbpit.errors import UsageError
    from pbpit.runner import Case
    from pbpit.runner.rust_case import RustRefusals, load_rust_case

    original = Path(path)
    root = original.resolve().parent
    folder = tempfile.mkdtemp(prefix="pbpit-fix-")
    try:
        if not _copy_program(root, original, Path(folder), original, text):
            return []
        copy = Path(folder) / original.resolve().relative_to(root)
        copy.write_text(text, encoding="utf-8")
        try:
            load_rust_case(Case.file(copy))
        except RustRefusals as err:
            return [
                f"error[{r.code}]: {r.diagnostic.message}"
                if r.code
                else f"unsupported Rust: {r.diagnostic.message.removeprefix('unsupported Rust: ')}"
                for r in err.refusals
                if r.code or unsupported
            ]
        except (UsageError, RecursionError):
            return []
        return []
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _copy_program(
    root: Path, original: Path, folder: Path, edited: Path, text: str | None = None
) -> bool:
    """The files of `root` ending in the program's suffix (regular files, not links) copied
    under `folder`, relative paths kept; False past COPY_LIMIT. A Rust file that names no other
    file (no `mod name;`, no `include!`) and is the one edited is copied alone: a single
    program in a large folder (a downloads folder, /tmp) is checked as it runs, on its own."""
    if original.suffix == ".rs" and edited.resolve() == original.resolve():
        try:
            source = original.read_text(encoding="utf-8") if text is None else text
        except (OSError, UnicodeDecodeError):
            source = None
        if source is not None and _OTHER_FILES.search(source) is None:
            shutil.copyfile(original, folder / original.name)
            return True
    total = 0
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = [d for d in subdirs if not d.startswith(".") and d != "target"]
        for name in files:
            source_path = Path(directory, name)
            if (
                not name.endswith(original.suffix)
                or source_path.is_symlink()
                or not source_path.is_file()
            ):
                continue
            total += source_path.stat().st_size
            if total > COPY_LIMIT:
                return False
            target = folder / source_path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source_path, target)
    return True


_OTHER_FILES = re.compile(
    r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*;|\binclude(?:_str|_bytes)?!"
)
"""What makes a Rust file read another file of its folder: an out-of-line module, an
`include!`."""


def _run(
    copy: Path,
    timeout: float,
    before: Baselines | Baseline | None = None,
    pinned: bool = False,
    lines: frozenset[int] = frozenset(),
    original: Path | None = None,
) -> FixCheck:
    from pbpit.diagnose.step_grads import watching_steps
    from pbpit.engine import random
    from pbpit.errors import UsageError
    from pbpit.runner import Case, run_case
    from pbpit.runner.run import CaseTimedOut
    from pbpit.runner.rust_case import RustRefusals

    if pinned:
        random.restart(PINNED)
    try:
        # Traced only to compare gradients: the leaves' names come from the record.
        with watching_steps() as seen:
            result = run_case(Case.file(copy), trace=before is not None, timeout=timeout)
    except CaseTimedOut:
        return FixCheck(FAILS, f"it ran past {timeout:g} s")
    except RustRefusals as err:
        first = err.refusals[0]
        code = f"error[{first.code}]" if first.code else "unsupported Rust"
        where = f" at line {first.diagnostic.primary.line}" if first.diagnostic.labels else ""
        said = first.diagnostic.message.removeprefix("unsupported Rust: ")  # (said once)
        return FixCheck(REFUSED, f"{code}{where}: {said}")
    except UsageError as err:
        line = str(err).splitlines()[0] if str(err) else type(err).__name__
        return FixCheck(REFUSED, line.replace(str(copy), copy.name))
    panic = result.panic
    if panic is not None:
        if panic.node_id is not None and "does not take part in a recorded graph" in panic.message:
            # Burn's `UNTRACKED_ROOT`: what the loss trained through is cut off.
            said = f"the loss it backpropagates (NodeId({panic.node_id})) is on no tape"
            return FixCheck(PANICS, f"it panics: {said}, nothing left to train", result.exit_code)
        if panic.node_id is not None:
            return FixCheck(PANICS, f"it still panics at NodeId({panic.node_id})", result.exit_code)
        line = panic.location.rsplit(":", 2)[-2] if panic.location.count(":") >= 2 else ""
        at = f" at line {line}" if line.isdigit() and copy.name in panic.location else ""
        return FixCheck(PANICS, f"it panics{at}: {panic.message}", result.exit_code)
    if result.error is not None:
        return FixCheck(FAILS, result.error.message, result.exit_code)
    if result.exit_code != 0:
        return FixCheck(FAILS, f"it exits with status {result.exit_code}", result.exit_code)
    if before is None:
        return FixCheck(RUNS, "runs without the panic", 0)
    after = baseline(result) or ()
    if isinstance(before, dict):  # the first backward's alone
        before = (before,)
    gradients, flipped, later = compare_all(before, after)
    from pbpit.diagnose.later_cuts import cut_later
    from pbpit.diagnose.stale_copies import STALE, stale_detail
    from pbpit.diagnose.step_grads import named_steps

    stale = stale_detail(result, len(before))
    printed = getattr(before, "printed", None)
    change = None
    if printed and original is not None and seen:  # (no step of Burn's to hold: not judged)
        from pbpit.diagnose.printed_values import printed_change

        change = printed_change(original, copy, printed, result.stdout, pinned, timeout)
    return FixCheck(
        RUNS if stale is None else STALE,
        "runs without the panic" if stale is None else stale,
        0,
        gradients,
        flipped,
        later,
        compared=len(before),
        ran=after,
        cut=cut_later(result, len(before), lines),
        steps=named_steps(result, seen),
        printed=change or (),
    )


# -- a diagnostic's helps, checked -----------------------------------------------------------------


def checked_helps(
    diagnostic: Diagnostic,
    program: Path,
    file: Path,
    done: dict[tuple, FixCheck] | None = None,
    before: Baseline | None = None,
    trained: frozenset[str] | None = None,
    meant: frozenset[str] = frozenset(),
) -> Diagnostic:
    """`diagnostic` with each help written as code made in `file` of `program` and run: a help
    that runs without the panic says so (`checked: runs without the panic`); one that does not
    keeps its words, loses its code, and says what making it did. `done` remembers the checks
    of one run (the same edits in an error and a warning are made once); `before`, the
    original run's first backward's leaf gradients, to compare the fixed run's with (when
    random numbers have been drawn, which a program that does not seed them draws anew in each
    run, those of the original run again, its stream and the fixed run's started at one key:
    `pinned_baseline`). With `trained`, the leaves an optimizer steps (`fix_costs`), a fix
    that runs but after which one of them gets no gradient, or a backward the original ran
    does not run, is said in words with what it costs, not shown as code; so is a fix whose
    optimizer steps lack a gradient the original's backwards meant to send them (`meant`: the
    parameters their roots reach, with those `before`'s backwards gave one: `step_grads`)."""
    from pbpit.diagnose.fix_costs import STARVES, cost
    from pbpit.diagnose.step_grads import given, step_gap
    from pbpit.engine import random

    done = {} if done is None else done
    pinned = False
    if before is not None and random.drawn() and any(h.edits for h in diagnostic.helps):
        key = ("pinned baseline", str(program))
        if key not in done:
            done[key] = pinned_baseline(program)
        before, pinned = done[key], True
    helps = []
    for help_ in diagnostic.helps:
        if not help_.edits:
            helps.append(help_)
            continue
        key = (
            str(file),
            tuple((e.line, e.column, e.end_line, e.end_column, e.replacement) for e in help_.edits),
        )
        if key not in done:
            done[key] = check_edits(program, help_.edits, file, baseline=before, pinned=pinned)
            if done[key].ok and _trains_nothing(program, help_.edits, file, done[key], pinned):
                done[key] = replace(done[key], constant=True)
            costs = ""
            if done[key].ok and trained is not None:
                costs = cost(done[key], before, trained, meant)
            if done[key].ok and before is not None and not costs:  # not compared by `cost`
                costs = step_gap(done[key].steps, meant | given(before))
            if costs:
                done[key] = replace(done[key], verdict=STARVES, detail=f"it runs, but {costs}")
        check = done[key]
        if check.ok:
            if help_.note.endswith(MIGHT_CUT):
                help_ = replace(help_, note="")  # what the edit might do: it ran
            if check.constant:  # it runs, but a loss term it leaves trains nothing
                help_ = replace(help_, message=help_.message.replace(APPLIES, "", 1))
            helps.append(stamped(help_, check))
        else:
            why = f"pbpit made this edit and ran the program: {check.detail}, so it is not shown"
            message = help_.message.replace(APPLIES, "", 1)  # it does not: it failed
            helps.append(replace(help_, message=message, edits=[], note=why, checked=check))
    return replace(diagnostic, helps=_failed_last(_training_first(_same_values_first(helps))))


def retrained(check: FixCheck, trained: frozenset[str] | None) -> tuple[str, ...]:
    """The leaves of `trained` (those an optimizer steps) whose gradients `check`'s fix changes
    in the backwards compared with the original's (a detach of prototypes the stepped encoder
    made: `embed.fc.*` still learn, from other values)."""
    lost = (CHANGED, NONE, CHANGED_LATER)
    return tuple(n for n, had in check.gradients if had in lost and n in (trained or ()))


def stamped(help_: Help, check: FixCheck) -> Help:
    """`help_` marked with its check `check` that ran; one that cuts a gradient in a later
    backward (`FixCheck.cut`) is no longer machine-applicable: `lint --fix` asks for it."""
    if check.cut:
        help_ = replace(help_, applicability="MaybeIncorrect")
    return replace(help_, checked=check)


APPLIES = " (applies here)"
"""An explanation's mark on the fix the run says applies (`in_files.fix_headline`): taken off a
fix whose edits failed their check."""


def _failed_last(helps: list[Help]) -> list[Help]:
    """`helps` with each fix whose edits failed their check after the others: the fixes that
    ran, then those said in words, then what could not be made and why."""
    failed = [h for h in helps if h.checked is not None and not h.checked.ok and not h.edits]
    return [h for h in helps if all(h is not f for f in failed)] + failed


def _training_first(helps: list[Help]) -> list[Help]:
    """`helps` with a fix that ran but made a loss term a constant (`FixCheck.constant`) after
    the others, when a fix that ran keeps every term training: that one is offered first."""
    ran = [h for h in helps if h.edits and h.checked is not None and h.checked.ok]
    if not any(not h.checked.constant for h in ran):
        return helps
    last = [h for h in ran if h.checked.constant]
    return [h for h in helps if h not in last] + last


def _same_values_first(helps: list[Help]) -> list[Help]:
    """`helps` with a fix that ran but computes other values than the program before its panic
    (`FixCheck.printed`: a replay buffer emptied) after the fixes that ran and compute the
    same."""
    ran = [h for h in helps if h.edits and h.checked is not None and h.checked.ok]
    if not any(not h.checked.printed for h in ran):
        return helps
    last = [h for h in ran if h.checked.printed]
    return [h for h in helps if h not in last] + last


def _trains_nothing(
    program: Path, edits: list[Edit], file: Path, check: FixCheck, pinned: bool
) -> bool:
    """Whether the values a fix detaches (its edits' `.detach()`) feed no gradient of the fixed
    run: the fix made again with each detached value made other (`PERTURBED`), and every
    gradient of every backward the same bits as the fix's own (`check.ran`). A value that a
    gradient depends on (an RNN's state carried into a product with a weight, a target) makes
    one differ; one only added to the loss (a penalty of a captured tensor) changes none."""
    if not check.ran or not any(".detach()" in e.replacement for e in edits):
        return False
    other = [replace(e, replacement=e.replacement.replace(".detach()", PERTURBED)) for e in edits]
    again = check_edits(program, other, file, baseline=check.ran, pinned=pinned)
    return (
        again.ok
        and len(again.ran) == len(check.ran)
        and bool(again.gradients)
        and all(had == UNCHANGED for _, had in again.gradients)
    )


_LINT_CHECKS = ("LINTS", "PASSES", "lint_checked", "left_to_a_run", "checked_findings")


def __getattr__(name: str) -> Any:
    """Lint's checks without running (`lint_checks`), still importable from here."""
    if name in _LINT_CHECKS:
        from pbpit.diagnose import lint_checks

        return getattr(lint_checks, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
