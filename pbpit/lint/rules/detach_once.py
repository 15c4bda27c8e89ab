"""`loop-external-tracked`'s "detach once": `.detach()` where a tensor made before the loop is
made (its `let`'s value, the tensor a `Some(..)` holds, a field of a struct literal, a line
after a `let` whose pattern binds it among others), and where a constructor or a method called
before the loop stores it in the field the loop reads (`Self { prototypes: .., .. }` of
`ProtoTrainer::new`, `self.centroids = ..` of `trainer.refresh(..)`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name, last_segment
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carried_state import held_tensor
from pbpit.lint.rules.literal_fields import (
    detach_field_edits,
    literal_type,
    tensor_fields,
    undetached_fields,
)
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants


def detach_once_edits(definition: Definition, fixes: Fixes) -> list[Edit]:
    """Detach once: `.detach()` where the tensor is made (none, for words, when its binding is
    a pattern: the value is not one tensor)."""
    edits = []
    if definition.value is not None and is_name(definition.name):
        held = held_tensor(definition.value, fixes) or mapped_tensor(definition.value, fixes)
        if held is not None:
            edits = fixes.detach_edits(held)
        elif not holds_collection(definition.statement, fixes):
            edits = fixes.detach_edits(definition.value)
    elif definition.value is None and definition.statement is not None:
        edits = detach_after_pattern(definition.name, definition.statement, fixes)
    if not edits and definition.statement is not None:
        edits = detach_in_literal(definition.name, definition.statement, fixes)
    if not edits and definition.statement is not None:
        edits = detach_where_stored(definition.name, definition.statement, fixes)
    if not edits and definition.statement is None:
        edits = detach_in_builder(definition, fixes) or detach_in_collected(definition, fixes)
    if edits and definition.statement is not None:
        edits = edits + detach_retaken(definition.name, definition.statement, fixes)
    return edits


def detach_retaken(name: str, statement: Node, fixes: Fixes) -> list[Edit]:
    """For a `let mut` tensor that later statements of its block take again (`y = r.clone() +
    target_net.forward(..)` when a loop re-takes its target network every k steps): `.detach()`
    on each such assigned value too, which reads nothing of the tensor itself; detached at its
    `let` alone, the value a later assignment binds would panic as the first did. None when the
    statement is not such a `let`."""
    pattern = statement.child_by_field_name("pattern")
    block = fixes.parent(statement)
    if statement.type != "let_declaration" or pattern is None or block is None:
        return []
    mutable = any(c.type == "mutable_specifier" for c in statement.children)
    if not mutable or fixes.text(pattern).removeprefix("mut ").strip() != name:
        return []
    edits: list[Edit] = []
    for node in descendants(block):
        if node.type != "assignment_expression" or node.start_byte < statement.end_byte:
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or fixes.text(left) != name:
            continue
        if any(fixes.text(n) == name for n in identifiers(right)):
            continue  # made from its previous value: carried state, not taken again
        if not fixes.detached_already(right):
            edits += fixes.detach_edits(right)
    return edits


def detach_in_collected(definition: Definition, fixes: Fixes) -> list[Edit]:
    """For a `Vec` of tensors an iterator's `map` collects (`let feats: Vec<Tensor<2>> = (0..3)
    .map(|b| backbone.features(..)).collect();`, its elements made in the closure): `.detach()`
    on the tensor the closure makes, each element detached once; none for any other place."""
    start, end = definition.span
    for node in descendants(fixes.source.root):
        if node.type != "let_declaration" or not node.start_byte <= start < end <= node.end_byte:
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is None or value is None or pattern.start_byte != start:
            return []
        if fixes.text(pattern).removeprefix("mut ").strip() != definition.name:
            return []
        kind = node.child_by_field_name("type")
        held = mapped_tensor(value, fixes)
        if held is None and kind is not None and re.match(r"Vec\s*<\s*Tensor\b", fixes.text(kind)):
            held = _collected_body(value, fixes)  # a module's output, written `Vec<Tensor<..>>`
        if held is None or fixes.detached_already(held):
            return []
        return fixes.detach_edits(held)
    return []


def _collected_body(value: Node, fixes: Fixes) -> Node | None:
    """The expression the closure of `X.map(|..| EXPR).collect()` gives (a block's last
    expression); None for any other value."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    method = function.child_by_field_name("field") if function is not None else None
    if method is None or fixes.text(method) != "collect":
        return None
    made = _map_closure_value(function.child_by_field_name("value"), fixes)
    return made[0] if made is not None else None


def _map_closure_value(mapped: Node, fixes: Fixes) -> tuple[Node, Node] | None:
    """The expression the closure of `X.map(|..| EXPR)` gives (a block's last expression:
    `|b| { let v = b.val(); v * 0.5 }`) with the closure's body; None for any other value."""
    function = mapped.child_by_field_name("function") if mapped.type == "call_expression" else None
    method = function.child_by_field_name("field") if function is not None else None
    arguments = mapped.child_by_field_name("arguments")
    if method is None or fixes.text(method) != "map" or arguments is None:
        return None
    if arguments.named_child_count != 1 or arguments.named_children[0].type != "closure_expression":
        return None
    body = arguments.named_children[0].child_by_field_name("body")
    if body is None or body.type != "block":
        return (body, body) if body is not None else None
    inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
    last = inner[-1] if inner else None
    if last is None or last.type.endswith("statement") or last.type == "let_declaration":
        return None
    return last, body


def detach_in_builder(definition: Definition, fixes: Fixes) -> list[Edit]:
    """For a tensor a function of the file makes and returns (in a struct, `Anchors { keys }`
    of `build_anchors`), called once in the file: `.detach()` where that function makes it (its
    own `let`); none when the function is called elsewhere too (its other callers would lose
    the gradient), or is not this file's."""
    home = definition.home
    if home is None or len(definition.made_in) != 1 or home.statement is None:
        return []
    function, file, _ = definition.made_in[0]
    if file is not fixes.source or not function:
        return []
    called = function.rsplit("::", 1)[-1]
    calls = re.findall(rb"(?<!fn )\b" + re.escape(called.encode()) + rb"\s*\(", fixes.data)
    if len(calls) != 1:
        return []
    return detach_once_edits(home, fixes)


def detach_where_stored(name: str, statement: Node, fixes: Fixes) -> list[Edit]:
    """For a field (`trainer.prototypes`) that a function of the file called by `statement`
    stores: a constructor (`let mut trainer = ProtoTrainer::new(..);`, whose `Self {
    prototypes: VALUE, .. }` makes it) or a method of the value (`trainer.refresh(..);`, whose
    `self.centroids = VALUE;` puts it), VALUE detached at each place the function puts the
    field; none when the function is not one of the file's (or several share its name), or it
    puts the field nowhere, or something other than a tensor there."""
    owner, _, field_ = name.rpartition(".")
    if not is_name(owner) or not is_name(field_):
        return []
    stored = _stored_here(field_, statement, fixes)
    if stored is not None:
        return stored
    call = statement.child_by_field_name("value") if statement.type == "let_declaration" else None
    if statement.type == "let_declaration":
        pattern = statement.child_by_field_name("pattern")
        if pattern is None or owner not in {fixes.text(n) for n in identifiers(pattern)}:
            return []
    elif statement.type == "expression_statement" and statement.named_children:
        call = statement.named_children[0]
    function = call.child_by_field_name("function") if call is not None else None
    if call is None or call.type != "call_expression" or function is None:
        return []
    if function.type == "scoped_identifier" and statement.type == "let_declaration":
        path, method = function.child_by_field_name("path"), function.child_by_field_name("name")
        kind = last_segment(fixes.text(path)) if path is not None else None
    elif function.type == "identifier" and statement.type == "let_declaration":
        # A function of the file that builds the struct (`let memory = build(&model, ..);`).
        method, kind = function, ""
    elif function.type == "field_expression":
        receiver, method = (
            function.child_by_field_name("value"),
            function.child_by_field_name("field"),
        )
        if receiver is None or fixes.text(receiver) != owner:
            return []
        kind = None
    else:
        return []
    if method is None:
        return []
    found = _functions(fixes.text(method), kind, fixes)
    if kind == "":
        found = _free_functions(fixes.text(method), fixes)
    if len(found) != 1:
        return []
    type_name, body = found[0]
    declared = tensor_fields(type_name, fixes)
    edits: list[Edit] = []
    for node in descendants(body):
        if node.type == "struct_expression" and literal_type(node, fixes) == type_name:
            for put, initializer in undetached_fields(node, fixes):
                if put == field_:
                    edits += detach_field_edits(initializer, fixes)
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        right = node.child_by_field_name("right") if left is not None else None
        if left is None or right is None or fixes.text(left) != f"self.{field_}":
            continue
        held = held_tensor(right, fixes)
        if held is not None:
            edits += [] if fixes.detached_already(held) else fixes.detach_edits(held)
        elif field_ in declared and not fixes.detached_already(right):
            edits += fixes.detach_edits(right)
        elif field_ not in declared:
            return []
    return edits


def _stored_here(field_: str, statement: Node, fixes: Fixes) -> list[Edit] | None:
    """`self.field = VALUE;` itself (lint cites the method's line that stores the field): VALUE
    (the tensor a `Some(..)` holds) detached; None for any other statement."""
    assigned = statement.named_children[0] if statement.type == "expression_statement" else None
    if assigned is None or assigned.type != "assignment_expression":
        return None
    left, right = assigned.child_by_field_name("left"), assigned.child_by_field_name("right")
    if left is None or right is None or fixes.text(left) != f"self.{field_}":
        return None
    value = held_tensor(right, fixes) or right
    return [] if fixes.detached_already(value) else fixes.detach_edits(value)


def _free_functions(name: str, fixes: Fixes) -> list[tuple[str, Node]]:
    """The file's top-level function `name` returning one of its structs: that struct's name
    and the function's body."""
    found = []
    for item in fixes.source.root.named_children:
        label = item.child_by_field_name("name") if item.type == "function_item" else None
        returns = item.child_by_field_name("return_type") if label is not None else None
        body = item.child_by_field_name("body")
        if label is None or returns is None or body is None or fixes.text(label) != name:
            continue
        found.append((last_segment(fixes.text(returns)), body))
    return found


def _functions(method: str, type_name: str | None, fixes: Fixes) -> list[tuple[str, Node]]:
    """The functions `method` of the file's impls (of `type_name` only, when given): the
    impl's type and the function's body each."""
    found = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None:
            continue
        owner = last_segment(fixes.text(kind))
        if type_name is not None and owner != type_name:
            continue
        for item in block.named_children:
            label = item.child_by_field_name("name")
            body = item.child_by_field_name("body")
            if item.type == "function_item" and label is not None and body is not None:
                if fixes.text(label) == method:
                    found.append((owner, body))
    return found


def mapped_tensor(value: Node, fixes: Fixes) -> Node | None:
    """The tensor an `Option`'s `map` makes (`b.val() * 0.5` of `bias.as_ref().map(|b| b.val()
    * 0.5)`), or each element of a `Vec` an iterator's `map` collects: `.detach()` is a
    tensor's, not the `Option`'s or the `Vec`'s; None for any other value."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    method = function.child_by_field_name("field") if function is not None else None
    arguments = value.child_by_field_name("arguments")
    if method is not None and fixes.text(method) == "collect" and arguments is not None:
        # An iterator's `map` collected into a `Vec` (`(0..3).map(|b| backbone.features(..))
        # .collect()`): each element is the tensor the closure makes.
        receiver = function.child_by_field_name("value")
        if arguments.named_child_count or receiver is None:
            return None
        return mapped_tensor(receiver, fixes)
    made = _map_closure_value(value, fixes)
    return made[0] if made is not None and fixes.is_tensor(*made) else None


