"""From a real tape panic to the user's own line: the backtrace's innermost frame in the user's
crate, the `pbpit lint` finding whose backward panics there, and one rustc-style error on the
user's file (where the tensor is made, where its step was consumed, where the panic happened,
the NodeId, the fix as code).

Without a backtrace the crate's lint findings that can cause the panic are shown as likely
causes; without a crate, the general entry (`pbpit explain N`). Both say to run again with
`RUST_BACKTRACE=1` for the exact line.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from pbpit.diagnose.crash_crate import (  # noqa: F401 - re-exported: `explain -`'s crate
    MAX_LOOKED_UP,
    MAX_PARTS,
    Crate,
    UserFrame,
    find_crate,
    frame_crate,
    in_crate,
    is_users,
    resolve,
    user_frames,
)
from pbpit.diagnose.output import BuildError, Frame, Panic
from pbpit.diagnostics.model import Diagnostic, Help, Label, Tape

if TYPE_CHECKING:
    from pbpit.diagnose.loops import Loop
    from pbpit.lint.rule import Rule
    from pbpit.lint.tree import LintReport

ADVICE = "run again with `RUST_BACKTRACE=1` for the exact line"


@dataclass
class Diagnosis:
    """What `explain -` says of one tape panic: the error on the user's line (`exact`), else the
    crate's findings that can cause it (`likely`), the user's frames, and what it could not
    do (`advice`: one line each)."""

    panic: Panic
    exact: list[Diagnostic] = field(default_factory=list)
    likely: list[Diagnostic] = field(default_factory=list)
    frames: list[UserFrame] = field(default_factory=list)
    advice: list[str] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict:
        panic = self.panic
        return {
            "node_id": panic.node_id,
            "thread": panic.thread,
            "panicked_at": _place_json(panic.path, panic.line, panic.column),
            "user_frames": [
                {
                    "function": f.frame.function,
                    "path": str(f.file),
                    "line": f.frame.line,
                    "column": f.frame.column,
                }
                for f in self.frames
            ],
            "diagnostics": [d.to_json() for d in self.exact],
            "likely": [d.to_json() for d in self.likely],
            "advice": self.advice,
        }


def _place_json(path: str | None, line: int | None, column: int | None) -> dict | None:
    return None if path is None else {"path": path, "line": line, "column": column}


# -- the diagnosis ------------------------------------------------------------------------------


def diagnose(panic: Panic, crate: Crate | None, report: LintReport | None) -> Diagnosis:
    """What is known of one tape panic, given the crate and its lint report."""
    diagnosis = Diagnosis(panic)
    if crate is None or report is None:
        diagnosis.advice.append(
            "no crate here (no Cargo.toml in the working directory or above it): run in the "
            "crate, or give it with `--source DIR`"
        )
        if not panic.frames:
            diagnosis.advice.append(ADVICE)
        return diagnosis
    diagnosis.sources = report.sources
    tape = [f for f in report.findings if f.tape is not None]
    frames = user_frames(panic, crate)
    diagnosis.frames = frames
    # The fixes written as code of the findings said are checked as `pbpit lint` checks them
    # (only those: a crate may have many): made and run where pbpit runs the program.
    for user in frames:
        matched = checked_fixes(report, _at_frame(tape, user))
        if matched:
            # One error, as the run says it: the finding Burn's walk meets first (lint orders a
            # backward's findings so, `lint/walk_order.py`); the others of that backward are
            # named in it, their fixes said once.
            diagnosis.exact = [_exact(matched[0], panic, user, frames[0], matched)]
            return diagnosis
    diagnosis.likely = tape
    named = [f.function for f in panic.frames if f.path is None and is_users(f, crate.packages)]
    if frames:
        # Only the functions the backtrace passes through can hold the consumed tensor.
        diagnosis.likely = _in_functions(tape, [user.frame.function for user in frames])
        diagnosis.exact = [_unexplained(panic, frames, diagnosis)]
    elif named:
        # A release build's backtrace: the functions, without their lines.
        diagnosis.likely = _in_functions(tape, named) or tape
        diagnosis.advice.append(
            f"the backtrace names `{named[0]}` but not its line (a build without debug info): "
            'run a debug build, or set `debug = "line-tables-only"` under `[profile.release]`, '
            "for the exact line"
        )
    elif panic.frames:
        diagnosis.advice.append(
            f"no frame of the backtrace is in the crate at {_shown_path(crate.root)}: give the "
            "crate with `--source DIR`"
        )
    else:
        diagnosis.advice.append(ADVICE)
    diagnosis.likely = checked_fixes(report, diagnosis.likely)
    return diagnosis


NOT_RUN = (
    "not run: pbpit cannot run this program, so it made the edit and read it again only "
    "(its interpreter accepts it, and lint finds the hazard gone)"
)
"""Said of a fix shown as code that was checked by reading only (`checked_fixes`)."""


def checked_fixes(report: LintReport, found: list[Diagnostic]) -> list[Diagnostic]:
    """The findings `found` of `report`, each fix written as code checked as `pbpit lint` checks
    it (`lint.command.checked`): made and run where the finding's file is a program pbpit runs
    (one that still panics, is refused or costs a trained parameter its gradient is said in
    words, with why), else made and read again; a fix shown as code that could not be run
    says so (`NOT_RUN`)."""
    from pbpit.lint.command import checked

    if not found:
        return found
    findings = checked(replace(report, findings=found)).findings
    return [_said_not_run(finding) for finding in findings]


def _said_not_run(finding: Diagnostic) -> Diagnostic:
    helps = [
        replace(h, note=f"{h.note}; {NOT_RUN}" if h.note else NOT_RUN)
        if h.edits and h.checked is None
        else h
        for h in finding.helps
    ]
    return replace(finding, helps=helps)


def function_name(function: str) -> str:
    """The function's own name in a frame's path: `fit` for `trainer::train::fit`, for
    `trainer::train::fit::{{closure}}` and for `<trainer::Model<B> as Train>::fit`."""
    segments, depth, start = [], 0, 0
    for at, char in enumerate(function):
        if char in "<(":
            depth += 1
        elif char in ">)":
            depth -= 1
        elif depth == 0 and function.startswith("::", at):
            segments.append(function[start:at])
            start = at + 2
    segments.append(function[start:])
    names = [s for s in segments if s and not s.startswith("{") and not s.startswith("<")]
    name = names[-1] if names else function
    return name.split("<", 1)[0]


def _in_functions(findings: list[Diagnostic], frames: list[str]) -> list[Diagnostic]:
    """The findings whose panicking backward is in a function the frames name."""
    functions = {function_name(function) for function in frames}
    return [f for f in findings if f.tape is not None and f.tape.function in functions]


def _shown_path(path: Path) -> str:
    shown = os.path.relpath(path)
    return path.as_posix() if shown.startswith("..") else shown


def _same_file(a: str | Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _at_frame(findings: list[Diagnostic], user: UserFrame) -> list[Diagnostic]:
    """The findings whose panicking backward is the frame's line (a call spread over lines
    holds it), nearest the frame's column first."""
    line = user.frame.line
    column = user.frame.column or 0
    found = []
    for finding in findings:
        tape = finding.tape
        assert tape is not None
        panics = tape.panics
        if panics.line <= line <= panics.end_line and _same_file(finding.path, user.file):
            inside = (
                (panics.line, panics.column)
                <= (line, column)
                <= (
                    panics.end_line,
                    panics.end_column,
                )
            )
            found.append((not inside, finding))
    return [finding for _, finding in sorted(found, key=lambda pair: pair[0])]


