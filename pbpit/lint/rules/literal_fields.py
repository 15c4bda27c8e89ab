"""Tensors a struct literal puts in the fields of a struct (`LstmState { h: next.h.detach(), c:
next.c }`, `Self { prototypes: Tensor::cat(..), episodes: 0 }`): which fields are declared a
tensor, which of them the literal puts undetached, and the edits that detach each where it is
put (the shorthand `memory` written `memory: memory.detach()`). `loop-external-tracked`'s fixes
of state carried in such a struct, and of a field a constructor or a method fills once before the
loop, are written with them."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, is_name, last_segment
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants


def declared_fields(type_name: str, fixes: Fixes) -> dict[str, Node] | None:
    """The field declarations of the file's first struct `type_name`, by name, in order; None
    when the file declares no struct of that name (with named fields)."""
    for node in descendants(fixes.source.root):
        name = node.child_by_field_name("name") if node.type == "struct_item" else None
        body = node.child_by_field_name("body") if name is not None else None
        if name is None or body is None or fixes.text(name) != type_name:
            continue
        fields = {}
        for declaration in body.named_children:
            label = declaration.child_by_field_name("name")
            if declaration.type == "field_declaration" and label is not None:
                fields.setdefault(fixes.text(label), declaration)
        return fields
    return None


def tensor_fields(type_name: str, fixes: Fixes) -> list[str]:
    """The fields of the file's struct `type_name` declared a plain `Tensor<..>`, in order
    (none when no struct of that name is declared in the file)."""
    return [
        name
        for name, declaration in (declared_fields(type_name, fixes) or {}).items()
        if (kind := declaration.child_by_field_name("type")) is not None
        and last_segment(fixes.text(kind).split("<", 1)[0]) == "Tensor"
    ]


def literal_type(literal: Node, fixes: Fixes) -> str | None:
    """The struct a literal builds: its name's last segment; `Self` read as the type of the
    `impl` around it."""
    name = literal.child_by_field_name("name")
    if name is None:
        return None
    type_name = last_segment(fixes.text(name))
    if type_name != "Self":
        return type_name
    around = literal.parent
    while around is not None and around.type != "impl_item":
        around = around.parent
    kind = around.child_by_field_name("type") if around is not None else None
    return last_segment(fixes.text(kind)) if kind is not None else None


def undetached_fields(literal: Node, fixes: Fixes, leaf: bool = False) -> list[tuple[str, Node]]:
    """The fields declared a tensor that the struct literal `literal` puts in without detaching
    them: each field's name and its initializer (`c: next.c`, or the shorthand `memory`).
    Empty when the struct is not the file's, or the literal takes the rest from another value
    (`..base`: what that holds is not seen here)."""
    type_name = literal_type(literal, fixes) if literal.type == "struct_expression" else None
    body = literal.child_by_field_name("body")
    if type_name is None or body is None:
        return []
    declared = set(tensor_fields(type_name, fixes))
    found = []
    for initializer in body.named_children:
        if initializer.type == "base_field_initializer":
            return []
        if initializer.type == "shorthand_field_initializer":
            field_ = fixes.text(initializer)
            value = initializer
        elif initializer.type == "field_initializer":
            label = initializer.child_by_field_name("field")
            value = initializer.child_by_field_name("value")
            if label is None or value is None:
                continue
            field_ = fixes.text(label)
        else:
            continue
        if field_ in declared and not fixes.detached_already(value, leaf):
            found.append((field_, initializer))
    return found


def detach_field_edits(initializer: Node, fixes: Fixes, leaf: bool = False) -> list[Edit]:
    """The tensor a field initializer puts detached where it is put (`c: next.c.detach()`; the
    shorthand `memory` made `memory: memory.detach()`), `.require_grad()` after it for a leaf
    that must stay one."""
    after = ".detach().require_grad()" if leaf else ".detach()"
    if initializer.type == "shorthand_field_initializer":
        name = fixes.text(initializer)
        return [fixes.edit(initializer.start_byte, initializer.end_byte, f"{name}: {name}{after}")]
    value = initializer.child_by_field_name("value")
    assert value is not None  # `undetached_fields` gives initializers with a value
    edits = fixes.detach_edits(value)
    if leaf:
        edits[-1] = replace(edits[-1], replacement=edits[-1].replacement + ".require_grad()")
    return edits


def detach_literal(literal: Node, fixes: Fixes, leaf: bool = False) -> list[Edit] | None:
    """Every tensor field the struct literal `literal` puts undetached, detached where it is
    put (each element of a tuple `(h_new.detach(), c_new)` that names a variable or a field
    and holds no number); [] when each is detached already; None when `literal` is not a
    literal of one of the file's structs with tensor fields, nor such a tuple."""
    if literal.type == "tuple_expression":
        return _detach_tuple(literal, fixes, leaf)
    if literal.type != "struct_expression":
        return None
    type_name = literal_type(literal, fixes)
    if type_name is None or not tensor_fields(type_name, fixes):
        return None
    edits: list[Edit] = []
    for _, initializer in undetached_fields(literal, fixes, leaf):
        edits += detach_field_edits(initializer, fixes, leaf)
    return edits