def detach_in_literal(name: str, statement: Node, fixes: Fixes) -> list[Edit]:
    """For a field (`stay.prior`) of a struct made by `let stay = StayClose { prior: VALUE,
    .. };`: VALUE detached where it is written; none for any other statement."""
    owner, _, field_ = name.rpartition(".")
    pattern = statement.child_by_field_name("pattern")
    value = statement.child_by_field_name("value")
    if (
        statement.type != "let_declaration"
        or pattern is None
        or value is None
        or value.type != "struct_expression"
        or not is_name(owner)
        or fixes.text(pattern) != owner
    ):
        return []
    for node in descendants(value):
        label = node.child_by_field_name("field") if node.type == "field_initializer" else None
        put = node.child_by_field_name("value") if label is not None else None
        if label is not None and put is not None and fixes.text(label) == field_:
            return [] if fixes.detached_already(put) else fixes.detach_edits(put)
    return []


def holds_collection(statement: Node | None, fixes: Fixes) -> bool:
    """Whether the `let` `statement` declares its binding an `Option`, `Vec` or `VecDeque`:
    `.detach()` on its value would not compile."""
    kind = statement.child_by_field_name("type") if statement is not None else None
    if statement is None or statement.type != "let_declaration" or kind is None:
        return False
    return re.match(r"(?:Option|Vec|VecDeque)\s*<", fixes.text(kind)) is not None


