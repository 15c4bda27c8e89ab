"""The fix a user would act on, put first in the run's error where lint's first fix written as
code would leave the program running but wrong:

- a field its struct's detaching method leaves out (`detach_hidden` detaching `self.h`, not
  `self.c`): the missing line there.

Each is made in a copy and run (`checked`); one that fails leaves the warning as it was."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.rust.syntax import Node, RustFile, descendants

if TYPE_CHECKING:
    from pbpit.diagnose.audit import AuditEntry
    from pbpit.trace import RunResult


def preferred_fix(
    result: RunResult,
    entry: AuditEntry,
    entries: list[AuditEntry],
    warning: Diagnostic,
    checks: dict,
) -> Diagnostic:
    """`warning` (lint's finding of `entry`, its fixes checked) with the fix a user would act
    on first (see the module)."""
    # A tensor made before the loop from what an optimizer steps (prototypes fitted from the
    # embedder it trains): explain shows recomputing it in the loop first; the run's fixes
    # written as code stay lint's (one diagnosis) until lint writes those lines too.
    del entries
    return carried_first(result, entry, warning, checks) if entry.carried else warning


def carried_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """For carried state: the field its detaching method leaves out detached there too;
    `warning` as it is otherwise. (The struct's reset called at the top of each pass is lint's
    own first fix: `pbpit.lint.rules.field_reset.reset_first`.) A `Vec` field its emptying
    method leaves out: emptied there too (`pbpit.diagnose.clear_beside`)."""
    from pbpit.diagnose.clear_beside import clear_beside_first

    warning = clear_beside_first(result, entry, warning, checks)
    return detach_beside_first(result, entry, warning, checks)


def detach_beside_first(
    result: RunResult, entry: AuditEntry, warning: Diagnostic, checks: dict
) -> Diagnostic:
    """`warning` led by `self.c = self.c.clone().detach();` in the method the loop calls to cut
    the state from the previous pass (`detach_hidden`), where it detaches the other fields
    (`self.h`) but not the one that carries the tensor, and the line runs without the panic.
    Read from the program's syntax tree: the methods taking only `&mut self`, the statements of
    their bodies, the calls of the loop and the fields of the structs."""
    from pbpit.diagnose.checked_fixes import checked
    from pbpit.diagnose.in_files import in_files

    field_name = warning.name.rsplit(".", 1)[-1]
    found = _loop_and_source(result, entry) if field_name.isidentifier() else None
    if found is None:
        return warning
    loop, source = found
    text = source.node_text
    own = f"self.{field_name}"
    called = _called_in(source, loop.line - 1, loop.end_line - 1)
    for name, body in _methods(source):
        beside = next((s for s in body.named_children if _detaches_a_field(s, text)), None)
        other = text(beside).split("=", 1)[0].strip() if beside is not None else own
        if other == own:
            continue
        if any(n.type == "field_expression" and text(n) == own for n in descendants(body)):
            continue  # the method already does something with the field
        if name not in called or not _a_field(source, field_name):
            continue  # not called in the loop, or no struct has that field
        line = beside.end_point[0] + 1  # 1-based line of the detach
        indent = source.lines[line - 1][: beside.start_point[1]]
        added = f"{indent}{own} = {own}.clone().detach();"
        words = (
            f"detach `{own}` in `{name}` too, beside `{other}`: the loop calls it to cut the "
            f"state from the previous pass, and `{field_name}` is the part of the state it "
            "leaves on the graph"
        )
        edit = Edit(line + 1, 1, line + 1, 1, added + "\n")
        made = Help(words, [edit])
        trial = checked(result, in_files(result, replace(warning, helps=[made])), checks)
        (fix,) = trial.helps
        if not fix.edits or fix.checked is None or not fix.checked.ok:
            return warning
        return replace(warning, helps=[fix, *warning.helps])
    return warning


def _methods(source: RustFile) -> Iterator[tuple[str, Node]]:
    """Each method whose only parameter is `&mut self`: its name and body."""
    for node in descendants(source.root):
        if node.type != "function_item":
            continue
        name = node.child_by_field_name("name")
        parameters = node.child_by_field_name("parameters")
        body = node.child_by_field_name("body")
        if name is None or parameters is None or body is None:
            continue
        if "".join(source.node_text(parameters).split()) == "(&mutself)":
            yield source.node_text(name), body


def _detaches_a_field(statement: Node, text) -> bool:
    """`self.X = self.X.clone().detach();`, alone on its line."""
    if statement.type != "expression_statement" or not statement.named_children:
        return False
    assignment = statement.named_children[0]
    if assignment.type != "assignment_expression":
        return False
    left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or right is None or not text(left).startswith("self."):
        return False
    said = "".join(text(right).split())
    one_line = statement.start_point[0] == statement.end_point[0]
    return one_line and said == f"{text(left)}.clone().detach()"


def _called_in(source: RustFile, first: int, last: int) -> set[str]:
    """The names of the methods called (`x.name(..)`) on rows `first..=last` (0-based)."""
    found = set()
    for node in descendants(source.root):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        method = function.child_by_field_name("field") if function is not None else None
        if method is not None and first <= node.start_point[0] <= last:
            found.add(source.node_text(method))
    return found


def _a_field(source: RustFile, field_name: str) -> bool:
    """Whether a struct of the file declares the field `field_name`."""
    return any(
        node.type == "field_declaration"
        and (name := node.child_by_field_name("name")) is not None
        and source.node_text(name) == field_name
        for node in descendants(source.root)
    )


def _loop_and_source(result: RunResult, entry: AuditEntry):
    """The loop whose passes carry the state (`entry.loop_line`) and the program's syntax
    tree, or None: a crate, no such loop, or a file that no longer reads."""
    from pbpit.diagnose.audit import find_loops
    from pbpit.rust.syntax import RustReadError, read_rust

    if result.crate is not None or entry.loop_line is None:
        return None
    loops = find_loops(result.source, result.language)
    loop = next((lp for lp in loops if lp.line == entry.loop_line), None)
    if loop is None:
        return None
    try:
        return loop, read_rust(result.path)
    except (OSError, RustReadError):
        return None
