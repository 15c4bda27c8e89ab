"""A fix as explain writes it (`Fix`): its name, when it applies, and the corrected lines of the
case, made into edits of the case file (`Fix.edits`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbpit.diagnostics.model import Edit


@dataclass
class Fix:
    """One fix (`key` is its name, a rule's fix's in `pbpit.lint.rules`; `title` says when and
    how it applies),
    and the corrected lines of the case: `(mark, line, text)` with mark `-` (a line goes), `+`
    (a line comes: in place of the removed line of the same number, or before the next
    unchanged line) or ` ` (unchanged)."""

    key: str
    title: str
    applies: bool
    lines: list[tuple[str, int | None, str]] = field(default_factory=list)
    note: str = ""

    def edits(self) -> list[Edit]:
        """The corrected lines as edits of the case file (none when they cannot be written)."""
        edits: list[Edit] = []
        rows = self.lines
        for index, (mark, number, text) in enumerate(rows):
            following = rows[index + 1] if index + 1 < len(rows) else None
            if mark == "-" and number is not None:
                if following is not None and following[0] == "+" and following[1] == number:
                    edits.append(changed_line(number, text, following[2]))
                else:
                    edits.append(Edit(number, 1, number + 1, 1, ""))
            elif mark == "+" and number is None:
                before = next((n for m, n, _ in rows[index:] if m == " "), None)
                if before is None:
                    before = next(n for m, n, _ in reversed(rows[:index]) if m == " ") + 1
                at = (before, 1, before, 1)
                if edits and (edits[-1].line, edits[-1].column) == at[:2] and _inserts(edits[-1]):
                    edits[-1].replacement += text + "\n"
                else:
                    edits.append(Edit(*at, text + "\n"))
        return edits


def _inserts(edit: Edit) -> bool:
    return (edit.line, edit.column) == (edit.end_line, edit.end_column)


def changed_line(number: int, old: str, new: str) -> Edit:
    """The smallest edit turning line `number` from `old` into `new` (an insertion when `new`
    only adds text)."""
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return Edit(number, prefix + 1, number, len(old) - suffix + 1, new[prefix : len(new) - suffix])
