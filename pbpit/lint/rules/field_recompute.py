"""`loop-external-tracked`'s recompute for a tensor a constructor puts in a field, made once from
what the loop trains (`Trainer::new` computes `let pos_feats = model.pos.forward(positions)
.tanh();` into `Trainer { model, pos_feats }`, and `loss(&self, ..)` reads `self.pos_feats`
every step): the field named, the value computed where it is read. The struct keeps what the
value is made from instead (`positions`, a field of the struct in place of `pos_feats`), the
constructor stores that, and each method reading `self.pos_feats` makes it first (`let
pos_feats = self.model.pos.forward(self.positions.clone()).tanh();`) from the module the struct
holds (`self.model`), or the method's own parameter of the same name. Each step then walks a
graph of its own, and the trained module gets the gradient the first step gave it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rules.literal_fields import declared_fields, literal_type
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants

_SKIPPED_PARENTS = (
    "scoped_identifier",
    "scoped_type_identifier",
    "generic_type",
    "macro_invocation",
)


@dataclass
class _Input:
    """A variable of the constructor the value reads, kept by the struct in its place."""

    name: str
    kind: str
    """Its type, as the struct's field declares it."""
    borrowed: bool
    """A `&T` parameter: stored as `name.clone()`."""


def recompute_where_read(definition: Definition, fixes: Fixes) -> Help | None:
    """The help computing the field's value where each method reads it (see the module), as
    code; None where the tensor is no such field's, or the edit cannot be written."""
    made = _constructor(definition, fixes)
    if made is None:
        return None
    function_name, constructor, owner = made
    found = _value_and_field(definition, constructor, owner, fixes)
    if found is None:
        return None
    value, field_name, initializer, let = found
    declaration = _field_declaration(owner, field_name, fixes)
    if declaration is None:
        return None
    readers = _readers(owner, field_name, constructor, fixes)
    if not readers:
        return None
    literal = initializer.parent
    while literal is not None and literal.type != "struct_expression":
        literal = literal.parent
    if literal is None:
        return None
    stored = _stored_fields(literal, fixes)
    inputs: list[_Input] = []
    rewrites: dict[int, tuple[int, str, str]] = {}  # byte -> (end, kind, name)
    for node in _variables(value, fixes):
        name = fixes.text(node)
        if name in stored:
            rewrites[node.start_byte] = (node.end_byte, "field", stored[name])
            continue
        if re.fullmatch(r"[A-Z][A-Z0-9_]*", name):
            continue  # a constant
        kind = _input_type(name, constructor, fixes)
        if kind is None:
            rewrites[node.start_byte] = (node.end_byte, "parameter", name)
            continue
        if name in (n.name for n in inputs):
            rewrites[node.start_byte] = (node.end_byte, "input", name)
            continue
        if _declares(owner, name, fixes):
            return None  # a field of that name already holds something else
        inputs.append(_Input(name, kind[0], kind[1]))
        rewrites[node.start_byte] = (node.end_byte, "input", name)
    edits: list[Edit] = []
    # The struct's field: what the value is made from, in its place.
    margin = fixes.indent_of(declaration)
    fields = f",{fixes.newline}{margin}".join(f"{i.name}: {i.kind}" for i in inputs)
    if not fields:
        return None
    edits.append(fixes.edit(declaration.start_byte, declaration.end_byte, fields))
    # The constructor: the value's `let` gone, its inputs stored.
    if let is not None:
        if not fixes.whole_lines(let):
            return None
        edits.append(
            fixes.edit(
                fixes.line_start(let.start_point[0]), fixes.line_start(let.end_point[0] + 1), ""
            )
        )
        if any(
            fixes.text(n) == field_name
            for n in descendants(constructor)
            if n.type == "identifier"
            and not let.start_byte <= n.start_byte < let.end_byte
            and not initializer.start_byte <= n.start_byte < initializer.end_byte
        ):
            return None  # read by the constructor itself, beside the literal
    put = ", ".join(f"{i.name}: {i.name}.clone()" if i.borrowed else i.name for i in inputs)
    edits.append(fixes.edit(initializer.start_byte, initializer.end_byte, put))
    # Each method that reads it: made first, from the fields.
    places = []
    for method, reads in readers:
        parameters = _parameters(method, fixes)
        made = _rewritten(value, rewrites, parameters, fixes)
        if made is None:
            return None
        body = method.child_by_field_name("body")
        if body is None or any(
            fixes.text(n) == field_name for n in descendants(body) if n.type == "identifier"
        ):
            return None  # a local of that name already
        first = min(reads, key=lambda n: n.start_byte)
        # At the top of the method's body: the constructor made it before anything the method
        # does, and a module's parameters are initialized lazily, at their first use (Burn's
        # `Param`), so a forward moved after another module's would draw other initial values.
        inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
        statement = inner[0] if inner else None
        if statement is None or not _starts_line(statement, fixes):
            return None
        at = fixes.line_start(statement.start_point[0])
        line = f"{fixes.indent_of(statement)}let {field_name} = {made};{fixes.newline}"
        edits.append(fixes.edit(at, at, line))
        edits += [fixes.edit(r.start_byte, r.end_byte, field_name) for r in reads]
        named = method.child_by_field_name("name")
        places.append(
            f"`{owner}::{fixes.text(named) if named else '?'}` (line {first.start_point[0] + 1})"
        )
    kept = ", ".join(f"`{i.name}`" for i in inputs)
    made_line = (let or initializer).start_point[0] + 1
    message = (
        f"if gradients must flow through `{field_name}`, compute it where `self.{field_name}` is "
        f"read, every pass: {' and '.join(places)}; `{function_name}` (line {made_line}) makes "
        f"it once and puts it in the field `{field_name}`, which every later pass reads after "
        f"the first backward consumed its graph. The struct keeps {kept}, what it is made "
        "from, in its place"
    )
    return Help(message, edits)