def _frame_note(panic: Panic, frames: list[UserFrame]) -> str:
    """Where the backtrace puts the panic in the user's code: its innermost frame there, then
    the calls it was made from, outwards (`frames`)."""

    def at(frame: Frame) -> str:
        column = f":{frame.column}" if frame.column else ""
        return f"`{frame.function}` at {frame.path}:{frame.line}{column}"

    thread = f"thread '{panic.thread}'" if panic.thread else "the program"
    said = f"{thread} panicked in {at(frames[0].frame)}"
    return "".join([said, *(f", called from {at(user.frame)}" for user in frames[1:])])


def carrier(finding: Diagnostic, tape: Tape) -> str | None:
    """The binding that carries the consumed tensor into the pass that panics, as run and lint
    name it (`bank` for `q` pushed into it, `prev` for `out` put in it), when it is not the
    tensor's own name; None otherwise."""
    name = finding.name
    return name if tape.in_loop and name and name != tape.name else None


def named(finding: Diagnostic, tape: Tape) -> str:
    """The consumed tensor by the binding the finding names, as the run's note says it
    (`node_names.bound_name`): `` `bank` (`q` where it was made) ``, `` `states` (`states[2]`) ``
    for an element or field of it, else `` `q` ``."""
    held = carrier(finding, tape)
    if held is None:
        return f"`{tape.name}`"
    if tape.name.startswith((f"{held}[", f"{held}.")):
        return f"`{held}` (`{tape.name}`)"
    return f"`{held}` (`{tape.name}` where it was made)"


