"""A tensor cached in an `Option` and filled only when it is empty: `if self.ctx.is_none() {
self.ctx = Some(model.enc.forward(doc)); }` in a `&mut self` method (or `self.ctx
.get_or_insert_with(|| ..)`, or the same on an `Option` the loop's function holds), handed out
by a clone in every pass. The first pass's backward consumes the cached tensor's graph; the next
pass reads it again and its backward panics. The binding that carries it is the `Option`.

Where the loop trains what the tensor is made from (the encoder is stepped), the cache must be
made again after each step: emptied at the end of each pass (`cache.ctx = None;`), its method
fills it anew in the next, with the stepped model; the first pass's gradients are the
original's. Where nothing it is made from is trained (a frozen encoder), it is stored detached
where it is put: data, reusable by every pass."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name, last_segment, method_calls
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carried_state import option_of_tensor
from pbpit.lint.rules.loop_trains import trains_through
from pbpit.lint.rules.method_fields import some_content
from pbpit.rust.syntax import Node, descendants

_GUARDS = ("is_none()", "is_some()")


def option_memo_fixes(name: str, meeting: Meeting, fixes: Fixes) -> list[Help] | None:
    """The fixes of a tensor cached in the `Option` `name` (`cache.ctx`, or a variable of the
    loop's function), filled only when empty; None when `name` is not such a cache."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    parts = name.split(".")
    if body is None or meeting.in_macro or not all(is_name(p) for p in parts) or len(parts) > 2:
        return None
    slots = len(parts) == 2 and _vec_of_options(parts[1], fixes)
    local_slots = len(parts) == 1 and _local_slots(name, fixes)  # `let mut v = vec![None; 4];`
    slots = slots or local_slots
    if not slots and not option_of_tensor(name, fixes):
        return None
    if parts[0] not in (meeting.entry or {}):
        return None  # not a name the loop's function holds as it starts (`term` of a `for`)
    inline = False
    if len(parts) == 2:
        scopes = _methods_of_field(parts[1], fixes)
        place = f"self.{parts[1]}"
        if _writes(name, body, fixes):
            return None  # the loop writes it itself: not a cache its methods keep
        if slots and not [put for scope in scopes for put in _puts(place, scope, fixes, slots)]:
            # A `Vec` of slots the loop fills itself (`shelf.slots[i] = Some(..)` under `if
            # shelf.slots[i].is_none()`): the pass's slot, written inline.
            scopes, place, inline = [body], name, True
    else:
        scopes, place, inline = [body], name, local_slots
    puts = [put for scope in scopes for put in _puts(place, scope, fixes, slots)]
    if not puts or any(put is None for put in puts):
        return None
    definition = meeting.definition
    at = definition.span[0]
    if not any(_made_for(v, at) for v in puts) and not (
        len(parts) == 2 and _called_at(parts[0], puts, at, body, fixes)
    ):
        return None  # the carried tensor is not the one cached
    emptied = name
    if slots:
        # `self.slots[i] = Some(..)` of the method the pass calls: that pass's slot emptied.
        if inline:
            # Emptied at the end of the innermost loop's pass that fills it and backpropagates.
            body = _pass_of(puts, body, meeting.earlier.span)
            key = _slot_inline(puts, body, fixes) if body is not None else None
        else:
            key = _slot_given(parts[0], puts, body, fixes)
        if key is None:
            return None
        emptied = f"{name}[{key}]"
    invalidate = fixes.append_line(body, f"{emptied} = None;")
    if invalidate is None:
        return None
    said = (
        f"`{fixes.text(puts[0])}`"
        if len(puts) == 1 and len(fixes.text(puts[0])) <= 60
        else ("the tensor")
    )
    again = Help(
        f"make `{emptied}` again in each pass: set it to `None` once the pass's step is done "
        f"(`{emptied} = None;` as the pass's last statement), and the next pass fills it with what "
        "the step updated; kept, it hands the next pass a tensor whose graph this pass's "
        "backward consumed",
        [invalidate],
    )
    edits = [e for put in puts if not fixes.detached_already(put) for e in fixes.detach_edits(put)]
    detach = Help(
        f"detach {said} where it is put in `{name}`, if nothing it is made from is trained: a "
        "detached tensor is data, reusable by every pass",
        edits,
    )
    if not edits:
        return [again]
    if _trained(name, puts, body, meeting, fixes, inline):
        return [again, replace(detach, applicability="MaybeIncorrect")]
    return [detach, replace(again, applicability="MaybeIncorrect")]


def _methods_of_field(field_: str, fixes: Fixes) -> list[Node]:
    """The bodies of the methods of the impls of the structs declaring `field_`."""
    owners = set()
    for node in descendants(fixes.source.root):
        label = node.child_by_field_name("name") if node.type == "struct_item" else None
        block = node.child_by_field_name("body") if label is not None else None
        if block is None:
            continue
        for item in block.named_children:
            named = item.child_by_field_name("name") if item.type == "field_declaration" else None
            if named is not None and fixes.text(named) == field_:
                owners.add(fixes.text(label))
    bodies = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if block is None or last_segment(fixes.text(kind).split("<", 1)[0]) not in owners:
            continue
        for function in block.named_children:
            scope = function.child_by_field_name("body")
            if function.type == "function_item" and scope is not None:
                bodies.append(scope)
    return bodies


def _vec_of_options(field_: str, fixes: Fixes) -> bool:
    """Whether a struct of the file declares `field_` a `Vec<Option<Tensor<..>>>`."""
    declared = re.compile(
        rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*Vec\s*<\s*Option\s*<\s*Tensor\b"
    )
    return declared.search(fixes.data) is not None


def local_slots(name: str, meeting: Meeting, fixes: Fixes) -> list[Help] | None:
    """`option_memo_fixes` of a local `Vec` of `Option` slots (`let mut protos:
    Vec<Option<Tensor<2>>> = vec![None; 4];`) the loop fills when empty; None otherwise."""
    if not is_name(name) or not _local_slots(name, fixes):
        return None
    return option_memo_fixes(name, meeting, fixes)


def _local_slots(name: str, fixes: Fixes) -> bool:
    """Whether a `let` of the file makes `name` a `Vec` of empty slots for tensors: written
    `Vec<Option<Tensor<..>>>`, or `vec![None; n]` (`vec![None, None]`)."""
    made = re.compile(
        rb"let\s+mut\s+" + re.escape(name.encode()) + rb"\s*"
        rb"(?::\s*Vec\s*<\s*Option\s*<\s*Tensor\b[^=;]*)?=\s*vec!\s*\[\s*None\b"
    )
    return made.search(fixes.data) is not None


def _slot_given(holder: str, puts: list[Node], body: Node, fixes: Fixes) -> str | None:
    """The slot the loop's pass fills through the one method holding `puts` (each `self.F[k] =
    Some(..)` of one key `k`): `k` where it is a number, else what the pass's one call of that
    method on `holder` gives its parameter `k` (a name or a number)."""
    keys = set()
    for put in puts:
        left = put.parent
        while left is not None and left.type != "assignment_expression":
            left = left.parent
        if left is None:
            return None
        target = left.child_by_field_name("left")
        index = target.named_children[-1] if target is not None else None
        if target is None or target.type != "index_expression" or index is None:
            return None
        keys.add(fixes.text(index))
    function = puts[0].parent
    while function is not None and function.type != "function_item":
        function = function.parent
    if len(keys) != 1 or function is None:
        return None
    (key,) = keys
    if key.isdigit():
        return key
    method = fixes.text(function.child_by_field_name("name"))
    parameters = function.child_by_field_name("parameters")
    own = [p for p in parameters.named_children if p.type == "parameter"] if parameters else []
    named = [fixes.text(p.child_by_field_name("pattern")) for p in own]
    if key not in named:
        return None
    given = [
        arguments.named_children
        for _, receiver, called, arguments in method_calls(body, fixes)
        if fixes.text(receiver) == holder and called == method and arguments is not None
    ]
    if len(given) != 1 or len(given[0]) != len(named):
        return None
    argument = fixes.text(given[0][named.index(key)])
    return argument if is_name(argument) or argument.isdigit() else None


_LOOPS = ("for_expression", "while_expression", "loop_expression")


def _pass_of(puts: list[Node], body: Node, backward: tuple[int, int]) -> Node | None:
    """The body of the innermost loop within (or of) the loop of `body` that holds every put
    and the backward at `backward` (file bytes); None when a closure comes between."""
    start, end = backward
    found = None
    for node in descendants(body):
        inner = node.child_by_field_name("body") if node.type in _LOOPS else None
        if inner is None or not inner.start_byte <= start < end <= inner.end_byte:
            continue
        if all(inner.start_byte <= p.start_byte < inner.end_byte for p in puts):
            found = inner if found is None or inner.start_byte > found.start_byte else found
    found = found or body
    node = found
    while node is not None and node.id != body.id:
        if node.type == "closure_expression":
            return None
        node = node.parent
    return found


def _slot_inline(puts: list[Node], body: Node, fixes: Fixes) -> str | None:
    """The slot the loop's pass fills itself (each `v[k] = Some(..)` of one key `k`, in the
    loop's `body`): `k` where it is a number or a name the body's last line still sees (the
    loop's variable, a `let` of the body itself), else None."""
    keys = set()
    for put in puts:
        left = put.parent
        while left is not None and left.type != "assignment_expression" and not _fills(left):
            left = left.parent  # `v[k] = Some(..)`, or `v[k].get_or_insert_with(|| ..)`
        if left is not None and _fills(left):
            target = left.child_by_field_name("function").child_by_field_name("value")
        else:
            target = left.child_by_field_name("left") if left is not None else None
        if target is None or target.type != "index_expression":
            return None
        keys.add(fixes.text(target.named_children[-1]))
    if len(keys) != 1:
        return None
    (key,) = keys
    if key.isdigit():
        return key
    if not is_name(key) or _assigned_in(key, body, fixes):
        return None
    loop = body.parent
    pattern = loop.child_by_field_name("pattern") if loop is not None else None
    bound = {fixes.text(n) for n in descendants(pattern)} if pattern is not None else set()
    for statement in body.named_children:
        if statement.type == "let_declaration":
            named = statement.child_by_field_name("pattern")
            bound |= {fixes.text(n) for n in descendants(named)} if named is not None else set()
    return key if key in bound else None


def _fills(node: Node) -> bool:
    """Whether `node` is a call `place.get_or_insert_with(..)`."""
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    method = function.child_by_field_name("field") if function is not None else None
    return method is not None and method.text == b"get_or_insert_with"


def _assigned_in(key: str, body: Node, fixes: Fixes) -> bool:
    """Whether `body` assigns the name `key` (`i = ..`, `i += 1`)."""
    return any(
        node.type in ("assignment_expression", "compound_assignment_expr")
        and (left := node.child_by_field_name("left")) is not None
        and fixes.text(left) == key
        for node in descendants(body)
    )


def _puts(place: str, scope: Node, fixes: Fixes, slots: bool = False) -> list[Node | None]:
    """What each place in `scope` puts in the `Option` `place` when it is empty: the `V` of
    `place = Some(V)` under `if place.is_none()` (`!place.is_some()`), of
    `place.get_or_insert_with(|| V)`; None for a put of any other form (`place = Some(V)`
    unguarded, or reading `place`), which makes it no cache."""
    found: list[Node | None] = []
    for node in descendants(scope):
        if node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None:
                continue
            target = left.named_children[0] if slots and left.type == "index_expression" else left
            if fixes.text(target) != place:
                continue
            if fixes.text(right) == "None":
                continue
            value = some_content(right, fixes)
            if value is None or re.search(rf"{re.escape(place)}\b", fixes.text(right)):
                found.append(None)
            elif not _guarded(node, fixes.text(left), fixes) or _made_unguarded(value, node, fixes):
                found.append(None)  # filled every pass, or a value every pass makes (a snapshot)
            else:
                found.append(value)
        elif node.type == "call_expression":
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            if function is None or function.type != "field_expression" or arguments is None:
                continue
            receiver = function.child_by_field_name("value")
            method = function.child_by_field_name("field")
            if slots and receiver is not None and receiver.type == "index_expression":
                receiver = receiver.named_children[0]  # `slots[j].get_or_insert_with(..)`
            if receiver is None or method is None or fixes.text(receiver) != place:
                continue
            if fixes.text(method) in ("insert", "replace", "get_or_insert"):
                found.append(None)
            elif fixes.text(method) == "get_or_insert_with":
                found.append(_closure_value(arguments, fixes))
    return found


def _guarded(node: Node, place: str, fixes: Fixes) -> bool:
    """Whether `node` runs only when `place` is empty: within the block of an `if` whose
    condition is `place.is_none()` (or `!place.is_some()`), or after an `if` of the same block
    that returns when it holds one (`if let Some(c) = &place { return c.clone(); }`)."""
    if _returned_before(node, place, fixes):
        return True
    current = node.parent
    while current is not None and current.type not in ("function_item", "closure_expression"):
        if current.type == "if_expression":
            condition = current.child_by_field_name("condition")
            consequence = current.child_by_field_name("consequence")
            text = re.sub(r"\s+", "", fixes.text(condition)) if condition is not None else ""
            inside = consequence is not None and (
                consequence.start_byte <= node.start_byte < consequence.end_byte
            )
            if inside and text in (f"{place}.is_none()", f"!{place}.is_some()"):
                return True
        if current.type == "match_arm" and _none_arm_of(current, place, fixes):
            return True  # `match feats[i].clone() { Some(f) => f, None => { .. } }`
        current = current.parent
    return False


def _made_for(put: Node, at: int) -> bool:
    """Whether byte `at` is in the statement putting `put`, or in a statement before it in
    its block (`let f = model.enc.forward(x); feats[i] = Some(f.clone());`)."""
    statement = _statement(put)
    block = statement.parent
    if statement.start_byte <= at < put.end_byte:
        return True
    return block is not None and block.start_byte <= at < statement.start_byte


def _none_arm_of(arm: Node, place: str, fixes: Fixes) -> bool:
    """Whether `arm` is the `None` arm of a `match` on what `place` holds (`match place`,
    `place.clone()`, `&place`, `place.as_ref()`: not `place.take()`, which empties it)."""
    pattern = arm.child_by_field_name("pattern")
    match = arm.parent.parent if arm.parent is not None else None
    value = match.child_by_field_name("value") if match is not None else None
    if pattern is None or value is None or match.type != "match_expression":
        return False
    read = re.sub(r"\s+", "", fixes.text(value))
    held = (place, f"{place}.clone()", f"&{place}", f"{place}.as_ref()")
    return fixes.text(pattern).strip() == "None" and read in held


def _closure_value(arguments: Node, fixes: Fixes) -> Node | None:
    """The expression of the one closure given (`|| V`, `|| { V }`), or None."""
    if arguments.named_child_count != 1:
        return None
    return closure_value(arguments.named_children[0])


def closure_value(closure: Node) -> Node | None:
    """The expression a closure of no parameters gives (`|| V`, `|| { V }`, `move || V`),
    or None (a closure with parameters, or statements in its body)."""
    parameters = closure.child_by_field_name("parameters")
    if closure.type != "closure_expression" or parameters is None or parameters.named_child_count:
        return None
    value = closure.child_by_field_name("body")
    while value is not None and value.type == "block":
        inner = [c for c in value.named_children if "comment" not in c.type]
        if len(inner) != 1 or inner[0].type.endswith("statement"):
            return None
        value = inner[0]
    return value


def _writes(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether the loop's body assigns `name` itself."""
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is not None and fixes.text(left) == name:
            return True
    return False


def _statement(node: Node) -> Node:
    """The statement of a block that holds `node`."""
    while node.parent is not None and node.parent.type != "block":
        node = node.parent
    return node


_STEPPED = (
    re.compile(r"\.\s*step\s*\(\s*[^,()]+,\s*([A-Za-z_]\w*)\s*,"),
    re.compile(r"\bfrom_grads\s*\([^;]*?,\s*&\s*(?:mut\s+)?([A-Za-z_]\w*)\s*\)"),
)
"""What an optimizer steps (`optim.step(lr, model, grads)`, `from_grads(.., &model)`): its name."""


def _trained(
    name: str, puts: list[Node], body: Node, meeting: Meeting, fixes: Fixes, inline: bool = False
) -> bool:
    """Whether the loop steps what the cached tensor is made from: a name an optimizer steps
    is read by the tensor's value (a variable cache, or a field the loop fills itself: `inline`)
    or handed to a method of the cache's holder (`cache.context(&model, ..)`), or is the holder
    itself. `trains_through` where the loop steps nothing by an optimizer (a hand-written
    update)."""
    text = fixes.text(body)
    stepped = {m for pattern in _STEPPED for m in pattern.findall(text)}
    if not stepped:
        return trains_through(meeting, fixes)
    holder = name.split(".")[0]
    if "." not in name or inline:
        read = {fixes.text(n) for put in puts for n in descendants(put) if n.type == "identifier"}
        for put in puts:  # `let f = model.enc.forward(x); feats[i] = Some(f.clone());`
            statement = _statement(put)
            block = statement.parent
            for let in block.named_children if block is not None else []:
                value = let.child_by_field_name("value")
                pattern = let.child_by_field_name("pattern")
                if let.type != "let_declaration" or value is None or pattern is None:
                    continue
                if let.start_byte < statement.start_byte and fixes.text(pattern) in read:
                    read |= {fixes.text(n) for n in descendants(value) if n.type == "identifier"}
        return bool(read & stepped)
    read = {holder}
    for _, receiver, _, arguments in method_calls(body, fixes):
        if fixes.text(receiver) == holder and arguments is not None:
            read |= {fixes.text(n) for n in descendants(arguments) if n.type == "identifier"}
    return bool(read & stepped)


def _made_unguarded(value: Node, put: Node, fixes: Fixes) -> bool:
    """Whether the value put is a variable made outside the `if` that guards the put (`let
    feats = ..; if self.baseline.is_none() { self.baseline = Some(feats.clone()); }`): every
    pass makes it, and keeps the first pass's to compare with (a snapshot, not a cache)."""
    name = fixes.text(value).removesuffix(".clone()")
    if not is_name(name):
        return False
    guard = put.parent
    while guard is not None and guard.type != "if_expression":
        guard = guard.parent
    if guard is None:
        return False
    scope = guard.child_by_field_name("consequence")
    lets = [
        n
        for n in descendants(scope)
        if n.type == "let_declaration"
        and (pattern := n.child_by_field_name("pattern")) is not None
        and fixes.text(pattern).removeprefix("mut ").strip() == name
    ]
    return not lets


def _called_at(holder: str, puts: list[Node], at: int, body: Node, fixes: Fixes) -> bool:
    """Whether byte `at` is in the loop's call on `holder` of a method holding one of `puts`
    (the tensor named where the method that makes it is called)."""
    methods = set()
    for put in puts:
        function = put.parent
        while function is not None and function.type != "function_item":
            function = function.parent
        if function is not None and function.child_by_field_name("name") is not None:
            methods.add(fixes.text(function.child_by_field_name("name")))
    for call, receiver, called, _ in method_calls(body, fixes):
        if fixes.text(receiver) == holder and called in methods:
            if call.start_byte <= at < call.end_byte:
                return True
    return False


_HOLDS = re.compile(
    r"let\s+Some\s*\(.*\)\s*=\s*(?:&\s*)?(?P<place>[\w.\[\]]+?)(?:\.as_ref\(\))?$|"
    r"(?P<some>[\w.\[\]]+)\.is_some\(\)$"
)


def _returned_before(node: Node, place: str, fixes: Fixes) -> bool:
    """Whether a statement of the function's body before the one holding `node` is an `if`
    whose condition holds when `place` holds a tensor and whose block returns."""
    statement = node
    while statement.parent is not None and statement.parent.type != "block":
        statement = statement.parent
    block = statement.parent
    if block is None or block.parent is None or block.parent.type != "function_item":
        return False
    for earlier in block.named_children:
        if earlier.start_byte >= statement.start_byte:
            break
        found = earlier.named_children[0] if earlier.type == "expression_statement" else earlier
        if found is None or found.type != "if_expression":
            continue
        condition = found.child_by_field_name("condition")
        consequence = found.child_by_field_name("consequence")
        if condition is None or consequence is None:
            continue
        held = _HOLDS.match(re.sub(r"\s+", " ", fixes.text(condition)).strip())
        if held is None or (held["place"] or held["some"]) != place:
            continue
        if any(n.type == "return_expression" for n in descendants(consequence)):
            return True
    return False