def _detach_tuple(literal: Node, fixes: Fixes, leaf: bool) -> list[Edit] | None:
    """A tuple of state (`state = (h_new.detach(), c_new);`): each element not detached yet
    detached, when every element is a variable, a field or a tensor method's result (not a
    number, as its binding says); None otherwise (what it holds is not known)."""
    edits: list[Edit] = []
    for element in literal.named_children:
        if element.type in ("line_comment", "block_comment"):
            continue
        if fixes.detached_already(element, leaf) or _counted(element, fixes):
            continue  # `(h.detach(), seen + 1)`: a count beside the state holds no tensor
        place = element.type in ("identifier", "field_expression")
        if not (place or fixes.is_tensor(element, fixes.source.root)):
            return None
        if element.type == "identifier" and fixes.is_copy(fixes.text(element), element.start_byte):
            return None
        edits += fixes.detach_edits(element)
        if leaf:
            edits[-1] = replace(edits[-1], replacement=edits[-1].replacement + ".require_grad()")
    return edits


def _counted(element: Node, fixes: Fixes) -> bool:
    """Whether a tuple's element is a number by its form: an integer literal, or an integer
    literal added to or taken from a variable (`seen + 1`; a tensor takes no integer there)."""
    if element.type == "integer_literal":
        return True
    operator = element.child_by_field_name("operator")
    if element.type != "binary_expression" or operator is None:
        return False
    sides = [element.child_by_field_name("left"), element.child_by_field_name("right")]
    return fixes.text(operator) in ("+", "-") and any(
        side is not None and side.type == "integer_literal" for side in sides
    )


def detach_constructed(call: Node, fixes: Fixes, leaf: bool = False) -> list[Edit] | None:
    """`LstmState::new(h.detach(), c)`, a constructor of one of the file's structs: each
    argument its parameter declares a plain `Tensor<..>` detached, unless it is already;
    None when the call is no `Type::function(..)` of the file's impls with such parameters."""
    function = call.child_by_field_name("function") if call.type == "call_expression" else None
    arguments = call.child_by_field_name("arguments")
    if function is None or function.type != "scoped_identifier" or arguments is None:
        return None
    path, method = function.child_by_field_name("path"), function.child_by_field_name("name")
    if path is None or method is None or last_segment(fixes.text(path)) == "Tensor":
        return None
    found = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if (
            kind is None
            or block is None
            or last_segment(fixes.text(kind)) != last_segment(fixes.text(path))
        ):
            continue
        for item in block.named_children:
            label = item.child_by_field_name("name")
            if item.type == "function_item" and label is not None:
                if fixes.text(label) == fixes.text(method):
                    found.append(item.child_by_field_name("parameters"))
    if len(found) != 1 or found[0] is None:
        return None
    parameters = [p for p in found[0].named_children if p.type == "parameter"]
    given = [a for a in arguments.named_children if a.type not in ("line_comment", "block_comment")]
    if len(parameters) != len(given) or any(
        p.type == "self_parameter" for p in found[0].named_children
    ):
        return None
    edits: list[Edit] = []
    tensors = 0
    for parameter, argument in zip(parameters, given, strict=True):
        kind = parameter.child_by_field_name("type")
        if kind is None or last_segment(fixes.text(kind).split("<", 1)[0]) != "Tensor":
            continue
        tensors += 1
        if fixes.detached_already(argument, leaf):
            continue
        edits += fixes.detach_edits(argument)
        if leaf:
            edits[-1] = replace(edits[-1], replacement=edits[-1].replacement + ".require_grad()")
    return edits if tensors else None


def fields_put(name: str, body: Node, fixes: Fixes, leaf: bool = False) -> list[str]:
    """The tensor fields that the struct literals assigned to `name` in `body` (`state =
    LstmState { .. }`) put undetached, in order, each once; empty unless every assignment of
    `name` there is such a literal."""
    from pbpit.lint.rules.carried_state import assignments

    found: list[str] = []
    puts = assignments(name, body, fixes)
    for node in puts:
        right = node.child_by_field_name("right")
        if right is None or detach_literal(right, fixes, leaf) is None:
            return []
        found += [f for f, _ in undetached_fields(right, fixes, leaf) if f not in found]
    return found


def carried_field(name: str, meeting: Meeting, fixes: Fixes) -> str:
    """`state.c` when the one tensor field the loop's struct literals put in `name` undetached
    is `c` (the other fields detached already: the state is carried through that field);
    `name` otherwise."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro:
        return name
    fields = fields_put(name, body, fixes)
    if len(fields) == 1:
        return f"{name}.{fields[0]}"
    return carried_part(name, meeting, fixes) or name


def carried_part(name: str, meeting: Meeting, fixes: Fixes) -> str | None:
    """`state.c` where the struct `name` carries the consumed tensor in its part `c` alone, its
    other parts holding no tracked tensor (`carried_parts`); None otherwise."""
    parts = carried_parts(name, meeting, fixes)
    return parts[0] if len(parts) == 1 else None


def carried_parts(name: str, meeting: Meeting, fixes: Fixes) -> list[str]:
    """The parts of the struct `name`, assigned anew in the loop's body (`state =
    cell.step(x, &state)`), that hold a tracked tensor as the panicking pass reads it, when one
    of them holds the consumed tensor (`state.c`, its `h` detached by a method the loop calls;
    `state.h` and `state.c` where nothing is detached); none otherwise."""
    from pbpit.lint.rules.carried_state import assignments

    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if not is_name(name) or body is None or not assignments(name, body, fixes):
        return []
    definition = meeting.definition
    read = meeting.loss.first_read(definition, meeting.loop_span, meeting.in_pass, {name})
    if read is None or not read.value.parts:
        return []
    tracked = [(key, part) for key, part in read.value.parts if part.sources]
    keys = [key.removeprefix(".") for key, _ in tracked]
    if not any(definition in part.sources for _, part in tracked) or not all(map(is_name, keys)):
        return []
    return [f"{name}.{key}" for key in keys]
