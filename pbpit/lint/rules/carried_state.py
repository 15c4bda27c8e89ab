"""The fixes of `loop-external-tracked` for state carried from one pass of a loop into the next:
detached where it is carried (`h = h_next.detach();` on the line that carries it, else `h =
h.detach();` as the body's last line; the tensor an `Option` field holds detached where it is
put); said in words where the edit cannot be written. A collection the passes fill is
`carried_collections`'s, an accumulator reset `accumulator_reset`'s."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, is_name, last_segment
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.accumulator_reset import _backward_statement, accumulator_reset
from pbpit.lint.rules.carried_beside import ONE_ALONE, carried_beside, detach_carried_help
from pbpit.lint.rules.carried_collections import (
    detach_at_push,
    emptied_at_pass_end,
    empty_each_pass,
    empty_each_pass_help,
    filled,
    indexed,
    keep_detached,
    push_calls,
    pushed,
)
from pbpit.lint.rules.carry_line import (
    carry_help,
    collection_kind,
    detach_at_carry,
    detach_in_method,
    tuple_of_collections,
)
from pbpit.lint.rules.lent_state import detach_where_element_lent, detach_where_lent
from pbpit.lint.rules.literal_fields import (
    carried_parts,
    detach_constructed,
    detach_literal,
    fields_put,
)
from pbpit.lint.rules.method_fields import detach_in_methods
from pbpit.lint.rules.pass_shape import (
    assigned_together,
    assignments,
    binds_anew,
    breaks_within,
    continues,
    tensor_tuple_arity,
)
from pbpit.lint.rules.slot_writes import detach_where_written
from pbpit.lint.rules.vec_state import (
    detach_elements_each_pass,
    detach_pairs_where_set,
    vec_of_tensors,
)
from pbpit.rust.syntax import Node, descendants

# Re-exported for the rules that import them from here.
__all__ = [
    "_backward_statement",
    "accumulator_reset",
    "assignments",
    "breaks_within",
    "continues",
    "detach_at_push",
    "detach_each_pass",
    "detach_each_pass_help",
    "emptied_at_pass_end",
    "empty_each_pass",
    "empty_each_pass_help",
    "filled",
    "held_tensor",
    "indexed",
    "keep_detached",
    "option_of_tensor",
    "pushed",
]


def detach_each_pass_help(
    name: str, edits: list[Edit], leaf: bool = False, statement: str | None = None
) -> Help:
    """Detach each pass, with its edits; without them, said in words ending with `statement`
    (Rust's `name = name.detach();` unless given; none when it is "")."""
    message = f"detach `{name}` at the end of each pass: gradients stop at the pass boundary"
    detached = f"{name}.detach()"
    if leaf:
        # It entered the loop as a leaf that requires grad: it must stay one.
        message = f"make `{name}` a new leaf at the end of each pass, as it entered the loop"
        detached = f"{name}.detach().require_grad()"
    if not edits and statement == "":
        return Help(message)  # no binding of that name to assign: no statement to show
    if not edits:
        return Help(f"{message}: `{statement or f'{name} = {detached};'}`")
    return Help(message, edits)


def held_tensor(value: Node, fixes: Fixes) -> Node | None:
    """The tensor `Some(tensor)` holds (`.detach()` is a tensor's, not an `Option`'s), or None
    when `value` is not a `Some(..)` of one argument."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    arguments = value.child_by_field_name("arguments")
    if (
        function is None
        or fixes.text(function) != "Some"
        or arguments is None
        or arguments.named_child_count != 1
    ):
        return None
    return arguments.named_children[0]


def detach_each_pass(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help:
    """Detach each pass: `name = name.detach();` as the last statement of the loop's body (of
    the one part of a struct that carries it: `state.c = state.c.clone().detach();`)."""
    detached = f"{name}.detach().require_grad()" if leaf else f"{name}.detach()"
    if not is_name(name):
        # A field (`self.hidden`): `.detach()` takes it by value, out of a borrow.
        detached = detached.replace(".detach()", ".clone().detach()", 1)
    fallback = detach_each_pass_help(name, [], leaf, f"{name} = {detached};")
    through = detach_where_written(name, meeting, leaf, fixes)
    if through is not None:
        return through  # `*slot = h` of `states.entry(k).or_insert(..)`: `*slot = h.detach()`
    element = detach_where_element_lent(name, meeting, leaf, fixes)
    if element is not None:
        return element  # `advance(&mut sensors[i], ..)` setting `sensor.smooth = ..`: there
    loop_body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if (
        not is_name(name)
        and loop_body is not None
        and not meeting.in_macro
        and collection_kind(name, loop_body, fixes) is not None
    ):
        # `self.memory = next;` of a `VecDeque` of states in the one method that sets it:
        # each tensor detached there.
        carry = detach_in_method(name, loop_body, leaf, fixes)
        if carry is not None:
            return carry_help(name, carry, leaf)
    in_methods = None if is_name(name) else detach_in_methods(name, meeting, leaf, fixes)
    if in_methods is not None:
        # Kept by the struct's methods where the loop cannot detach it (a `Vec` or map field;
        # a field of a `Box<dyn Trait>`): detached where a method puts it.
        return in_methods
    if not is_name(name) and vec_of_tensors(name, fixes):
        # `hidden: Vec<Tensor<1>>` stepped in place: each element detached in place.
        return detach_elements_each_pass(name, meeting, leaf, fixes)
    if not is_name(name) and field_holds_tensors(name, fixes):
        # `hidden: Option<Tensor<1>>`: `.detach()` is a tensor's, not the Option's.
        return detach_in_field(name, meeting, leaf, fixes)
    loop = meeting.loop
    if loop is not None and not fixes.reachable(name, loop):
        return fallback
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is not None and holds_tensors(name, body, fixes):
        # `state = Some(new_state)`: `state.detach()` would not compile.
        message = (
            f"detach the tensors `{name}` holds at the end of each pass (as they are put in "
            "it): gradients stop at the pass boundary"
        )
        edits = [] if meeting.in_macro else detach_put(name, body, leaf, fixes)
        fields = fields_put(name, body, fixes, leaf) if edits else []
        if fields:
            # `state = LstmState { h: next.h.detach(), c: next.c }`: the fields left tracked.
            what = " and ".join(f"`{f}`" for f in fields)
            message = (
                f"detach {what} where it is put in `{name}`, at the end of each pass: "
                "gradients stop at the pass boundary"
            )
        return Help(message, edits)
    parts = carried_parts(name, meeting, fixes)
    if parts:
        # `state = cell.step(x, &state)` carrying it in `state.c` (`state.h` cut already):
        # the parts that hold tracked tensors, each detached.
        detached = detached.replace(f"{name}.", f"{parts[0]}.clone().", 1)
        name = parts[0]
        fallback = detach_each_pass_help(name, [], leaf, f"{name} = {detached};")
    lent = detach_where_lent(name, meeting, leaf, fixes) if is_name(name) else None
    if lent is not None:
        # `model.step(x, &mut states)` setting `states[k] = h.clone()`: detached there.
        return lent
    set_pairs = (
        None
        if body is None or meeting.in_macro
        else detach_pairs_where_set(name, body, leaf, fixes)
    )
    if set_pairs is not None:
        # `states[0] = (h0_new, c0_new);` of a `Vec<(Tensor<2>, Tensor<2>)>`: each detached there.
        return set_pairs
    if field_holds_tensors(name, fixes):
        # `let mut history: Vec<Tensor<2>>`, filled by `push`: a Vec has no `.detach()`.
        message = (
            f"detach the tensors `{name}` holds where they are put in it "
            f"(`{name}.push(h.detach())`): gradients stop at the pass boundary"
        )
        pushes = [] if body is None or meeting.in_macro else push_calls(name, body, fixes)
        carry = None
        if not pushes and body is not None and body.type == "block" and not meeting.in_macro:
            # `hs = new_hs;` of per-layer states: each tensor detached where `hs` is given them.
            carry = detach_at_carry(name, body, leaf, fixes) or detach_in_method(
                name, body, leaf, fixes
            )
        if carry is not None:
            return carry_help(name, carry, leaf)
        if not pushes and body is not None and set_by_index(name, body, fixes):
            # `states[k] = (..).tanh();` stepped in place: each element detached at the end
            # of the pass (detached where it is set, `states[1]` would lose `states[0]`'s
            # gradient within the pass).
            return detach_elements_each_pass(name, meeting, leaf, fixes)
        if not pushes and body is not None and assignments(name, body, fixes):
            # `hs = new_hs;` where the carry cannot be written (read after it in the pass):
            # each element detached at the end of the pass, in place; no push of `hs` to name.
            return detach_elements_each_pass(name, meeting, leaf, fixes)
        tensors = [arguments[0] for _, arguments in pushes if len(arguments) == 1]
        if not pushes or len(tensors) != len(pushes):
            return Help(message)
        if not all(
            fixes.is_tensor(t, body) or _pushed_element(name, call, fixes)
            for (call, _), t in zip(pushes, tensors, strict=True)
        ):
            return Help(message)
        said = list(dict.fromkeys(fixes.text(t).removesuffix(".clone()") for t in tensors))
        what = f"`{said[0]}`" if len(said) == 1 else "each tensor"
        edits = []
        for tensor in tensors:
            if fixes.detached_already(tensor, leaf):
                continue
            put = fixes.detach_edits(tensor)
            if leaf:
                put[-1] = replace(put[-1], replacement=put[-1].replacement + ".require_grad()")
            edits += put
        return Help(
            f"detach {what} where it is pushed into `{name}`: gradients stop at the pass boundary",
            edits,
        )
    if body is None or body.type != "block" or meeting.in_macro:
        return fallback
    if continues(body, fixes) or binds_anew(name, body, fixes) or breaks_within(loop, body):
        # A pass that continues skips the last line (one that breaks, when a loop around
        # runs it again: epochs x batches); a `let` of that name in the body would take the
        # assignment instead of the state the loop carries.
        return fallback
    together = parts or assigned_together(name, body, fixes) or carried_together(name, body, fixes)
    beside = False
    if together == [name] and not leaf:
        # `cache_k` and `cache_v` each bring an earlier pass's graph: detached together.
        together = carried_beside(name, meeting, body, fixes)
        both = detach_carried_help(together, body, fixes) if len(together) > 1 else None
        if both is not None:
            return both
        beside = len(together) > 1
    if together == [name]:
        # One assignment carries it: detached there (`h = h_next.detach();`).
        carry = detach_at_carry(name, body, leaf, fixes) or detach_in_method(
            name, body, leaf, fixes
        )
        if carry is not None:
            return carry_help(name, carry, leaf)
    arity = tensor_tuple_arity(name, body, fixes) if together == [name] and not leaf else 0
    if arity > 1 and is_name(name):
        # `state = model.cell(x, state.0, state.1)` of a pair: `.detach()` is each tensor's.
        detached = "(" + ", ".join(f"{name}.{i}.detach()" for i in range(arity)) + ")"
    lines = [f"{n} = {detached.replace(name, n, 1)};" for n in together]
    edit = fixes.append_line(body, lines[0])
    if edit is None:
        return fallback
    if len(lines) > 1:
        pad = edit.replacement[: len(edit.replacement) - len(edit.replacement.lstrip())]
        more = "".join(f"{pad}{line}{fixes.newline}" for line in lines[1:])
        edit = replace(edit, replacement=edit.replacement + more)
    help_ = detach_each_pass_help(name, [edit], leaf)
    if len(together) > 1:
        said = ", ".join(f"`{n}`" for n in together[:-1]) + f" and `{together[-1]}`"
        message = help_.message.replace(f"`{name}`", said, 1)
        if beside:
            message += ONE_ALONE
        help_ = Help(message, help_.edits)
    return help_


def detach_in_field(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help:
    """For state kept in an `Option` field (`agent.memory`, `learner.hidden`): the tensor put
    in it detached where it is put (`agent.memory = Some(out.clone().detach())`, in the loop or
    in a method of the struct that declares the field), named; in words when a place puts
    something else than `Some(tensor)`, or is not found."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    puts = field_puts(name, body, fixes)
    tensors = []
    for right, scope in puts:
        if right.type == "identifier" and fixes.text(right) == "None":
            continue  # `self.state = None` (a reset): no tensor put
        held = held_tensor(right, fixes) if right.type == "call_expression" else None
        if held is None or not (fixes.is_tensor(held, scope) or option_of_tensor(name, fixes)):
            tensors = []
            break
        tensors.append(held)
    said = list(dict.fromkeys(fixes.text(t).removesuffix(".clone()") for t in tensors))
    what = f"`{said[0]}`" if len(said) == 1 else "the tensor"
    message = (
        f"detach {what} where it is put in `{name}`, not the `Option`: gradients stop at the "
        "pass boundary"
    )
    if not tensors or meeting.in_macro:
        tensor = said[0] if len(said) == 1 else "tensor"
        return Help(f"{message}: `{name} = Some({tensor}.detach())`")
    edits = []
    for tensor in tensors:
        if fixes.detached_already(tensor, leaf):
            continue
        put = fixes.detach_edits(tensor)
        if leaf:
            put[-1] = replace(put[-1], replacement=put[-1].replacement + ".require_grad()")
        edits += put
    return Help(message, edits)


