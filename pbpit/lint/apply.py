"""`pbpit lint --fix`: the machine-applicable fixes written into the files, as `cargo clippy --fix`
writes rustc's suggestions.

Per finding, the first help whose edits are machine-applicable is its fix (a finding's other
helps are alternatives to it, not additions). The fixes of one file are applied together when
their edits do not overlap; a finding whose edits overlap another's is left as it is, and said.
A file is written only if it is still the text the lint read, and then linted again with the
whole tree: if the fixes left a finding that was not there before, the file is put back as it was.

A fixed file keeps its owner, group, mode and hard links, as `cargo fix` and rustfmt leave them: it
is replaced atomically (a temporary file in its directory, given its owner and mode, renamed over
it) when that keeps all of them, else written in place (a file with other hard links, whose owner or
group pbpit cannot give a new file, or in a directory pbpit may not add a file to). A file without
write permission is reported, never replaced. On Linux the new file is swapped in atomically and
what it replaced is checked to be the file read (an editor's save just before the swap is put back);
the window that remains is said in docs/SECURITY.md. Ctrl-C while files are written lists those
already fixed and leaves no temporary file; a write in progress finishes first.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat as stat_
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pbpit.diagnostics.cargo import SourceText, applicability
from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.tree import LintReport


@dataclass
class FixOutcome:
    """What `--fix` did: the lines that say it (for stderr), the findings left (linted after
    the last write), and whether a file that had to be written could not be."""

    lines: list[str] = field(default_factory=list)
    report: LintReport = field(default_factory=LintReport)
    failed: bool = False
    fixed: dict[str, list[str]] = field(default_factory=dict)
    """Path -> the rules of the findings fixed in it, in file order."""
    interrupted: bool = False
    """Ctrl-C came: `lines` says what was written by then; the caller ends as interrupted."""


@dataclass
class _Plan:
    path: str
    original: bytes
    stat: os.stat_result
    fixed: list[Diagnostic]
    content: bytes


CHOICES = {
    "detach": ("detach once", "detach each pass", "detach first", "detach in the first loss"),
    "recompute": ("recompute in the loop", "rebuild the loss"),
    "add": ("add the losses",),
}
"""`--fix=CHOICE`: the rules' fixes (`pbpit.lint.rule.Fix.name`) each choice applies."""


def machine_fix(finding: Diagnostic, choice: str | None = None) -> Help | None:
    """The help `--fix` applies for `finding`: the first written as edits and machine-applicable
    (the rule makes the fix a user would choose so: detach what gets no gradient in the
    program, recompute what it trains); with `choice` (one of CHOICES), the first written as
    edits that is a fix of that kind, or None."""
    if choice is not None:
        from pbpit.lint.rules import rule_named

        fix_of = getattr(rule_named(finding.rule), "fix_of", None)
        for help_ in finding.helps:
            kind = fix_of(help_.message) if fix_of is not None and help_.edits else None
            if kind is not None and kind.name in CHOICES[choice]:
                return help_
        return None
    for help_ in finding.helps:
        if help_.edits and applicability(help_) == "MachineApplicable":
            return help_
    return fallback_fix(finding)


FALLBACKS = ("detach once",)
"""The fixes `--fix` writes when the one it would choose can only be said in words (recompute
in the loop, where the forward cannot be moved): detaching once, which the user can undo."""


def fallback_fix(finding: Diagnostic) -> Help | None:
    """When the finding's machine-applicable fix has no edits, the first of its fixes of a kind
    in FALLBACKS written as edits (checked by lint as every fix shown as code), or None."""
    from pbpit.lint.rules import rule_named

    if not any(not h.edits and applicability(h) == "MachineApplicable" for h in finding.helps):
        return None
    fix_of = getattr(rule_named(finding.rule), "fix_of", None)
    for help_ in finding.helps:
        kind = fix_of(help_.message) if fix_of is not None and help_.edits else None
        # Not one whose run changed the gradients of what an optimizer steps (Deliver 5: a
        # module the program trains is computed again, never detached unasked).
        retrains = getattr(help_.checked, "retrains", ())
        if kind is not None and kind.name in FALLBACKS and not retrains:
            return help_
    return None