def detach_after_pattern(name: str, statement: Node, fixes: Fixes) -> list[Edit]:
    """`let name = name.detach();` on the line after a `let` whose pattern binds `name` among
    others (`let Out { policies: name, .. } = f(..)`); none when `name` is bound `mut` or by
    reference, the value is not a call's result (parts of a reference are `&Tensor`, which
    `.detach()` cannot take by value), or the `let` shares its lines."""
    pattern = statement.child_by_field_name("pattern")
    value = statement.child_by_field_name("value")
    if (
        statement.type != "let_declaration"
        or pattern is None
        or value is None
        or value.type != "call_expression"  # a reference's parts are `&Tensor`: not by value
        or not is_name(name)
        or not fixes.whole_lines(statement)
    ):
        return []
    bound = []
    stack = [pattern]
    while stack:
        current = stack.pop()
        if current.type in ("reference_pattern", "ref_pattern", "mut_pattern"):
            if any(fixes.text(n) == name for n in identifiers(current)):
                return []
        if current.type in ("identifier", "shorthand_field_identifier"):
            bound.append(fixes.text(current))
        stack.extend(current.named_children)
    if bound.count(name) != 1:
        return []
    at = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}let {name} = {name}.detach();{fixes.newline}"
    return [fixes.edit(at, at, line)]


