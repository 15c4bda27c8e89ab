"""The one diagnostic model: what `run`, `audit`, `explain` and `lint` report, before it is
rendered (rustc-style text, JSON, SARIF: `pbpit.diagnostics`).

Lines and columns are 1-based; a column counts characters (a tab is one), as rustc's JSON does;
end columns are exclusive."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


def unicode_text(text: str) -> str:
    """`text` as any UTF-8 writer and JSON reader takes it: each lone surrogate (a byte of a
    file name that is not UTF-8, as Python decodes it; a surrogate a case printed) one U+FFFD,
    as Rust's `Path::display` and `String::from_utf8_lossy` show them."""
    return _SURROGATE.sub("\ufffd", text)


def unicode_json(value: Any) -> Any:
    """`value` (a JSON document: dicts, lists, strings, numbers) with `unicode_text` applied to
    every string, keys too."""
    if isinstance(value, str):
        return unicode_text(value)
    if isinstance(value, dict):
        return {unicode_json(k): unicode_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [unicode_json(v) for v in value]
    return value


@dataclass
class Label:
    """A span of one line, underlined in the output; the primary one is where the finding is."""

    line: int
    column: int
    end_line: int
    end_column: int
    """Just past the span (exclusive), as rustc's and SARIF's end columns."""
    text: str
    primary: bool = False

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class Edit:
    """Replace the text from (line, column) up to (end_line, end_column) with `replacement`;
    an insertion when the two positions are equal."""

    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str

    def to_json(self) -> dict:
        return asdict(self)


APPLICABILITIES = ("MachineApplicable", "MaybeIncorrect", "HasPlaceholders")
"""How sure a help's edits are, in rustc's words: `MachineApplicable` edits are the fix (what
`--fix` applies); `MaybeIncorrect` edits compile and run but are right only if the user means
what the help says (one of several fixes); `HasPlaceholders` edits must be completed by hand."""


@dataclass
class Help:
    """A fix: a line of text, the edits that make it when it can be written as code, a note on
    what it changes (printed under the corrected lines), and how sure its edits are (one of
    `APPLICABILITIES`)."""

    message: str
    edits: list[Edit] = field(default_factory=list)
    note: str = ""
    applicability: str = "MachineApplicable"
    checked: Any = None
    """What making the edits and running the program did (`pbpit.diagnose.fix_check.FixCheck`),
    when pbpit could run it; None when it was not checked."""

    @property
    def headline(self) -> str:
        """The message as printed: with what checking it found, when it was checked and ran."""
        if self.checked is not None and self.checked.ok:
            return f"{self.message} (checked: {self.checked.headline})"
        return self.message

    def to_json(self) -> dict:
        data = {"message": self.message, "edits": [edit.to_json() for edit in self.edits]}
        if self.checked is not None:
            data["checked"] = self.checked.to_json()
        return {**data, "note": self.note} if self.note else data


@dataclass
class Tape:
    """What a lint finding foresees of Burn's tape panic, to match a real panic's backtrace
    against: the tensor whose step is consumed, where it is made, the backward that consumes
    the step and the one that panics (the same span for a loop's backward: a later pass panics),
    each with the function of the program its call runs the backward in, when it does."""

    name: str
    made: Label
    consumed: Label
    panics: Label
    consumed_through: str | None = None
    panics_through: str | None = None
    in_loop: bool = False
    """The backwards are separated by the passes of a loop."""
    loss: str | None = None
    """The variable the panicking backward is called on, when it is a plain name."""
    function: str | None = None
    """The name of the function the panicking backward is in (as a backtrace's frame ends)."""


@dataclass
class Diagnostic:
    """One finding as every command prints it: the rule (its code is `pbpit::<rule>`; none for
    what no rule names, such as the panic a run hit), the level (`error`, `warning` or `note`),
    a one-line message, the file, the labelled spans (primary first; none when the finding has
    no place in the file), the helps (fixes, in words or as edits), and notes (what only a run
    knows: node ids, which backward consumed what)."""

    rule: str
    message: str
    path: str
    labels: list[Label]
    helps: list[Help]
    statement_line: int = 0
    """First line of the statement holding the primary span (an allow comment may sit above)."""
    name: str = ""
    """The tensor's variable, for fingerprints."""
    level: str = "warning"
    notes: list[str] = field(default_factory=list)
    tape: Tape | None = None
    """For a finding that foresees the tape panic: where it happens (not in the JSON)."""

    @property
    def primary(self) -> Label:
        return self.labels[0]

    @property
    def rule_id(self) -> str:
        return f"pbpit::{self.rule}" if self.rule else ""

    def to_json(self) -> dict:
        primary = self.labels[0] if self.labels else None
        return {
            "rule": self.rule or None,
            "id": self.rule_id or None,
            "level": self.level,
            "message": self.message,
            "path": self.path,
            "line": primary and primary.line,
            "column": primary and primary.column,
            "end_line": primary and primary.end_line,
            "end_column": primary and primary.end_column,
            "labels": [label.to_json() for label in self.labels],
            "help": [help_.to_json() for help_ in self.helps],
            **({"notes": list(self.notes)} if self.notes else {}),
        }