def _panicked_text(finding: Diagnostic, tape: Tape) -> str:
    """The label on the backward that panicked, said from what the finding knows."""
    name = tape.name
    through = tape.panics_through
    if through:
        where = f"in the backward this call runs (in `{through}`)"
    else:
        where = f"in `{tape.loss}.backward()`" if tape.loss else "in this backward"
    held = carrier(finding, tape)
    if held is not None:
        return (
            f"panicked here, {where}: `{held}` brings `{name}` from an earlier pass, whose "
            "backward consumed its step"
        )
    if tape.in_loop:
        return f"panicked here, {where}: an earlier pass consumed `{name}`'s step"
    if _each_pass(finding):
        return (
            f"panicked here, {where}: it needs `{name}`'s step, which this backward consumed in "
            "an earlier pass of the loop"
        )
    if tape.consumed == tape.panics:
        return (
            f"panicked here: this call runs two backwards (in `{through}`); the first consumed "
            f"`{name}`'s step, the second needed it again"
        )
    return _rule(finding).panicked_here(name, where)


def _whose(finding: Diagnostic, tape: Tape) -> str:
    """What the tensor is, after its name: why its step was gone. For a loop's, where it is made
    as the source says (`_loop_words`)."""
    if tape.in_loop:
        return _loop_words(finding, tape)
    if _each_pass(finding):
        return (
            "shared by the losses of the loop's passes: an earlier pass's backward consumed its "
            "step"
        )
    return _rule(finding).whose()


def _each_pass(finding: Diagnostic) -> bool:
    """Whether the finding is of one backward statement each pass of a loop runs on its own
    loss, all made from the tensor (the losses of the loop's passes, not two losses)."""
    from pbpit.lint.rules.shared_intermediate import per_pass_message

    return bool(finding.name) and finding.message == per_pass_message(finding.name)


def _loop_words(finding: Diagnostic, tape: Tape) -> str:
    """Where a tensor a loop's backward reaches is made, read from the file: in one pass of the
    innermost loop around the panicking backward (state the loop carries, as lint's finding
    says: made in the loop's body, or by a call the pass makes) and carried into the next by
    the binding lint names, or before that loop, the loop's line cited as the audit cites
    it."""
    from pbpit.diagnose.loops import find_loops
    from pbpit.lint.rules.loop_external_words import carried_message
    from pbpit.source import Language

    consumed = "an earlier pass's backward consumed its step"
    line = tape.panics.line
    around = [
        loop
        for loop in find_loops(finding.path, Language.RUST)
        if loop.line <= line <= loop.end_line
    ]
    loop = around[-1] if around else None
    made_in = loop is not None and (
        loop.line <= tape.made.line <= loop.end_line
        or _called_in(finding.path, tape.made.line, tape.panics.line, loop)
    )
    at = f" at line {loop.line}" if loop is not None else ""
    if made_in or finding.message == carried_message(finding.name):
        # The carrier is named before these words (`named`).
        return f"made in one pass of the loop{at} and carried into the next: {consumed}"
    return f"made before the loop{at} and used in it: {consumed}"


def _called_in(path: str, made: int, panics: int, loop: Loop) -> bool:
    """Whether line `made` is in a function other than the one the backward at line `panics`
    is in, and the loop's lines call it (`trainer.compute(..)` of a pass, which makes the loss
    `self.pending` keeps): made in one pass, not before the loop."""
    from pbpit.rust.syntax import descendants, parse_file

    source = parse_file(path)
    if source is None:
        return False
    holding = [
        node
        for node in descendants(source.root)
        if node.type == "function_item" and node.start_point[0] + 1 <= made <= node.end_point[0] + 1
    ]
    if not holding:
        return False
    function = min(holding, key=lambda node: node.end_byte - node.start_byte)
    if function.start_point[0] + 1 <= panics <= function.end_point[0] + 1:
        return False
    name = function.child_by_field_name("name")
    if name is None:
        return False
    called = re.compile(r"\b" + re.escape(source.node_text(name)) + r"\s*(::<[^>]*>)?\s*\(")
    lines = source.text.split("\n")[loop.line - 1 : loop.end_line]
    return any(called.search(line) for line in lines)