def fallback_line(finding: Diagnostic) -> str | None:
    """What `--fix` says of a finding it fixed with a fallback (`fallback_fix`), or None."""
    chosen = machine_fix(finding)
    if chosen is None or (chosen.edits and applicability(chosen) == "MachineApplicable"):
        return None
    default = next(
        (h for h in finding.helps if not h.edits and applicability(h) == "MachineApplicable"),
        None,
    )
    where = f"{finding.path}:{finding.primary.line}:{finding.primary.column}"
    wrote = chosen.message.split(":", 1)[0]
    instead = default.message.split(",", 1)[0] if default is not None else "the default fix"
    return f'note: {where}: wrote "{wrote}": "{instead}" can only be said in words there'


def fix_in_place(
    report: LintReport, lint_again: Callable[[], LintReport], choice: str | None = None
) -> FixOutcome:
    """Apply the machine-applicable fixes of `report`'s findings to their files (with `choice`,
    the fixes of that kind); `lint_again` lints the same tree afresh (after the writes, to
    check them and to give what is left). A file whose fixed text the interpreter's checks
    refuse where they accepted the original (a use after a move, an immutable binding
    assigned twice: what rustc rejects) is not written. Ctrl-C: the outcome lists the files
    written so far (`interrupted`)."""
    outcome = FixOutcome(report=report)
    plans: list[_Plan] = []
    settled: set[str] = set()
    try:
        _fix(report, lint_again, outcome, plans, settled, choice)
    except KeyboardInterrupt:
        outcome.interrupted = True
        for plan in plans:
            if plan.path not in settled:
                count = len(plan.fixed)
                outcome.lines.append(
                    f"fixed {plan.path}: {count} fix{'es' if count != 1 else ''} "
                    f"({', '.join(dict.fromkeys(f.rule for f in plan.fixed))}); "
                    "not linted again: interrupted"
                )
    return outcome


def _fix(
    report: LintReport,
    lint_again: Callable[[], LintReport],
    outcome: FixOutcome,
    plans: list[_Plan],
    settled: set[str],
    choice: str | None = None,
) -> None:
    """`fix_in_place`'s work: `plans` gets each file written, `settled` each file said fixed or
    put back."""
    by_file: dict[str, list[Diagnostic]] = {}
    for finding in report.findings:
        if machine_fix(finding, choice) is not None:
            by_file.setdefault(finding.path, []).append(finding)
    for path, findings in by_file.items():
        plan = _plan(path, findings, report.sources.get(path, []), outcome, choice)
        if plan is not None:
            refused = _refused(path, plan.original, plan.content)
            if refused is not None:
                outcome.lines.append(
                    f"warning: not fixed {path}: the fixed file would not compile ({refused})"
                )
                plan = None
        # Ctrl-C waits for the file being written, and for its being listed.
        with _interrupt_deferred():
            if plan is not None and _write(
                plan.path, plan.content, plan.original, plan.stat, outcome
            ):
                plans.append(plan)
    if not plans:
        return
    after = lint_again()
    restored = False
    for plan in plans:
        new = _new_finding(plan, report, after)
        if new is None:
            rules = list(dict.fromkeys(f.rule for f in plan.fixed))
            count = len(plan.fixed)
            outcome.fixed[plan.path] = [f.rule for f in plan.fixed]
            outcome.lines.append(
                f"fixed {plan.path}: {count} fix{'es' if count != 1 else ''} ({', '.join(rules)})"
            )
            if choice is None:
                said = [fallback_line(f) for f in plan.fixed]
                outcome.lines += [line for line in said if line]
            settled.add(plan.path)
            continue
        try:
            stat = os.stat(plan.path)
        except OSError as err:
            outcome.lines.append(f"error: cannot restore {plan.path}: {err.strerror or err}")
            outcome.failed = True
            continue
        with _interrupt_deferred():
            if _write(plan.path, plan.original, plan.content, stat, outcome):
                restored = True
                settled.add(plan.path)
                outcome.lines.append(
                    f"warning: restored {plan.path} as it was: its fixes left {new}"
                )
    outcome.report = lint_again() if restored else after


def _refused(path: str, original: bytes, content: bytes) -> str | None:
    """What the interpreter's checks (rustc's: moves, mutability, types) refuse in `content`
    that they did not in `original` (both the text of the file `path`, in a copy of its
    folder), in a few words; None when nothing new is refused."""
    from pbpit.diagnose.fix_check import compile_errors

    try:
        before = compile_errors(path, original.decode("utf-8"))
        after = compile_errors(path, content.decode("utf-8"))
    except UnicodeDecodeError:
        return None
    new = [error for error in after if error not in before]
    return new[0] if new else None


