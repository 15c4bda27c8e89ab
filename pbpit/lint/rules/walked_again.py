"""`loop-external-tracked`'s recompute in the loop for a `Vec` of a module's outputs collected
before the loop and walked by it: `let embedded: Vec<_> = tokens.iter().map(|t|
model.embed.forward(t.clone())).collect();`, then `for (i, e) in embedded.iter().enumerate()`
each epoch. When the loop steps that module, its outputs must be made again where they are
read (issue 24 item 5: recompute for what an optimizer updates): the loop walks what the `map`
walked (`tokens.iter()`), its element named as the closure's parameter, and the first
statement of its body makes the element the `Vec` held (`let e = model.embed.forward(
t.clone());`); the `let` of the `Vec` goes. Detaching once would leave `model.embed` without a
gradient from the loss."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, indent
from pbpit.lint.rule import Meeting
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants

DETACH_WORDS = "needs no gradient, detach it once"

MADE_WHERE_READ = "make each of its elements inside the loop"
"""The words of the fix (`recompute_loop.recompute_in_loop` says it)."""


def walked_first(helps: list[Help], sure: bool) -> list[Help]:
    """`helps` with detach once, where it is said in words only (no edit could be written)
    and the loop steps what makes the elements (not `sure`), said under the fix that makes
    them where the loop reads them: that fix first, as a user would (recompute for what an
    optimizer updates), detaching a cost it names."""
    if sure or not helps or not helps[0].edits or MADE_WHERE_READ not in helps[0].message:
        return helps
    words = [h for h in helps[1:] if not h.edits and DETACH_WORDS in h.message]
    if len(words) != 1:
        return helps
    note = (
        f"{words[0].message.split(':')[0]} instead: the loop steps what makes its elements, "
        "which would then get no gradient from the loss"
    )
    return [replace(helps[0], note=note), *(h for h in helps[1:] if h is not words[0])]


def walked_again(definition: Definition, meeting: Meeting, fixes: Fixes) -> list[Edit]:
    """The edits of the module's docstring; none where they cannot be written: the `Vec` is
    made by a `let` of `SOURCE.iter().map(|p| BODY).collect()` (`SOURCE` a plain name or
    field path), read by nothing but one `for` of the meeting's loop over `NAME.iter()`
    (`.enumerate()` after it), whose element is a plain name."""
    statement, loop = definition.statement or _let_of(definition, fixes), meeting.loop
    if statement is None or loop is None or statement.type != "let_declaration":
        return []
    if not fixes.whole_lines(statement) or statement.end_byte > loop.start_byte:
        return []
    made = _mapped(statement.child_by_field_name("value"), fixes)
    if made is None:
        return []
    source, parameter, body = made
    name = definition.name
    walk = _walk(name, loop, fixes)
    if walk is None:
        return []
    header, element, walk_body = walk
    block = fixes.parent(statement)
    if block is None:
        return []
    # Read nowhere else in its block: the `Vec` goes.
    reads = [
        n
        for n in identifiers(block)
        if fixes.text(n) == name and not statement.start_byte <= n.start_byte < statement.end_byte
    ]
    if len(reads) != 1 or reads[0].start_byte != header.start_byte:
        return []
    # The closure's parameter is free in the walk's body and pattern (else it would mean
    # another value: `(b, y)` of a zip whose other element is `b`).
    pattern = fixes.parent(element)
    paired = pattern is not None and pattern.type == "tuple_pattern"
    others = [n for n in identifiers(pattern) if n != element] if paired else []
    if parameter != fixes.text(element) and any(
        fixes.text(n) == parameter for n in [*identifiers(walk_body), *others]
    ):
        return []
    inner = [c for c in walk_body.named_children if not c.type.endswith("comment")]
    if not inner or inner[0].start_point[0] == walk_body.start_point[0]:
        return []
    at = fixes.line_start(inner[0].start_point[0])
    pad = indent(fixes.lines[inner[0].start_point[0]])
    text = fixes.text(body)
    if "\n" in text:
        return []
    first = statement.start_point[0]
    return [
        fixes.edit(fixes.line_start(first), fixes.line_start(statement.end_point[0] + 1), ""),
        fixes.edit(header.start_byte, header.end_byte, source),
        fixes.edit(element.start_byte, element.end_byte, parameter),
        fixes.edit(at, at, f"{pad}let {fixes.text(element)} = {text};{fixes.newline}"),
    ]


def _let_of(definition: Definition, fixes: Fixes) -> Node | None:
    """The `let` that binds `definition`'s name to the `Vec` its elements are collected into
    (the elements are made in the closure: a definition of no statement of its own)."""
    start, end = definition.span
    node = fixes.source.root.descendant_for_byte_range(start, end)
    while node is not None and node.type != "let_declaration":
        node = node.parent
    pattern = node.child_by_field_name("pattern") if node is not None else None
    if pattern is None or fixes.text(pattern).removeprefix("mut ").strip() != definition.name:
        return None
    return node


def _mapped(value: Node | None, fixes: Fixes) -> tuple[str, str, Node] | None:
    """(`SOURCE`, `p`, `BODY`) of `SOURCE.iter().map(|p| BODY).collect()` (`::<Vec<_>>`
    allowed), or None."""
    call = _method(value, "collect", fixes)
    mapped = _method(call[0], "map", fixes) if call is not None else None
    walked = _method(mapped[0], "iter", fixes) if mapped is not None else None
    if mapped is None or walked is None or walked[1].named_child_count:
        return None
    source = walked[0]
    if source is None or source.type not in ("identifier", "field_expression"):
        return None
    closures = [c for c in mapped[1].named_children if c.type == "closure_expression"]
    if len(closures) != 1 or mapped[1].named_child_count != 1:
        return None
    closure = closures[0]
    parameters = closure.child_by_field_name("parameters")
    body = closure.child_by_field_name("body")
    names = [c for c in parameters.named_children] if parameters is not None else []
    if body is None or len(names) != 1 or names[0].type != "identifier":
        return None
    return fixes.text(source), fixes.text(names[0]), body


def _method(value: Node | None, name: str, fixes: Fixes) -> tuple[Node | None, Node] | None:
    """(receiver, arguments) of a call `receiver.name(arguments)` (turbofish allowed)."""
    if value is None or value.type != "call_expression":
        return None
    function = value.child_by_field_name("function")
    arguments = value.child_by_field_name("arguments")
    if function is not None and function.type == "generic_function":
        function = function.child_by_field_name("function")
    if function is None or function.type != "field_expression" or arguments is None:
        return None
    field_ = function.child_by_field_name("field")
    if field_ is None or fixes.text(field_) != name:
        return None
    return function.child_by_field_name("value"), arguments


def _walk(name: str, loop: Node, fixes: Fixes) -> tuple[Node, Node, Node] | None:
    """(the `NAME` of the header, the element's pattern name, the body) of the one `for`
    within `loop` (or `loop` itself) over `NAME.iter()`, `&NAME`, `NAME.iter().enumerate()`
    (the element second) or `NAME.iter().zip(..)` (the element first, beside another
    collection's)."""
    found = []
    for node in descendants(loop):
        if node.type != "for_expression":
            continue
        value = node.child_by_field_name("value")
        pattern = node.child_by_field_name("pattern")
        body = node.child_by_field_name("body")
        if value is None or pattern is None or body is None:
            continue
        walked, at = _walked(value, fixes)
        if walked is None or fixes.text(walked) != name:
            continue
        element = pattern
        if at is not None:
            if pattern.type != "tuple_pattern" or pattern.named_child_count != 2:
                return None
            element = pattern.named_children[at]
        if element.type != "identifier":
            return None
        found.append((walked, element, body))
    return found[0] if len(found) == 1 else None


def _walked(value: Node, fixes: Fixes) -> tuple[Node | None, int | None]:
    """The collection a `for` walks by reference, and where its element is in the pattern's
    pair (None: the pattern is the element)."""
    if value.type == "reference_expression":
        inner = value.child_by_field_name("value")
        if inner is not None and inner.type == "identifier" and "mut" not in fixes.text(value):
            return inner, None
        return None, None
    enumerated = _method(value, "enumerate", fixes)
    zipped = None if enumerated else _method(value, "zip", fixes)
    if zipped is not None and zipped[1].named_child_count != 1:
        return None, None
    outer = enumerated or zipped
    walked = _method(outer[0] if outer else value, "iter", fixes)
    if walked is None or walked[1].named_child_count:
        return None, None
    return walked[0], 1 if enumerated else 0 if zipped else None
