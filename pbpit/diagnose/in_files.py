"""A crate's module files: each position of a diagnosis of a run in its own file. The
interpreter runs a crate as its root with the module files spliced in (`pbpit.rust.interp.
mod_files`); what the diagnosis says at a line of that text is put back at the file and line
the user wrote (a one-file program is unchanged). Also where a path is shown as the user reads
it, and a fix's edits as explain's corrected lines."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pbpit.diagnose.explain import Fix
from pbpit.diagnostics.model import Diagnostic, Edit, Label
from pbpit.runner import CASES_DIR
from pbpit.source import source_lines
from pbpit.trace import RunResult


def display_path(path: str) -> str:
    """A path as the user should read it: relative to the working directory, or a built-in case as
    `cases/NAME` wherever pbpit is installed."""
    resolved = Path(path).resolve()
    for base in (Path.cwd(), CASES_DIR.parent):
        if resolved.is_relative_to(base):
            return str(resolved.relative_to(base))
    return str(path)


def cited_line(result: RunResult, line: int) -> str:
    """`line 12` of the case file, or `src/training.rs:12` for a line of a module file."""
    return f"line {line}" if result.crate is None else result.crate.cite(line)


def place(result: RunResult, line: int, column: int) -> str:
    """`src/main.rs:12:5`: the file a line of the record is in, its line there, the column."""
    file, at = result.locate(line)
    return f"{display(result, file)}:{at}:{column}"


def display(result: RunResult, file: str) -> str:
    if result.crate is None or file == result.path:
        return display_path(result.path)
    return result.crate.display.get(file, file)


def in_files(result: RunResult, diagnostic: Diagnostic) -> Diagnostic:
    """A diagnostic written at lines of a crate root with its module files spliced in, put in
    the file of its primary span, at that file's lines. A label in another file becomes a note
    naming its place (`src/main.rs:12:5: ...`); a help whose edits are not all in that file
    keeps its words and loses its edits (an edit names no file). Unchanged for one file."""
    crate = result.crate
    if crate is None or not diagnostic.labels:
        return diagnostic
    file, _ = crate.locate(diagnostic.labels[0].line)
    labels: list[Label] = []
    elsewhere: list[str] = []
    for label in diagnostic.labels:
        there, line = crate.locate(label.line)
        if there == file:
            end = line + label.end_line - label.line
            labels.append(replace(label, line=line, end_line=end))
        else:
            elsewhere.append(f"{display(result, there)}:{line}:{label.column}: {label.text}")
    helps = []
    for help_ in diagnostic.helps:
        edits = []
        for edit in help_.edits:
            there, line = crate.locate(edit.line)
            if there != file:
                edits = []
                break
            edits.append(replace(edit, line=line, end_line=line + edit.end_line - edit.line))
        helps.append(replace(help_, edits=edits))
    statement = crate.locate(diagnostic.statement_line)[1] if diagnostic.statement_line else 0
    return replace(
        diagnostic,
        path=display(result, file),
        labels=labels,
        helps=helps,
        statement_line=statement,
        notes=[*elsewhere, *diagnostic.notes],
    )


def diagnostic_source(result: RunResult, diagnostic: Diagnostic) -> list[str]:
    """The lines of the file a diagnostic of the run is in, for its snippet."""
    if result.crate is not None:
        for file in result.crate.files:
            if display(result, file) == diagnostic.path:
                return source_lines(file)
    return source_lines(result.path)


def explanation_in_files(result: RunResult, data: dict[str, Any]) -> dict[str, Any]:
    """`explain --json`'s fixes as its diagnostic checked them (each with `checked`; the
    corrected lines of one that did not run taken away), and its backwards and corrected lines,
    in a crate of module files, each at its file's line, the file beside it (`file`)."""
    located = _fixes_as_checked(data, result)
    for key in ("consumed_by", "reached_by"):
        if data.get(key) is not None:  # the leaves' gradients a record keeps are not JSON
            data[key]["record"].pop("gradients", None)
    crate = result.crate
    if crate is None:
        return data
    for key in ("consumed_by", "reached_by"):
        if data.get(key) is not None:
            crate.place(data[key]["record"])
    for index, fix in enumerate(data.get("fixes", [])):
        rows = []
        for mark, line, text in fix["lines"]:
            if index in located:  # lint's edits, already at the lines of the diagnostic's file
                rows.append([mark, line, text, located[index] if line is not None else None])
                continue
            file = None
            if line is not None:
                file, line = crate.locate(line)
            rows.append([mark, line, text, display(result, file) if file else None])
        fix["lines"] = rows
    return data