def _rule(finding: Diagnostic) -> Rule:
    """The finding's rule (a rule's words, said of a real panic); the words every rule says
    by default for a finding of none."""
    from pbpit.lint.rule import Rule
    from pbpit.lint.rules import rule_named

    return rule_named(finding.rule) or Rule()


def _is(label: Label, place: Label) -> bool:
    return (label.line, label.column) == (place.line, place.column)


def _exact(
    finding: Diagnostic, panic: Panic, user: UserFrame, innermost: UserFrame, matched: list
) -> Diagnostic:
    """The finding as the error the panic was: the panicking backward primary, the NodeId."""
    tape = finding.tape
    assert tape is not None
    labels = []
    panicked = None
    for label in finding.labels:
        if _is(label, tape.panics):
            panicked = replace(label, text=_panicked_text(finding, tape), primary=True)
        else:
            labels.append(replace(label, primary=False))
    if panicked is None:
        line_end = tape.panics.end_column if tape.panics.end_line == tape.panics.line else None
        end = line_end or tape.panics.column + 1
        panicked = Label(
            tape.panics.line, tape.panics.column, tape.panics.line, end, "", primary=True
        )
        panicked.text = _panicked_text(finding, tape)
    node = f"NodeId({panic.node_id})"
    what = f"{node} is {named(finding, tape)}, {_whose(finding, tape)}"
    others = [f for f in matched if f is not finding and f.tape is not None]
    if others:
        # The backward's other findings, named here; the fixes are this finding's, as the run's.
        names = ", ".join(named(f, f.tape) for f in others if f.tape is not None)
        its = "its" if len(others) == 1 else "their"
        what += f"; {names} lost {its} step to the same backward"
    frames = [innermost] if user is innermost else [innermost, user]
    notes = [what, _frame_note(panic, frames), *finding.notes]
    notes.append(
        f"`pbpit lint` finds this without running the program ({finding.rule_id}): run it in CI"
    )
    return replace(
        finding,
        message=f"Cannot run backward: graph tape has already been consumed at {node}",
        labels=[panicked, *labels],
        level="error",
        notes=notes,
    )


def _unexplained(panic: Panic, frames: list[UserFrame], diagnosis: Diagnosis) -> Diagnostic:
    """The panic on the user's line (the innermost of `frames`) when no finding of `pbpit lint`
    explains it."""
    user = frames[0]
    path = os.path.relpath(user.file)
    line = user.frame.line or 1
    text, skipped = source_line(user.file, line)
    if skipped:
        diagnosis.advice.append(f"not quoted: {path}: {skipped}")
    lines = diagnosis.sources.get(path) or OneLine(line, text)
    diagnosis.sources.setdefault(path, lines)
    column, end = _backward_call(text, user.frame.column)
    node = f"NodeId({panic.node_id})"
    loss = _receiver(text, column)
    said = f"panicked here, in `{loss}.backward()`" if loss else "panicked here"
    label = Label(line, column, line, end, said, primary=True)
    notes = [_frame_note(panic, frames[:4])]
    if "backward" not in text and not skipped:
        notes.append(
            f"line {line} of {path} calls no `backward`: the source may have changed since the "
            "program was built (build and run it again)"
        )
    if diagnosis.likely:
        notes.append(
            "`pbpit lint` found no cause at this backward; its findings below, in the functions "
            "the backtrace passes through, can cause this panic"
        )
    else:
        notes.append(
            f"`pbpit lint` found no cause of it in the functions the backtrace passes through: an "
            f"earlier backward consumed the step of {node}, which this backward reaches"
        )
    helps = [Help(f"`pbpit explain {panic.node_id}` says what the panic means and its fixes")]
    return Diagnostic(
        "",
        f"Cannot run backward: graph tape has already been consumed at {node}",
        path,
        [label],
        helps,
        level="error",
        notes=notes,
    )


def _receiver(text: str, column: int) -> str | None:
    """The plain name `.backward()` is called on at `column` (of its `backward`), if it is one."""
    found = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*$", text[: max(column - 2, 0)])
    return found.group(1) if found and column >= 2 and text[column - 2] == "." else None