def _constructor(definition: Definition, fixes: Fixes) -> tuple[str, Node, str] | None:
    """The function that makes the tensor into a field (`Trainer::new`), its node and the type
    whose `impl` holds it: the function the definition was made in, or the one the `let` of
    its holder calls (`let mut reader = Reader::build(net, &device);` of `reader.anchors`)."""
    if definition.made_in and definition.home is not None:
        function_name, file, byte = definition.made_in[0]
        if file is not fixes.source or "::" not in function_name:
            return None
        constructor = _function_at(byte, fixes)
        owner = _impl_type(constructor, fixes) if constructor is not None else None
        if constructor is None or owner is None:
            return None
        return function_name, constructor, owner
    holder, _, field_name = definition.name.partition(".")
    statement = definition.statement
    if not is_name(holder) or not is_name(field_name) or statement is None:
        return None
    if statement.type != "let_declaration":
        return None
    pattern, value = (
        statement.child_by_field_name("pattern"),
        statement.child_by_field_name("value"),
    )
    if pattern is None or value is None or value.type != "call_expression":
        return None
    if fixes.text(pattern).removeprefix("mut ").strip() != holder:
        return None
    called = value.child_by_field_name("function")
    if called is None or called.type != "scoped_identifier":
        return None
    path, method = called.child_by_field_name("path"), called.child_by_field_name("name")
    if path is None or method is None:
        return None
    owner = re.sub(r"<.*", "", fixes.text(path), flags=re.S).split("::")[-1]
    found = [
        n
        for n in descendants(fixes.source.root)
        if n.type == "function_item"
        and (named := n.child_by_field_name("name")) is not None
        and fixes.text(named) == fixes.text(method)
        and _impl_type(n, fixes) == owner
    ]
    if len(found) != 1:
        return None
    return f"{owner}::{fixes.text(method)}", found[0], owner


def _function_at(byte: int, fixes: Fixes) -> Node | None:
    found = None
    for node in descendants(fixes.source.root):
        if node.type == "function_item" and node.start_byte <= byte < node.end_byte:
            found = node  # the innermost
    return found


def _impl_type(function: Node, fixes: Fixes) -> str | None:
    node = function.parent
    while node is not None and node.type != "impl_item":
        node = node.parent
    if node is None or node.child_by_field_name("trait") is not None:
        return None
    kind = node.child_by_field_name("type")
    return re.sub(r"<.*", "", fixes.text(kind), flags=re.S) if kind is not None else None


