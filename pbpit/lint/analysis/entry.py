"""The analysis's entry points: the findings of each parsed file of a tree, and of one file, with
the allowed ones (`// pbpit: allow(..)`) left out."""

from __future__ import annotations

import re
from collections.abc import Callable

from pbpit.diagnostics.model import Diagnostic
from pbpit.lint.analysis.common import _FIELD, _any_within, _expects_panic
from pbpit.lint.analysis.function import _Function
from pbpit.lint.analysis.index import Program
from pbpit.lint.fixes import Fixes
from pbpit.lint.walk_order import ordered
from pbpit.rust.syntax import Node, RustFile

_ALLOW = re.compile(r"^\s*//\s*pbpit:\s*allow\(([^)]*)\)")


def lint_sources(
    sources: list[RustFile],
    progress: Callable[[int, int], None] | None = None,
    too_deep: Callable[[RustFile, Node], None] | None = None,
    program: Program | None = None,
) -> list[list[Diagnostic]]:
    """The findings of each of the parsed files of one linted tree, in the order given;
    `progress(done, total)` after each file; `too_deep(file, fn)` for each function nested
    deeper than Python's recursion limit lets the analysis follow (the others are read). What
    each function and method of the tree does (`program`, linked; made of `sources` when None)
    is known at its calls in every file."""
    if program is None:
        program = Program(sources)
    reasons = [program.reasons(source) for source in sources]
    found = []
    for number, (source, its_reasons) in enumerate(zip(sources, reasons, strict=True), 1):
        found.append(lint_source(source, program, too_deep, its_reasons))
        if progress is not None:
            progress(number, len(sources))
    return found


def lint_source(
    source: RustFile,
    program: Program | None = None,
    too_deep: Callable[[RustFile, Node], None] | None = None,
    reasons: list[tuple[int, int]] | None = None,
) -> list[Diagnostic]:
    """The findings of one parsed file, by position, allowed ones left out; the functions of
    `program` (the file alone when None) are known at their calls; a function nested too deep
    to read goes to `too_deep` (RecursionError without it). `reasons`: the file's
    (`Program.reasons`), when known."""
    if program is None:
        program = Program([source])
    if reasons is None:
        reasons = program.reasons(source)
    if not reasons:
        return []
    starts = [start for start, _ in reasons]
    found: dict[tuple[str, int, int], Diagnostic] = {}
    fixes = Fixes(source, program)
    for callee in program.functions.get(id(source), ()):
        if not _any_within(starts, callee.start, callee.end):
            continue
        node = callee.node
        body = node.child_by_field_id(_FIELD.body)
        read_to = (
            program.reading_end(source, body, reasons)
            if body is not None and not _expects_panic(source, node)
            else None
        )
        if read_to is not None:
            if source.tree is None:
                # Its tree was let go (a file read for a call of a helper): its functions were
                # found alone; to read one, the whole tree (and its attributes) is parsed again.
                program.whole(source)
                node = callee.node
                body = node.child_by_field_id(_FIELD.body)
                if _expects_panic(source, node):
                    continue
            reader = _Function(source, found, fixes, program, callee)
            reader.reasons = reasons
            reader.read_to = read_to
            try:
                reader.run(node)
            except RecursionError:
                if too_deep is None:
                    raise
                too_deep(source, node)
            finally:
                reader.release()
    if not found:
        return []
    text_lines = source.text.split("\n")
    findings = [f for f in found.values() if not _allowed(f, text_lines)]
    return ordered(findings, source)  # by place; one backward's as Burn's walk meets them


def _allowed(finding: Diagnostic, lines: list[str]) -> bool:
    for line in {finding.primary.line, finding.statement_line}:
        above = lines[line - 2] if 2 <= line <= len(lines) + 1 else ""
        match = _ALLOW.match(above)
        if match:
            names = {n.strip().removeprefix("pbpit::") for n in match.group(1).split(",")}
            if finding.rule in names:
                return True
    return False