MAX_SOURCE_BYTES = 8 << 20
"""The largest file a frame's line is read from (8 MiB, as `pbpit lint` reads none larger:
`lint.tree.MAX_FILE_BYTES`): past it the line is not quoted, and the advice says why."""
MAX_QUOTED = 4096
"""Characters of the frame's line kept to quote (a minified line is cut there)."""


class OneLine(list):
    """A file's lines as the renderer reads them (`len`, and `[n - 1]` for line n) when only
    line `number` was read: every other line is empty. Holds one line, whatever the file's
    size."""

    def __init__(self, number: int, text: str) -> None:
        super().__init__()
        self.number, self.text = number, text

    def __len__(self) -> int:
        return self.number

    def __getitem__(self, index):  # type: ignore[override]
        return self.text if index in (self.number - 1, -1) else ""


def source_line(file: Path, number: int) -> tuple[str, str | None]:
    """Line `number` of `file` (its line end removed), and why it could not be read (None when
    it was): read in blocks to that line, never the whole file, only a regular file (opened
    without blocking), none past `MAX_SOURCE_BYTES`."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(file, flags)
    except OSError as err:
        return "", f"cannot read: {err.strerror or err}"
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            return "", "not a regular file"
        if info.st_size > MAX_SOURCE_BYTES:
            return "", (
                f"{info.st_size} bytes, more than the {MAX_SOURCE_BYTES >> 20} MiB pbpit reads "
                "of a source file"
            )
        return _stream_to(stream, number), None


def _stream_to(stream, number: int) -> str:
    newlines = number - 1  # still to pass
    kept = bytearray()
    limit = MAX_QUOTED * 4  # bytes: at most 4 a character
    while block := stream.read(1 << 20):
        if newlines:
            count = block.count(b"\n")
            if count < newlines:
                newlines -= count
                continue
            at = -1
            for _ in range(newlines):
                at = block.find(b"\n", at + 1)
            block = block[at + 1 :]
            newlines = 0
        end = block.find(b"\n")
        kept += block[: limit - len(kept)] if end < 0 else block[: min(end, limit - len(kept))]
        if end >= 0 or len(kept) >= limit:
            break
    if newlines:
        return ""  # the file has fewer lines: the source changed since the build
    text = kept.decode("utf-8", "replace").removesuffix("\r")
    return text.removeprefix("\ufeff")[:MAX_QUOTED] if number == 1 else text[:MAX_QUOTED]


def _backward_call(text: str, column: int | None) -> tuple[int, int]:
    """The columns of the `.backward()` call in `text` (the frame's line, nearest `column`),
    else of the line's text."""
    starts = []
    at = text.find(".backward(")
    while at != -1:
        starts.append(at)
        at = text.find(".backward(", at + 1)
    if starts:
        target = (column or 1) - 1
        start = min(starts, key=lambda s: abs(s + 1 - target))
        close = text.find(")", start)
        return start + 2, (close + 2 if close != -1 else len(text) + 1)
    stripped = text.lstrip()
    first = len(text) - len(stripped) + 1
    return first, max(len(text.rstrip()) + 1, first + 1)


# -- the whole output ---------------------------------------------------------------------------


@dataclass
class Explained:
    """What `explain -` (and `pbpit -- COMMAND`) says of a program's output: each tape panic's
    diagnosis, the other panics, the first build error."""

    diagnoses: list[Diagnosis]
    others: list[Panic]
    build_error: BuildError | None
    rejected: list[Panic] = field(default_factory=list)
    """Tape panics whose NodeId Burn cannot hand out (`Panic.rejected` says why)."""
    panics_dropped: int = 0
    """Panics of the output past the scanner's `MAX_PANICS`, counted but not read."""

    @property
    def status(self) -> int:
        """0 when a tape panic was explained, else 1."""
        return 0 if self.diagnoses else 1

    def to_json(self) -> dict:
        from pbpit.diagnose.explain import entry

        first = self.diagnoses[0].panic.node_id if self.diagnoses else None
        data: dict = {
            "node_id": first,
            "entry": None if first is None else entry(first),
            "case": None,
            "panics": [d.to_json() for d in self.diagnoses],
            "other_panics": [
                {
                    "thread": p.thread,
                    "message": p.message,
                    "panicked_at": _place_json(p.path, p.line, p.column),
                }
                for p in self.others
            ],
            "build_error": self.build_error.text if self.build_error else None,
            "rejected": [p.rejected for p in self.rejected],
            "panics_dropped": self.panics_dropped,
        }
        if first is None:
            data["error"] = self.missing()
        return data

    def missing(self) -> str:
        """Why nothing was explained, in a line."""
        if self.build_error is not None:
            return "the build failed: the program did not run (its first error is shown)"
        if self.others:
            return "the program panicked, but not with `graph tape has already been consumed`"
        return "no `graph tape has already been consumed` panic in the input"


def explain_events(events: list, source: str | None, dropped: int = 0) -> Explained:
    """Diagnose every tape panic among `events` (a scanner's), in the crate `source` names or
    the working directory is in; the crate is linted once, and only if there is a tape panic.
    `dropped`: the panics the scanner counted past its cap, said at the end."""
    tape = [e for e in events if isinstance(e, Panic) and e.node_id is not None]
    rejected = [e for e in events if isinstance(e, Panic) and e.rejected is not None]
    others = [
        e for e in events if isinstance(e, Panic) and e.node_id is None and e.rejected is None
    ]
    build = next((e for e in events if isinstance(e, BuildError)), None)
    crate = find_crate(source) if tape or source is not None else None
    report = None
    if tape and crate is not None:
        from pbpit.lint.tree import lint_paths

        paths = [_shown_path(directory) for directory in crate.sources]
        # A frame in a file of another local crate (a path dependency outside the workspace):
        # that file is linted too.
        sources = [directory.resolve() for directory in crate.sources]
        for panic in tape:
            for user in user_frames(panic, crate):
                file = user.file.resolve()
                if not any(file.is_relative_to(directory) for directory in sources):
                    sources.append(file)
                    paths.append(_shown_path(file))
        report = lint_paths(paths)
    diagnoses = [diagnose(p, crate, report) for p in tape]
    return Explained(diagnoses, others, build, rejected, dropped)


def render(explained: Explained, width: int) -> Text:
    """The rustc-style text of `explained`."""
    from pbpit.diagnose.explain import entry
    from pbpit.diagnostics.human import render_diagnostic
    from pbpit.report import render_entry

    text = Text()
    if explained.build_error is not None:
        _line(text, "error", "the build failed, so the program did not run; its first error:")
        text.append(explained.build_error.text.rstrip("\n") + "\n\n")
    for diagnosis in explained.diagnoses:
        panic = diagnosis.panic
        for finding in diagnosis.exact:
            render_diagnostic(text, finding, diagnosis.sources.get(finding.path, []))
        if not diagnosis.exact and diagnosis.likely:
            thread = f"thread '{panic.thread}'" if panic.thread else "the program"
            count = len(diagnosis.likely)
            which = "this finding" if count == 1 else f"these {count} findings"
            _line(
                text,
                "note",
                f"{thread} panicked: graph tape has already been consumed at "
                f"NodeId({panic.node_id}); {which} of `pbpit lint` in the crate can cause it",
            )
            text.append("\n")
        for finding in diagnosis.likely:
            render_diagnostic(text, finding, diagnosis.sources.get(finding.path, []))
        if not diagnosis.exact and not diagnosis.likely:
            text.append(render_entry(entry(panic.node_id or 0), width))
            text.append("\n")
        for advice in diagnosis.advice:
            _line(text, "help", advice)
    for panic in explained.rejected:
        _line(text, "error", f"a tape panic that cannot be Burn's: {panic.rejected}")
    for panic in explained.others:
        place = [str(n) for n in (panic.line, panic.column) if n is not None]
        where = f" at {':'.join([panic.path, *place])}" if panic.path else ""
        message = panic.message.split("\n", 1)[0]
        _line(text, "note", f"thread '{panic.thread}' panicked{where}: {message}")
        text.append("   = note: not the tape panic: pbpit explains only that one\n")
    if explained.panics_dropped:
        from pbpit.diagnose.output import MAX_PANICS

        more = explained.panics_dropped
        _line(
            text,
            "note",
            f"{more} more panic{'s' if more > 1 else ''} in the output not read: pbpit reads "
            f"the first {MAX_PANICS}",
        )
    return text


def _line(text: Text, level: str, message: str) -> None:
    styles = {"error": "bold red", "note": "bold green", "help": "bold cyan"}
    text.append(level, style=styles[level])
    text.append(f": {message}\n", style="bold")