def _plan(
    path: str,
    findings: list[Diagnostic],
    linted: list[str],
    outcome: FixOutcome,
    choice: str | None = None,
):
    """The new content of `path` with the fixes that do not overlap, or None (and why)."""
    read = _read(path, path, outcome)
    if read is None:
        return None
    stat, original = read
    source = SourceText(original)
    if linted and source.lines != linted:
        outcome.lines.append(f"warning: not fixed {path}: it changed since it was linted")
        return None
    taken: list[tuple[int, int, str]] = []
    fixed: list[Diagnostic] = []
    for finding in sorted(findings, key=lambda f: (f.primary.line, f.primary.column)):
        help_ = machine_fix(finding, choice)
        assert help_ is not None
        edits = [
            (source.byte(e.line, e.column), source.byte(e.end_line, e.end_column), e.replacement)
            for e in help_.edits
        ]
        new = [edit for edit in edits if edit not in taken]
        if any(_overlap(a, b) for a in new for b in taken) or any(
            _overlap(a, b) for i, a in enumerate(new) for b in new[i + 1 :]
        ):
            where = f"{path}:{finding.primary.line}:{finding.primary.column}"
            outcome.lines.append(
                f"warning: not fixed {where} ({finding.rule}): its edits overlap another fix's"
            )
            continue
        taken.extend(new)
        fixed.append(finding)
    if not fixed:
        return None
    content = original
    for start, end, replacement in sorted(taken, reverse=True):
        content = content[:start] + replacement.encode() + content[end:]
    return _Plan(path, original, stat, fixed, content)


def _overlap(a: tuple[int, int, str], b: tuple[int, int, str]) -> bool:
    """Two edits that cannot both be made: their ranges share text, or they start at one place
    (which goes first would be a guess)."""
    return a[0] == b[0] or (a[0] < b[1] and b[0] < a[1])


def _new_finding(plan: _Plan, before: LintReport, after: LintReport) -> str | None:
    """What the lint after the write found in the file beyond the findings left unfixed, in a
    few words, or None."""
    for error in after.errors:
        if error.path == plan.path:
            return f"an error: {error.text}"
    for skip in after.skipped:
        if skip.path == plan.path:  # the fixed file no longer parses, or a fn is too deep
            return f"a file it cannot check: {skip.text}"
    fixed = {id(f) for f in plan.fixed}
    left = Counter((f.rule, f.message) for f in before.findings if f.path == plan.path)
    left -= Counter((f.rule, f.message) for f in before.findings if id(f) in fixed)
    for finding in after.findings:
        if finding.path != plan.path:
            continue
        key = (finding.rule, finding.message)
        if left[key] > 0:
            left[key] -= 1
            continue
        where = f"{finding.path}:{finding.primary.line}:{finding.primary.column}"
        return f"a new finding: warning[{finding.rule_id}] at {where}: {finding.message}"
    return None


def _read(real: str, path: str, outcome: FixOutcome) -> tuple[os.stat_result, bytes] | None:
    """The status and bytes of the file at `real` (named `path` to the user), or None with the
    error in `outcome`."""
    try:
        stat = os.stat(real)
        with open(real, "rb") as stream:
            return stat, stream.read()
    except OSError as err:
        outcome.lines.append(f"error: cannot read {path}: {err.strerror or err}")
        outcome.failed = True
        return None


def _write(
    path: str, content: bytes, expected: bytes, stat: os.stat_result, outcome: FixOutcome
) -> bool:
    """Replace `path`'s content with `content` if it still holds `expected` as it did at `stat`,
    keeping its owner, group, mode and links (`_replace` when a new file can have them all,
    else `_overwrite`); a file without write permission is reported, not written."""
    real = os.path.realpath(path)
    read = _read(real, path, outcome)
    if read is None:
        return False
    now, current = read
    if current != expected or (now.st_mtime_ns, now.st_size) != (stat.st_mtime_ns, stat.st_size):
        outcome.lines.append(f"warning: not fixed {path}: it changed since it was read")
        return False
    if not now.st_mode & 0o222 or not os.access(real, os.W_OK):
        # rustfmt and cargo fix refuse too; root could write it, but its owner said no.
        mode = stat_.filemode(now.st_mode)
        outcome.lines.append(f"error: not fixed {path}: it is read-only ({mode})")
        outcome.failed = True
        return False
    try:
        written = now.st_nlink == 1 and _replace(real, content, expected, now)
        if written is None or (not written and not _overwrite(real, content, expected, now)):
            outcome.lines.append(f"warning: not fixed {path}: it changed since it was read")
            return False
    except OSError as err:
        outcome.lines.append(f"error: cannot write {path}: {err.strerror or err}")
        outcome.failed = True
        return False
    return True