def _value_and_field(
    definition: Definition, constructor: Node, owner: str, fixes: Fixes
) -> tuple[Node, str, Node, Node | None] | None:
    """The value the constructor makes the tensor with, the field it is put in, that field's
    initializer in the struct literal, and the value's `let` (None when the initializer holds
    the value itself)."""
    home = definition.home
    literals = [
        n
        for n in descendants(constructor)
        if n.type == "struct_expression" and literal_type(n, fixes) in (owner, "Self")
    ]
    if len(literals) != 1:
        return None
    initializers = [
        c
        for c in literals[0].named_children[-1].named_children
        if c.type in ("field_initializer", "shorthand_field_initializer")
    ]
    if home is None:
        return _field_value(definition.name.partition(".")[2], constructor, initializers, fixes)
    let = home.statement if home.statement is not None else None
    if let is not None and let.type == "let_declaration":
        pattern = let.child_by_field_name("pattern")
        value = let.child_by_field_name("value")
        if pattern is None or value is None or not is_name(fixes.text(pattern)):
            return None
        local = fixes.text(pattern)
        for init in initializers:
            if init.type == "shorthand_field_initializer" and fixes.text(init) == local:
                return value, local, init, let
            put = init.child_by_field_name("value")
            named = init.child_by_field_name("field")
            if put is not None and named is not None and fixes.text(put) == local:
                return value, fixes.text(named), init, let
        return None
    start = home.span[0]
    for init in initializers:
        put = init.child_by_field_name("value")
        named = init.child_by_field_name("field")
        if put is not None and named is not None and put.start_byte <= start < put.end_byte:
            return put, fixes.text(named), init, None
    return None


def _field_value(
    field_name: str, constructor: Node, initializers: list[Node], fixes: Fixes
) -> tuple[Node, str, Node, Node | None] | None:
    """`_value_and_field` of the field `field_name` of the constructor's literal: its value put
    there (`anchors: net.proj.forward(grid).tanh()`), or the `let` of the variable put
    (`pos_feats` of `Trainer { model, pos_feats }`, `feats: made`)."""
    for init in initializers:
        if init.type == "shorthand_field_initializer":
            if fixes.text(init) != field_name:
                continue
            local = field_name
        else:
            named, put = init.child_by_field_name("field"), init.child_by_field_name("value")
            if named is None or put is None or fixes.text(named) != field_name:
                continue
            if not is_name(fixes.text(put)):
                return put, field_name, init, None
            local = fixes.text(put)
        lets = [
            n
            for n in descendants(constructor)
            if n.type == "let_declaration"
            and (pattern := n.child_by_field_name("pattern")) is not None
            and fixes.text(pattern) == local
            and n.child_by_field_name("value") is not None
        ]
        if len(lets) != 1:
            return None
        return lets[0].child_by_field_name("value"), field_name, init, lets[0]
    return None


def _field_declaration(owner: str, field_name: str, fixes: Fixes) -> Node | None:
    return (declared_fields(owner, fixes) or {}).get(field_name)


def _declares(owner: str, field_name: str, fixes: Fixes) -> bool:
    return _field_declaration(owner, field_name, fixes) is not None


def _readers(
    owner: str, field_name: str, constructor: Node, fixes: Fixes
) -> list[tuple[Node, list[Node]]]:
    """The methods of `owner` reading `self.FIELD`, each with its reads; none when the field is
    named anywhere else (another struct's field of that name, an assignment, a read outside)."""
    found: dict[int, tuple[Node, list[Node]]] = {}
    for node in descendants(fixes.source.root):
        if node.type != "field_expression":
            continue
        label = node.child_by_field_name("field")
        if label is None or fixes.text(label) != field_name:
            continue
        receiver = node.child_by_field_name("value")
        method = _function_at(node.start_byte, fixes)
        if receiver is None or fixes.text(receiver) != "self" or method is None:
            return []
        if method == constructor or _impl_type(method, fixes) != owner:
            return []
        parent = node.parent
        if parent is not None and parent.type in (
            "assignment_expression",
            "compound_assignment_expr",
        ):
            if parent.child_by_field_name("left") == node:
                return []  # set again: state, not a value made once
        if parent is not None and parent.type == "reference_expression":
            if any(c.type == "mutable_specifier" for c in parent.children):
                return []
        found.setdefault(method.start_byte, (method, []))[1].append(node)
    return [found[start] for start in sorted(found)]  # in the file's order


def _stored_fields(literal: Node, fixes: Fixes) -> dict[str, str]:
    """The constructor's variables the literal stores as they are: variable to field."""
    stored: dict[str, str] = {}
    body = literal.named_children[-1]
    for init in body.named_children:
        if init.type == "shorthand_field_initializer":
            stored[fixes.text(init)] = fixes.text(init)
        elif init.type == "field_initializer":
            put, named = init.child_by_field_name("value"), init.child_by_field_name("field")
            if put is not None and named is not None and is_name(fixes.text(put)):
                stored[fixes.text(put)] = fixes.text(named)
    return stored


def _variables(value: Node, fixes: Fixes) -> list[Node]:
    """The identifiers of `value` that name variables (not a path's segments, a called free
    function, a macro's name)."""
    found = []
    for node in descendants(value):
        if node.type != "identifier":
            continue
        parent = node.parent
        if parent is not None and parent.type in _SKIPPED_PARENTS:
            continue
        if parent is not None and parent.type == "call_expression":
            if parent.child_by_field_name("function") == node:
                continue
        found.append(node)
    return found


