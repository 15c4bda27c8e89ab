"""The fixes of `loop-external-tracked` for state carried from one pass of a loop into the next:
detached where it is carried (`h = h.detach();` as the body's last line, the tensor an `Option`
field holds detached where it is put), or a collection the passes fill emptied once its backward
has run; each said in words where the edit cannot be written."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name, last_segment
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.literal_fields import (
    carried_parts,
    detach_constructed,
    detach_literal,
    fields_put,
)
from pbpit.lint.rules.method_fields import detach_in_methods
from pbpit.lint.rules.vec_state import detach_elements_each_pass, std_push, vec_of_tensors
from pbpit.lint.values import Definition
from pbpit.rust.syntax import Node, descendants

if TYPE_CHECKING:
    from pbpit.diagnose.from_trace import TraceFinding


def empty_each_pass_help(name: str, edits: list[Edit]) -> Help:
    """For a collection the loop's passes fill (`push`): empty it once its backward has run."""
    message = (
        f"empty `{name}` at the end of each pass, once its backward has run: the next pass's "
        "loss then holds none of this pass's tensors"
    )
    if not edits:
        return Help(f"{message} (`{name}.clear();`, or `std::mem::take` it where it is read)")
    return Help(message, edits)


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


def pushed(definition: Definition, fixes: Fixes) -> bool:
    """Whether `definition` is a tensor put into a collection (`self.log_probs.push(..)`): what
    carries it is a `Vec`, not a tensor, and `.detach()` on it would not compile."""
    node = definition.statement
    if node is not None and node.type == "expression_statement" and node.named_children:
        node = node.named_children[0]
    function = node.child_by_field_name("function") if node is not None else None
    field_ = function.child_by_field_name("field") if function is not None else None
    return (
        node is not None
        and node.type == "call_expression"
        and field_ is not None
        and fixes.text(field_) in ("push", "push_back", "push_front", "insert", "extend")
        and std_push(_receiver(function, fixes), fixes.text(field_), fixes)
    )


def _receiver(function: Node, fixes: Fixes) -> str:
    value = function.child_by_field_name("value")
    return fixes.text(value) if value is not None else ""