def refit_in_loop(definition: Definition, loop: Node, fixes: Fixes) -> list[Edit]:
    """Recompute in the loop a field a method of the file stores (`self.prototypes = ..` of
    `fit`), called on the loop's value before the loop (`clf.fit(&embedder, &support);`): that
    call moved to the top of the loop's body, so each pass makes the field afresh from what the
    optimizer updated. None written when the call is not a whole-line statement of the block
    holding the loop, or a statement between them names what it reads (moved in, it would read
    another value), or it gives a variable by value that a clone cannot mend."""
    found = storing_call(definition, loop, fixes)
    if found is None:
        return []
    statement, call, between = found
    read = {fixes.text(n) for n in identifiers(call)} - {definition.name.split(".")[0]}
    for later in between:
        if read & {fixes.text(n) for n in identifiers(later)}:
            return []  # it may bind, assign or move them: not the same values
    pattern = loop.child_by_field_name("pattern")
    if not fixes.whole_lines(statement) or (
        pattern is not None and read & {fixes.text(n) for n in identifiers(pattern)}
    ):
        return []
    arguments = call.child_by_field_name("arguments")
    moved = fixes.moved_names(arguments) if arguments is not None else []
    if moved is None:
        return []
    clones = [n for n in moved if not fixes.is_copy(fixes.text(n), n.start_byte)]
    return fixes.move_into_loop([statement], loop, clones) or []


def call_reads(meeting: Meeting, fixes: Fixes) -> set[str]:
    """The variables the call storing the field before the loop reads (`clf` and `embedder` of
    `clf.fit(&embedder, &support);`: the method reads its receiver's fields too): what the field
    is made from, for whether the loop trains it (`loop_external_tracked.trains_through`); none
    for any other definition."""
    loop = meeting.loop
    found = storing_call(meeting.definition, loop, fixes) if loop is not None else None
    return set() if found is None else {fixes.text(n) for n in identifiers(found[1])}