def field_puts(name: str, body: Node | None, fixes: Fixes) -> list[tuple[Node, Node]]:
    """What is put in the field `name` (`agent.memory`), and the body it is put in: each
    `name = ..` in the loop's `body`, and each `self.field = ..` in the impls of the structs
    of the file that declare the field an `Option<Tensor>`."""
    field_ = name.rsplit(".", 1)[-1]
    found = []
    if body is not None:
        found += [(n, body) for n in assignments(name, body, fixes)]
    declared = re.compile(rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*Option\s*<\s*Tensor\b")
    owners = set()
    for node in descendants(fixes.source.root):
        if node.type == "struct_item" and declared.search(fixes.text(node).encode()):
            type_name = node.child_by_field_name("name")
            if type_name is not None:
                owners.add(fixes.text(type_name))
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None or last_segment(fixes.text(kind)) not in owners:
            continue
        for function in block.named_children:
            scope = function.child_by_field_name("body")
            if function.type == "function_item" and scope is not None:
                found += [(n, scope) for n in assignments(f"self.{field_}", scope, fixes)]
    return [(right, scope) for n, scope in found if (right := n.child_by_field_name("right"))]


def field_holds_tensors(name: str, fixes: Fixes) -> bool:
    """Whether the name or field `name` ends with (`learner.hidden`: `hidden`) is declared
    as a collection of tensors (`hidden: Option<Tensor<1>>`, `Vec<..>`, `VecDeque<..>`)."""
    return _declared_as(name, "Option|Vec|VecDeque", fixes)


def _pushed_element(name: str, call: Node, fixes: Fixes) -> bool:
    """Whether `call` (`queue.push(k)`, `push_back`, `push_front`) puts one element in `name`
    declared a `Vec` or `VecDeque` of tensors (`let mut queue: Vec<Tensor<2>>`): what it puts
    is a tensor, whatever made it (a module's forward, which `is_tensor` cannot vouch for).
    Not `extend` (its argument is an iterator) nor `insert` (an index first)."""
    function = call.child_by_field_name("function")
    method = function.child_by_field_name("field") if function is not None else None
    if method is None or fixes.text(method) not in ("push", "push_back", "push_front"):
        return False
    field_ = name.rsplit(".", 1)[-1]
    declared = re.compile(
        rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*(?:Vec|VecDeque)\s*<\s*Tensor\b"
    )
    return declared.search(fixes.data) is not None


def detach_put(name: str, body: Node, leaf: bool, fixes: Fixes) -> list[Edit]:
    """`name = Some(tensor)` made `name = Some(tensor.detach())` (a struct literal's tensor
    fields each detached: `literal_fields`), at every assignment of `name` in `body`; none
    unless each puts one tensor in a `Some`, or is a literal of one of the file's structs."""
    edits = []
    for node in assignments(name, body, fixes):
        right = node.child_by_field_name("right")
        collections = tuple_of_collections(right, leaf, fixes, name) if right is not None else None
        if collections is not None:
            edits += collections  # `state = (new_hs, state.1 + 1)`: each `Vec`'s tensors mapped
            continue
        if right is not None and right.type in ("struct_expression", "tuple_expression"):
            # `state = LstmState { h: next.h.detach(), c: next.c }`, `state = (h.detach(),
            # c)`: each tensor field or element detached where the literal puts it.
            put = detach_literal(right, fixes, leaf)
            if put is None:
                return []
            edits += put
            continue
        made = detach_constructed(right, fixes, leaf) if right is not None else None
        if made is not None:
            edits += made  # `state = LstmState::new(h.detach(), c)`: each tensor argument
            continue
        function = right.child_by_field_name("function") if right is not None else None
        arguments = right.child_by_field_name("arguments") if right is not None else None
        if (
            right is None
            or right.type != "call_expression"
            or function is None
            or fixes.text(function) != "Some"
            or arguments is None
            or arguments.named_child_count != 1
        ):
            return []
        tensor = arguments.named_children[0]
        if tensor.type in ("tuple_expression", "struct_expression"):
            # `state = Some((h, c))`: each tensor of the tuple (or struct) detached.
            put = detach_literal(tensor, fixes, leaf)
            if put is None:
                return []
            edits += put
            continue
        if not fixes.is_tensor(tensor, body) and not option_of_tensor(name, fixes):
            return []  # `Some(new_state)` of an `LstmState`: no `.detach()` on it
        if fixes.detached_already(tensor, leaf):
            continue  # `state = Some(h.detach())`: detached where it is put already
        put = fixes.detach_edits(tensor)
        if leaf:
            put[-1] = replace(put[-1], replacement=put[-1].replacement + ".require_grad()")
        edits += put
    return edits


def holds_tensors(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether `name` is assigned, in `body`, a value that is not a tensor but holds some:
    `Some(..)`, `State::new(..)`, a struct, tuple or array literal, a macro's value."""
    for node in assignments(name, body, fixes):
        right = node.child_by_field_name("right")
        if right is None:
            continue
        if right.type in ("struct_expression", "tuple_expression", "array_expression"):
            return True
        if right.type == "macro_invocation":
            return True
        function = None
        if right.type == "call_expression":
            function = right.child_by_field_name("function")
        if function is not None and function.type == "generic_function":
            function = function.child_by_field_name("function")
        if function is not None and function.type in ("identifier", "scoped_identifier"):
            # `Some(..)`, `State(..)`, `LstmState::new(..)`; not `Tensor::cat(..)`.
            last = fixes.text(function).split("::")[-1]
            path = function.child_by_field_name("path")
            owner = last_segment(fixes.text(path)) if path is not None else ""
            if last[:1].isupper() or (owner[:1].isupper() and owner != "Tensor"):
                return True
    return False


def carried_together(name: str, body: Node, fixes: Fixes) -> list[str]:
    """`name` and the other fields of its struct that the passes write as well (an LSTM's
    `cell.h` and `cell.c`, kept by `self.h = ..; self.c = ..` in its method, or assigned in the
    loop's body): each carries its own graph into the next pass, so detaching one alone still
    panics at the other. Only fields declared a plain `Tensor<..>`, in declaration order."""
    if is_name(name) or "." not in name:
        return [name]
    owner, field_ = name.rsplit(".", 1)
    found: list[str] = []
    for node in descendants(fixes.source.root):
        fields = node.child_by_field_name("body") if node.type == "struct_item" else None
        type_name = node.child_by_field_name("name")
        if fields is None or type_name is None:
            continue
        declared = []
        for declaration in fields.named_children:
            kind = declaration.child_by_field_name("type")
            label = declaration.child_by_field_name("name")
            if declaration.type == "field_declaration" and kind is not None and label:
                if fixes.text(kind).replace(" ", "").startswith("Tensor<"):
                    declared.append(fixes.text(label))
        if field_ not in declared:
            continue
        written = set(_written_by_methods(fixes.text(type_name), fixes))
        for other in declared:
            if other == field_ or other in written or assignments(f"{owner}.{other}", body, fixes):
                found.append(f"{owner}.{other}")
        break
    return found if name in found else [name]


def _written_by_methods(type_name: str, fixes: Fixes) -> list[str]:
    """The fields `self.field = ..` assigns in the impls of `type_name`."""
    written = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None or last_segment(fixes.text(kind)) != type_name:
            continue
        for inner in descendants(block):
            left = (
                inner.child_by_field_name("left") if inner.type == "assignment_expression" else None
            )
            text = fixes.text(left) if left is not None else ""
            if text.startswith("self.") and text.count(".") == 1:
                written.append(text.removeprefix("self."))
    return written


def option_of_tensor(name: str, fixes: Fixes) -> bool:
    """Whether `name` (a variable, or the field it ends with) is declared `Option<Tensor<..>>`
    (`let mut memory: Option<Tensor<2>> = None;`): what a `Some(..)` puts in it is a tensor,
    whatever made it (a module's forward, which `is_tensor` cannot vouch for)."""
    return _declared_as(name, "Option", fixes)


def _declared_as(name: str, kinds: str, fixes: Fixes) -> bool:
    """Whether the field `name` ends with is declared `K<Tensor<..>>`, `K` matching `kinds`:
    `hidden: Option<Tensor<1>>`, or a tuple struct's (`window.0` of `struct Window(Option<
    Tensor<1>>, usize);`)."""
    field_ = name.rsplit(".", 1)[-1]
    if field_.isdigit():
        from pbpit.lint.analysis.index import NOT_A_TYPE  # (analysis imports the rules)

        at, declared_ = int(field_), re.compile(rf"(?:{kinds})\s*<\s*Tensor\b")
        for node in descendants(fixes.source.root):
            if node.type == "ordered_field_declaration_list":
                types = [c for c in node.named_children if c.type not in NOT_A_TYPE]
                if at < len(types) and declared_.match(fixes.text(types[at])):
                    return True
        return False
    declared = re.compile(
        rb"\b" + re.escape(field_.encode()) + rf"\s*:\s*(?:{kinds})\s*<\s*Tensor\b".encode()
    )
    return declared.search(fixes.data) is not None


def set_by_index(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether `body` assigns an element of the `Vec` `name` (`states[k] = ..`)."""
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is None or left.type != "index_expression" or not left.named_children:
            continue
        value = left.named_children[0]  # `states` of `states[k]`
        if value is not None:
            if fixes.text(value) == name and vec_of_tensors(name, fixes):
                return True
    return False