def filled(name: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop's passes put tensors into `name` (`saved.push(..)` in its body) and
    read it only after their first push: what each pass needs of it is what it put there, so
    it may be emptied once the backward has run. A pass that reads it before it pushes
    (`history[history.len() - 1]`) needs what the earlier passes put: not emptied."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    pushes = [] if body is None else push_calls(name, body, fixes)
    if body is None or not pushes:
        return False
    first = min(call.start_byte for call, _ in pushes)
    variable = name.split(".")[0]
    return not any(fixes.text(n) == variable and n.start_byte < first for n in identifiers(body))


def push_calls(name: str, body: Node, fixes: Fixes) -> list[tuple[Node, list[Node]]]:
    """The calls `name.push(..)` (`push_back`, `push_front`, `insert`, `extend`) in `body`,
    each with its arguments, in order."""
    found = []
    for node in descendants(body):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is None or function.type != "field_expression":
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        arguments = node.child_by_field_name("arguments")
        if (
            receiver is not None
            and method is not None
            and arguments is not None
            and fixes.text(receiver) == name
            and fixes.text(method) in ("push", "push_back", "push_front", "insert", "extend")
            and std_push(name, fixes.text(method), fixes)
        ):
            found.append((node, list(arguments.named_children)))
    return sorted(found, key=lambda pair: pair[0].start_byte)


def empty_each_pass(name: str, meeting: Meeting, fixes: Fixes) -> Help:
    """Empty each pass: `name.clear();` as the last statement of the loop's body."""
    fallback = empty_each_pass_help(name, [])
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if (
        body is None
        or body.type != "block"
        or meeting.in_macro
        or not fixes.reachable(name, body)
        or binds_anew(name.split(".")[0], body, fixes)
    ):
        return fallback
    if continues(body, fixes) or breaks_within(meeting.loop, body):
        # A pass that leaves early skips the body's last line: the collection is emptied right
        # after the statement of the backward instead (nothing after it reads the collection).
        edit = after_backward(name, body, meeting.earlier.span, fixes)
    else:
        edit = fixes.append_line(body, f"{name}.clear();")
    return fallback if edit is None else empty_each_pass_help(name, [edit])


def keep_detached(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For a map the loop inserts into at its counter (`cache.insert(step, ..)`) and reads at
    another key too (`cache.get(&(step - 1))`, the previous pass's): emptying it would leave
    that read nothing; instead, once the pass's backward has run, its entry is kept detached
    (`let detached = cache[&step].clone().detach(); cache.insert(step, detached);`), which
    later passes read as data; said in words. Where the pass inserts a tensor it names
    (`seen.insert(epoch, feat.clone())`), that tensor is detached where it is put, as code.
    None where that is not the case."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or body.type != "block" or meeting.in_macro or not is_name(name):
        return None
    text = fixes.text(body)
    inserted = re.search(re.escape(name) + r"\.insert\(\s*(" + NAME_RE + r")\s*,", text)
    if inserted is None or "detached" in identifier_texts(body, fixes):
        return None
    key = inserted[1]
    reads = re.findall(re.escape(name) + r"(?:\.get\(|\[)\s*&\s*(\(?[^)\]]*\)?)", text)
    if not any(read.strip() != key for read in reads):
        return None  # read at this pass's key only: emptying it is the fix
    tensor = meeting.definition.name
    put = detach_at_push(tensor, name, meeting, fixes, cloned=True)
    if put:
        # The tensor the pass inserts, named there (`seen.insert(epoch, feat.clone())`):
        # detached where it is put, every entry is data for the passes that read it.
        from pbpit.lint.rules.loop_external_words import detach_where_put_help

        return detach_where_put_help(tensor, name, put)
    # Said in words: lint, reading the edited file, cannot tell the entry kept is detached.
    return Help(
        f"keep `{name}`'s entry of each pass detached once its backward has run, for later "
        "passes to read as data (the gradient no longer flows into an earlier pass's tensor): "
        f"after the backward, `let detached = {name}[&{key}].clone().detach(); "
        f"{name}.insert({key}, detached);`"
    )


NAME_RE = r"[A-Za-z_]\w*"


def identifier_texts(node: Node, fixes: Fixes) -> set[str]:
    """The identifiers named in `node`."""
    return {fixes.text(n) for n in identifiers(node)}


def after_backward(name: str, body: Node, backward: tuple[int, int], fixes: Fixes) -> Edit | None:
    """`name.clear();` on the line after the statement of `body` that runs the backward at
    `backward` (file bytes); None when that statement is not one of the body's own, shares its
    lines, or a statement after it names `name`'s variable or leaves the pass."""
    inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
    start, end = backward
    at = next((i for i, c in enumerate(inner) if c.start_byte <= start < end <= c.end_byte), None)
    if at is None or not fixes.whole_lines(inner[at]):
        return None
    variable = name.split(".")[0]
    for later in inner[at:]:
        if later is not inner[at] and any(fixes.text(n) == variable for n in identifiers(later)):
            return None
    statement = inner[at]
    if statement.end_point[0] >= body.end_point[0]:
        return None
    start = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}{name}.clear();{fixes.newline}"
    return fixes.edit(start, start, line)


def detach_each_pass(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help:
    """Detach each pass: `name = name.detach();` as the last statement of the loop's body (of
    the one part of a struct that carries it: `state.c = state.c.clone().detach();`)."""
    detached = f"{name}.detach().require_grad()" if leaf else f"{name}.detach()"
    if not is_name(name):
        # A field (`self.hidden`): `.detach()` takes it by value, out of a borrow.
        detached = detached.replace(".detach()", ".clone().detach()", 1)
    fallback = detach_each_pass_help(name, [], leaf, f"{name} = {detached};")
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
    if field_holds_tensors(name, fixes):
        # `let mut history: Vec<Tensor<2>>`, filled by `push`: a Vec has no `.detach()`.
        message = (
            f"detach the tensors `{name}` holds where they are put in it "
            f"(`{name}.push(h.detach())`): gradients stop at the pass boundary"
        )
        pushes = [] if body is None or meeting.in_macro else push_calls(name, body, fixes)
        tensors = [arguments[0] for _, arguments in pushes if len(arguments) == 1]
        if not pushes or len(tensors) != len(pushes):
            return Help(message)
        if not all(fixes.is_tensor(t, body) for t in tensors):
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
    together = parts or carried_together(name, body, fixes)
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
        help_ = Help(help_.message.replace(f"`{name}`", said, 1), help_.edits)
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
    field_ = name.rsplit(".", 1)[-1]
    declared = re.compile(
        rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*(?:Option|Vec|VecDeque)\s*<\s*Tensor\b"
    )
    return declared.search(fixes.data) is not None


def detach_put(name: str, body: Node, leaf: bool, fixes: Fixes) -> list[Edit]:
    """`name = Some(tensor)` made `name = Some(tensor.detach())` (a struct literal's tensor
    fields each detached: `literal_fields`), at every assignment of `name` in `body`; none
    unless each puts one tensor in a `Some`, or is a literal of one of the file's structs."""
    edits = []
    for node in assignments(name, body, fixes):
        right = node.child_by_field_name("right")
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
        if not fixes.is_tensor(tensor, body) and not option_of_tensor(name, fixes):
            return []  # `Some(new_state)` of an `LstmState`: no `.detach()` on it
        if fixes.detached_already(tensor, leaf):
            continue  # `state = Some(h.detach())`: detached where it is put already
        put = fixes.detach_edits(tensor)
        if leaf:
            put[-1] = replace(put[-1], replacement=put[-1].replacement + ".require_grad()")
        edits += put
    return edits


def assignments(name: str, body: Node, fixes: Fixes) -> list[Node]:
    """The assignments `name = ..` within `body`, in order."""
    found = []
    for node in descendants(body):
        left = node.child_by_field_name("left")
        if node.type == "assignment_expression" and left is not None and fixes.text(left) == name:
            found.append(node)
    return sorted(found, key=lambda n: n.start_byte)


def continues(body: Node, fixes: Fixes) -> bool:
    """Whether a `continue` of the loop whose body is `body` may skip its last statement."""
    stack = list(body.named_children)
    while stack:
        current = stack.pop()
        if current.type == "continue_expression":
            return True
        if current.type in ("for_expression", "while_expression", "loop_expression"):
            # An inner loop's own `continue` stays in it; a labelled one may leave it.
            if "continue '" not in fixes.text(current):
                continue
        if current.type == "closure_expression":
            continue
        stack.extend(current.named_children)
    return False


def breaks_within(loop: Node | None, body: Node) -> bool:
    """Whether the loop whose body is `body` may `break` and a loop around it (in the same
    function) runs it again."""
    around = loop.parent if loop is not None else None
    while around is not None and around.type not in ("function_item", "closure_expression"):
        if around.type in ("for_expression", "while_expression", "loop_expression"):
            break
        around = around.parent
    if around is None or around.type in ("function_item", "closure_expression"):
        return False
    stack = list(body.named_children)
    while stack:
        current = stack.pop()
        if current.type == "break_expression":
            return True
        if current.type in (
            "for_expression",
            "while_expression",
            "loop_expression",
            "closure_expression",
        ):
            continue  # an inner loop's own `break` stays in it
        stack.extend(current.named_children)
    return False


def binds_anew(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether a `let` in `body` binds `name`, shadowing the state the loop carries."""
    for current in descendants(body):
        pattern = current.child_by_field_name("pattern")
        if current.type == "let_declaration" and pattern is not None:
            if any(fixes.text(n) == name for n in identifiers(pattern)):
                return True
    return False


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
    field_ = name.rsplit(".", 1)[-1]
    declared = re.compile(rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*Option\s*<\s*Tensor\b")
    return declared.search(fixes.data) is not None


# -- an accumulator backpropagated every k passes and never reset --------------------------------

LOOPS = ("for_expression", "while_expression", "loop_expression", "closure_expression")


def reset_help(name: str, start: str, edits: list[Edit]) -> Help:
    """Reset the accumulator `name` to the value it started with (`start`) once its backward has
    run: each backward then gets the losses added since the last one, as before, and the next
    accumulation starts afresh."""
    message = (
        f"reset `{name}` right after the backward that consumed it, to the value it started "
        "with: the next accumulation starts afresh and the gradients stay as they are"
    )
    if not edits:
        return Help(f"{message} (`{name} = {start};`)")
    return Help(message, edits)


def accumulator_reset(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """For gradient accumulation (`acc = acc + loss` each pass, `acc.backward()` only in some
    passes, in an `if` of the loop's body, and never reset): `name = <its initial value>;`
    right after the statement of the backward. None for any other state (an RNN's `h` carried
    into every pass's backward is not reset: it is what the loop carries)."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or meeting.in_macro or not is_name(name) or loop is None:
        return None
    adds = assignments(name, body, fixes)
    if not adds or not all(_adds_to(name, node, fixes) for node in adds):
        return None
    start = _initial_value(name, loop, fixes)
    if start is None:
        return None
    block, statement = _backward_statement(body, meeting.earlier.span)
    if block is None or statement is None or block is body:
        return None  # a backward in every pass: nothing is accumulated across passes
    inner = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")]
    after = inner[inner.index(statement) + 1 :]
    if any(fixes.text(n) == name for later in after for n in identifiers(later)):
        return reset_help(name, start, [])
    if not fixes.whole_lines(statement) or statement.end_point[0] >= block.end_point[0]:
        return reset_help(name, start, [])
    at = fixes.line_start(statement.end_point[0] + 1)
    line = f"{fixes.indent_of(statement)}{name} = {start};{fixes.newline}"
    return reset_help(name, start, [fixes.edit(at, at, line)])


def _adds_to(name: str, node: Node, fixes: Fixes) -> bool:
    """Whether the assignment `node` adds to `name`: `name = name + x` (`name.clone() + x`,
    `x + name`)."""
    right = node.child_by_field_name("right")
    if right is None or right.type != "binary_expression":
        return False
    operator = right.child_by_field_name("operator")
    if operator is None or fixes.text(operator) != "+":
        return False
    operands = [right.child_by_field_name("left"), right.child_by_field_name("right")]
    return any(o is not None and fixes.text(o) in (name, f"{name}.clone()") for o in operands)


def _initial_value(name: str, loop: Node, fixes: Fixes) -> str | None:
    """The text of `VALUE` in the last `let mut name = VALUE;` before `loop` in its function,
    when it does not read `name` and spans one line."""
    function = loop.parent
    while function is not None and function.type not in ("function_item", "closure_expression"):
        function = function.parent
    if function is None:
        return None
    found = None
    for node in descendants(function):
        if node.type != "let_declaration" or node.start_byte >= loop.start_byte:
            continue
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        if pattern is None or value is None:
            continue
        if fixes.text(pattern) == name:
            found = value
    if found is None or "\n" in fixes.text(found):
        return None
    if any(fixes.text(n) == name for n in identifiers(found)):
        return None
    return fixes.text(found)


def _backward_statement(body: Node, span: tuple[int, int]) -> tuple[Node | None, Node | None]:
    """The innermost block of `body` (not in a nested loop or closure) with a statement holding
    the backward at `span` (file bytes), and that statement."""
    start, end = span
    block, statement = body, None
    while True:
        inner = [c for c in block.named_children if c.start_byte <= start and end <= c.end_byte]
        if not inner:
            return block, statement
        current = inner[0]
        statement = current
        deeper = current
        while deeper is not None and deeper.type != "block":
            if deeper.type in LOOPS:
                return None, None
            kids = [c for c in deeper.named_children if c.start_byte <= start and end <= c.end_byte]
            deeper = kids[0] if kids else None
        if deeper is None:
            return block, statement
        block = deeper


def detach_at_push(
    tensor: str, carrier: str, meeting: Meeting, fixes: Fixes, cloned: bool = False
) -> list[Edit]:
    """`.detach()` on `tensor` where the loop's one push into `carrier` names it once: as an
    argument (`buffer.push(t)`, `t.clone()`), or a struct literal's field (`Transition {
    state: s, target }` made `target: target.detach()`); with `cloned`, an argument that is
    its clone too (`map.insert(key, t.clone())` made `t.clone().detach()`); none otherwise."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    calls = push_calls(carrier, body, fixes) if body is not None else []
    if len(calls) != 1:
        return []
    _, arguments = calls[0]
    uses = [n for a in arguments for n in identifiers(a) if fixes.text(n) == tensor]
    if len(uses) != 1:
        return []
    use = uses[0]
    parent = use.parent
    if parent is not None and parent.type == "shorthand_field_initializer":
        return [fixes.edit(use.start_byte, use.end_byte, f"{tensor}: {tensor}.detach()")]
    if parent is not None and parent.type == "field_initializer":
        if parent.child_by_field_name("value") != use:
            return []
    elif cloned and parent is not None and parent.type == "field_expression":
        call = parent.parent
        method = parent.child_by_field_name("field")
        given = call.child_by_field_name("arguments") if call is not None else None
        if (
            call is None
            or call.type != "call_expression"
            or method is None
            or fixes.text(method) != "clone"
            or given is None
            or given.named_child_count
            or call.parent is None
            or call.parent.type != "arguments"
        ):
            return []
        return [fixes.edit(call.end_byte, call.end_byte, ".detach()")]
    elif parent is None or parent.type != "arguments":
        return []
    return [fixes.edit(use.end_byte, use.end_byte, ".detach()")]


def indexed(name: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop reads the collection `name` at an index a pass computes (`buffer[step
    / 2]`): emptied each pass, it holds the pass's own elements only, which `buf[0]` and
    `buf[buf.len() - 1]` still find, and that index may not."""
    start, end = meeting.loop_span
    word = rb"\b" + re.escape(name.encode()) + rb"\s*\[([^\]]*)\]"
    for found in re.finditer(word, fixes.data[start:end]):
        index = re.sub(rb"\s+", b"", found[1])
        if not re.fullmatch(rb"\d+|" + re.escape(name.encode()) + rb"\.len\(\)-1", index):
            return True
    return False


def emptied_at_pass_end(trace: TraceFinding, name: str) -> list[Edit]:
    """`name.clear();` as the last line of the body of the run's loop that carries it (a
    one-file Rust program whose loop ends on a line of its own); none otherwise."""
    from pbpit.diagnose.audit import find_loops
    from pbpit.source import Language, source_line

    result = trace.result
    if result.language is not Language.RUST or result.crate is not None:
        return []
    loops = find_loops(result.source, result.language)
    loop = next((loop for loop in loops if loop.line == trace.entry.loop_line), None)
    if loop is None or loop.end_line <= loop.body_line:
        return []
    if source_line(result.source, loop.end_line).strip() != "}":
        return []
    body = source_line(result.source, loop.body_line)
    indent = body[: len(body) - len(body.lstrip())]
    return [Edit(loop.end_line, 1, loop.end_line, 1, f"{indent}{name}.clear();\n")]