def fix_headline(key: str, title: str, applies: bool) -> str:
    """An explanation's fix as its help says it: `recompute in the loop (applies here): ...`."""
    return f"{key} (applies here): {title}" if applies else f"{key}: {title}"


def _fixes_as_checked(data: dict[str, Any], result: RunResult) -> dict[int, str]:
    """Each of `data["fixes"]` given the edits and the check its help in `data["diagnostic"]`
    had: lint's edits of the same fix, when the help took them (the corrected lines of the
    diagnostic's file they make); a fix whose edits did not run keeps its words and loses its
    corrected lines. Returns, for each fix given lint's edits in a crate, the file (as
    displayed) its corrected lines are numbered in."""
    diagnostic = data.get("diagnostic") or {}
    helps = diagnostic.get("help", [])
    path, shown = result.path, None
    if result.crate is not None:
        for file in result.crate.files:
            if display(result, file) == diagnostic.get("path"):
                path, shown = file, diagnostic["path"]
    located: dict[int, str] = {}
    for index, fix in enumerate(data.get("fixes", [])):
        lead = fix_headline(fix["key"], "", bool(fix.get("applies")))
        help_ = next((h for h in helps if h["message"].startswith(lead)), None)
        if help_ is None and fix.get("applies"):
            # Lint put another fix first (an accumulator's reset): this one no longer applies.
            lead = fix_headline(fix["key"], "", False)
            help_ = next((h for h in helps if h["message"].startswith(lead)), None)
            fix["applies"] = help_ is None
        if help_ is None:  # not said: lint's words say another fix here
            fix["applies"], fix["lines"] = False, []
            continue
        fix["title"] = help_["message"].removeprefix(lead)  # lint's words, when it took them
        own = Fix(fix["key"], fix["title"], bool(fix.get("applies")), fix["lines"]).edits()
        if help_["edits"] != [edit.to_json() for edit in own]:
            edits = [Edit(**edit) for edit in help_["edits"]]
            fix["lines"] = corrected_lines(source_text(path), edits) if edits else []
            if shown is not None:
                located[index] = shown
        if "checked" not in help_:
            continue
        fix["checked"] = help_["checked"]
        if help_["checked"]["verdict"] != "runs":
            fix["lines"] = []
    return located


def source_text(path: str) -> str:
    return "\n".join(source_lines(path)) + "\n"


def corrected_lines(text: str, edits: list[Edit]) -> list[tuple[str, int | None, str]]:
    """`edits` of `text` as explain's corrected lines (`pbpit.diagnose.explain.Fix.lines`):
    each changed line `-` then `+` with its number, a deleted one `-`, an inserted one `+`
    without a number, each change between the unchanged lines around it."""
    import difflib

    from pbpit.diagnose.fix_check import applied

    old, new = text.splitlines(), applied(text, edits).splitlines()
    rows: list[tuple[str, int | None, str]] = []
    kept: set[int] = set()

    def keep(index: int) -> None:
        if 0 <= index < len(old) and index not in kept:
            kept.add(index)
            rows.append((" ", index + 1, old[index]))

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
        None, old, new, autojunk=False
    ).get_opcodes():
        if tag == "equal":
            continue
        keep(i1 - 1)
        paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(paired):
            rows += [("-", i1 + k + 1, old[i1 + k]), ("+", i1 + k + 1, new[j1 + k])]
        rows += [("-", i + 1, old[i]) for i in range(i1 + paired, i2)]
        rows += [("+", None, new[j]) for j in range(j1 + paired, j2)]
        keep(i2)
    return rows