def _input_type(name: str, constructor: Node, fixes: Fixes) -> tuple[str, bool] | None:
    """The type a struct's field holding the constructor's variable `name` is written with, and
    whether it is a `&T` parameter; None when `name` is neither a parameter of the constructor
    nor one of its `let`s with a type known."""
    parameters = constructor.child_by_field_name("parameters")
    for parameter in parameters.named_children if parameters is not None else []:
        pattern, kind = (
            parameter.child_by_field_name("pattern"),
            parameter.child_by_field_name("type"),
        )
        if pattern is None or kind is None:
            continue
        if fixes.text(pattern).removeprefix("mut ").strip() != name:
            continue
        text = fixes.text(kind)
        if not re.match(r"&?\s*Tensor\s*<", text):
            return None  # a module, a device: not stored by this fix
        return re.sub(r"^&\s*", "", text), text.startswith("&")
    for node in descendants(constructor):
        if node.type != "let_declaration":
            continue
        pattern = node.child_by_field_name("pattern")
        if pattern is None or fixes.text(pattern).removeprefix("mut ").strip() != name:
            continue
        kind = node.child_by_field_name("type")
        if kind is not None:
            return (fixes.text(kind), False) if fixes.text(kind).startswith("Tensor") else None
        value = node.child_by_field_name("value")
        made = re.match(r"Tensor\s*::\s*<\s*([^<>]+)>\s*::", fixes.text(value) if value else "")
        return (f"Tensor<{made[1].strip()}>", False) if made else None
    return None


def _parameters(method: Node, fixes: Fixes) -> set[str]:
    parameters = method.child_by_field_name("parameters")
    names = set()
    for parameter in parameters.named_children if parameters is not None else []:
        pattern = parameter.child_by_field_name("pattern")
        if pattern is not None:
            names.add(fixes.text(pattern).removeprefix("mut ").strip())
    return names


def _rewritten(
    value: Node, rewrites: dict[int, tuple[int, str, str]], parameters: set[str], fixes: Fixes
) -> str | None:
    """`value`'s text as a method of the struct computes it: a stored variable read through
    `self`, an input through `self` (cloned where it is given by value), a variable the
    method has as a parameter of its own kept; None when one is none of these."""
    data = fixes.data
    out = bytearray()
    at = value.start_byte
    for start in sorted(rewrites):
        if not value.start_byte <= start < value.end_byte:
            continue
        end, kind, name = rewrites[start]
        out += data[at:start]
        if kind == "field":
            out += f"self.{name}".encode()
        elif kind == "input":
            after = data[end : end + 12]
            by_ref = data[:start].rstrip().endswith(b"&")
            cloned = re.match(rb"\s*\.\s*clone\s*\(\s*\)", after) is not None
            out += f"self.{name}".encode() if by_ref or cloned else f"self.{name}.clone()".encode()
        elif name in parameters:
            out += name.encode()
        else:
            return None
        at = end
    out += data[at : value.end_byte]
    return out.decode()


def _starts_line(node: Node, fixes: Fixes) -> bool:
    line = fixes.lines[node.start_point[0]]
    return not line[: node.start_point[1]].strip()


def with_constructor_detach(helps: list[Help], definition: Definition, fixes: Fixes) -> list[Help]:
    """`helps`, where the first computes a constructor's field where it is read
    (`recompute_where_read`) and none detaches, followed by the detach where the constructor
    makes it, second, with its cost: what it is made from gets no gradient from any loss."""
    if not helps or not helps[0].edits or " is read, every pass: " not in helps[0].message:
        return helps
    if any("detach" in h.message for h in helps):
        return helps
    made = _constructor(definition, fixes)
    if made is None:
        return helps
    function_name, constructor, owner = made
    found = _value_and_field(definition, constructor, owner, fixes)
    if found is None or fixes.detached_already(found[0]):
        return helps
    value = found[0]
    modules = sorted(set(re.findall(r"([A-Za-z_][\w.]*)\s*\.\s*forward\s*\(", fixes.text(value))))
    made_from = ", ".join(f"`{m}`" for m in modules) or "what it is made from"
    message = (
        f"if `{definition.name}` needs no gradient, detach it once, where `{function_name}` "
        f"makes it (line {value.start_point[0] + 1}): this costs {made_from} its training, "
        "since no loss then sends it a gradient"
    )
    detach = Help(message, fixes.detach_edits(value), applicability="MaybeIncorrect")
    return [*helps, detach]