def storing_call(
    definition: Definition, loop: Node, fixes: Fixes
) -> tuple[Node, Node, list[Node]] | None:
    """The last statement before `loop`, in the block holding it, that calls a method of the
    file's impls on the field's owner (`clf.fit(..);` for `clf.prototypes`) storing that field:
    the statement, its call and the statements between it and the loop; None if there is none."""
    owner, _, field_ = definition.name.rpartition(".")
    block = fixes.parent(loop)
    if block is not None and block.type == "expression_statement":
        block = fixes.parent(block)
    if not is_name(owner) or not is_name(field_) or block is None or block.type != "block":
        return None
    before = [s for s in block.named_children if s.end_byte <= loop.start_byte]
    for at in range(len(before) - 1, -1, -1):
        statement = before[at]
        call = statement.named_children[0] if statement.type == "expression_statement" else None
        function = call.child_by_field_name("function") if call is not None else None
        if call is None or call.type != "call_expression" or function is None:
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        if function.type != "field_expression" or receiver is None or method is None:
            continue
        if fixes.text(receiver) == owner and _stores(fixes.text(method), field_, fixes):
            return statement, call, before[at + 1 :]
    return None


def _stores(method: str, field_: str, fixes: Fixes) -> bool:
    """Whether the one method `method` of the file's impls assigns `self.field_`."""
    found = _functions(method, None, fixes)
    if len(found) != 1:
        return False
    _, body = found[0]
    return any(
        n.type == "assignment_expression"
        and (left := n.child_by_field_name("left")) is not None
        and fixes.text(left) == f"self.{field_}"
        for n in descendants(body)
    )


def detach_at(sure: bool, recompute: Help) -> int:
    """Where detach-once goes among the fixes, before recomputing (`recompute`): first when the
    tensor surely needs no gradient (nothing the loop trains is reached through it, a snapshot),
    or recomputing is said in words only; else second: what an optimizer updates is recomputed
    by default, as a user would (`--fix` applies the first fix written as code)."""
    return 0 if sure or not recompute.edits else 1


# -- the leaves a detach once takes every gradient from -------------------------------------------

# The parameters of Burn's layers, by their fields in Burn's records (`nn::Linear`'s `weight`,
# `bias`): what a module of the program holds of them, by path.
LAYER_PARAMETERS = {
    "Linear": ("weight", "bias"),
    "Conv1d": ("weight", "bias"),
    "Conv2d": ("weight", "bias"),
    "ConvTranspose1d": ("weight", "bias"),
    "ConvTranspose2d": ("weight", "bias"),
    "Embedding": ("weight",),
    "LayerNorm": ("gamma", "beta"),
    "GroupNorm": ("gamma", "beta"),
}
MAX_NAMED = 4
"""Leaves named at most, as a run names them (`case.leaves[:4]`), then how many more."""


def lost_gradients_note(leaves: list[str]) -> str:
    """What detaching once costs a program that trains none of `leaves`: they get no gradient."""
    named = ", ".join(f"`{leaf}`" for leaf in leaves[:MAX_NAMED])
    more = len(leaves) - MAX_NAMED
    named += f" and {more} more" if more > 0 else ""
    verb = "gets" if len(leaves) == 1 else "get"
    return (
        f"detached, {named} {verb} no gradient through it: no optimizer steps "
        f"{'it' if len(leaves) == 1 else 'them'} and the program reads none"
    )


def said_lost(help_: Help, meeting: Meeting, fixes: Fixes) -> Help:
    """`help_` (detach once, as code) with the leaves it takes every gradient from named
    (`lost_gradients_note`), as a run names those its check finds `= None`, where the loop
    trains nothing the tensor is made from (a frozen backbone, a teacher no optimizer steps)
    and each of them is known by its path: the modules' parameters, read from the structs of
    the program and Burn's layers (`LAYER_PARAMETERS`), and the tensors made leaves."""
    from pbpit.lint.rules.loop_external_tracked import trains_through

    if not help_.edits or help_.note or trains_through(meeting, fixes):
        return help_
    leaves = untrained_leaves(meeting.definition, meeting, fixes)
    return replace(help_, note=lost_gradients_note(leaves)) if leaves else help_