def _unchanged(real: str, expected: bytes, now: os.stat_result) -> bool:
    """The file at `real` is still the one read (same inode, size, time) with that content."""
    try:
        again = os.stat(real)
        with open(real, "rb") as stream:
            same = stream.read() == expected
    except OSError:
        return False
    key = ("st_dev", "st_ino", "st_size", "st_mtime_ns")
    return same and all(getattr(again, k) == getattr(now, k) for k in key)


def _replace(real: str, content: bytes, expected: bytes, now: os.stat_result) -> bool | None:
    """Write `content` to a temporary file beside `real`, give it `real`'s owner, group and mode,
    and rename it over `real`: True; False when the new file cannot have that owner or group, or
    cannot be made in that directory (nothing written: the caller writes in place); None when
    `real` changed meanwhile."""
    directory, name = os.path.split(real)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".pbpit-tmp", dir=directory)
    except PermissionError:
        return False  # a directory pbpit may not add to, a file it may write: in place
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            made = os.fstat(handle)
            if (made.st_uid, made.st_gid) != (now.st_uid, now.st_gid):
                try:
                    os.fchown(handle, now.st_uid, now.st_gid)
                except OSError:
                    os.unlink(temporary)
                    return False
            os.fchmod(handle, now.st_mode & 0o7777)  # after chown, which clears set-id bits
            os.fsync(handle)
        if not _unchanged(real, expected, now):
            os.unlink(temporary)
            return None
        if _exchange(temporary, real):
            # `temporary` now holds what was at `real` an instant ago: the file checked, unless
            # an edit was saved since the look above. Then the edit goes back in place.
            if not _unchanged(temporary, expected, now):
                _exchange(temporary, real)
                os.unlink(temporary)
                return None
            os.unlink(temporary)
        else:
            # No atomic exchange here: an edit saved between the look above and the rename is
            # the window left (docs/SECURITY.md).
            os.replace(temporary, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return True


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(first: str, second: str) -> bool:
    """Swap the files at `first` and `second` atomically (Linux's `renameat2(...,
    RENAME_EXCHANGE)`): True; False where that cannot be done (another system, an old C
    library, a file system without it), nothing changed."""
    global _renameat2
    if _renameat2 is None:
        try:
            import ctypes

            function = ctypes.CDLL(None, use_errno=True).renameat2
            function.argtypes = [
                ctypes.c_int,
                ctypes.c_char_p,
                ctypes.c_int,
                ctypes.c_char_p,
                ctypes.c_uint,
            ]
            _renameat2 = function
        except (OSError, AttributeError):
            _renameat2 = False
    if _renameat2 is False:
        return False
    import ctypes

    done = _renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    if done == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(error, os.strerror(error), second)


_renameat2: object = None
"""libc's renameat2, once looked up; False where there is none."""


def _overwrite(real: str, content: bytes, expected: bytes, now: os.stat_result) -> bool:
    """Write `content` over the file at `real` itself (its inode: owner, mode, links and
    extended attributes untouched), if what is read through the same descriptor is still
    `expected`; False when it changed."""
    descriptor = os.open(real, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(descriptor, "r+b") as stream:
        opened = os.fstat(descriptor)
        if (opened.st_dev, opened.st_ino) != (now.st_dev, now.st_ino) or stream.read() != expected:
            return False
        stream.seek(0)
        stream.write(content)
        stream.truncate()
        stream.flush()
        os.fsync(descriptor)
    return True


@contextlib.contextmanager
def _interrupt_deferred() -> Iterator[None]:
    """Ctrl-C waits for the end of the block (a file half written, or a temporary file left
    behind, is worse than a tenth of a second), then interrupts."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if previous is None or previous is signal.SIG_IGN:  # set outside Python, or ignored
        yield
        return
    signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came:
        raise KeyboardInterrupt