def untrained_leaves(definition: Definition, meeting: Meeting, fixes: Fixes) -> list[str]:
    """The leaves `definition` is made from, by path, in the order their variables are read:
    none when one of its variables is neither data nor a leaf or module of known parameters."""
    entry = meeting.entry or {}
    names: list[str] = []
    for made in sorted(definition.sources, key=lambda d: d.span[0]):
        statement = made.statement or made.value
        if statement is None:
            continue
        for node in identifiers(statement):
            name = fixes.text(node)
            if name in entry and name != definition.name and name not in names:
                names.append(name)
    leaves: list[str] = []
    for name in names:
        found = _leaves_of(name, meeting, fixes)
        if found is None:
            return []
        leaves += [leaf for leaf in found if leaf not in leaves]
    return leaves


def _leaves_of(name: str, meeting: Meeting, fixes: Fixes) -> list[str] | None:
    """The leaves variable `name` holds by path (`[]` for data), None when not known: bound by
    the last `let` of it before the loop to a tensor made a leaf (`.require_grad()`), a struct
    literal of the program's, a layer's config `init`, or data (`Tensor::from_floats`, ..)."""
    let = _last_let(name, meeting, fixes)
    value = let.child_by_field_name("value") if let is not None else None
    if value is None:
        return None
    text = fixes.text(value)
    if re.search(r"\.require_grad\(\)\s*$", text):
        return [name]
    if value.type == "struct_expression":
        type_name = literal_type(value, fixes)
        return _parameters(name, type_name, fixes, 0) if type_name else None
    init = re.match(r"(?:\w+::)*(\w+)Config\s*::\s*new\s*\(", text)
    if init is not None and re.search(r"\.init\s*\(", text):
        return _parameters(name, init.group(1), fixes, 0)
    if re.match(r"Tensor\s*::\s*<[^>]*>\s*::\s*(from_floats|from_data|zeros|ones|random)\b", text):
        return []
    if re.match(r"Tensor\s*::\s*(from_floats|from_data|zeros|ones|random)\b", text):
        return []
    return None


def _last_let(name: str, meeting: Meeting, fixes: Fixes) -> Node | None:
    """The last `let NAME = ..` of the loop's function before the loop."""
    start, _ = meeting.loop_span
    function = meeting.loop
    while function is not None and function.type != "function_item":
        function = function.parent
    if function is None:
        return None
    found = None
    for node in descendants(function):
        if node.type != "let_declaration" or node.end_byte > start:
            continue
        pattern = node.child_by_field_name("pattern")
        if pattern is not None and fixes.text(pattern).removeprefix("mut ").strip() == name:
            if found is None or node.start_byte > found.start_byte:
                found = node
    return found


def _parameters(path: str, type_text: str, fixes: Fixes, depth: int) -> list[str] | None:
    """The parameters a value of type `type_text` holds, under `path`: a layer's (by
    `LAYER_PARAMETERS`), a `Param` itself, a struct of the program's field by field (in its
    declared order); None when one is not known."""
    type_name = re.sub(r"<.*", "", last_segment(type_text.strip())).strip()
    if type_name in LAYER_PARAMETERS:
        return [f"{path}.{p}" for p in LAYER_PARAMETERS[type_name]]
    if type_name == "Param":
        return [path]
    program = fixes.program
    fields = program.structs.get(type_name) if program is not None else None
    if fields is None or depth > 6:
        return None
    found: list[str] = []
    for field_, declared in fields.items():
        if re.sub(r"<.*", "", last_segment(declared.strip())) in ("usize", "f32", "f64", "bool"):
            continue
        inner = _parameters(f"{path}.{field_}", declared, fixes, depth + 1)
        if inner is None:
            return None
        found += inner
    return found
