"""State detached on the line that carries it into the next pass, as a Rust user writes it:
`hidden = h_next;` made `hidden = h_next.detach();` (in the loop's body), `self.memory =
summary.clone();` made `self.memory = summary.clone().detach();` (in the one method of the
struct that writes the field, called once a pass), rather than a line `hidden =
hidden.detach();` added at the end of the pass.

Only where that one assignment is what the next pass gets and nothing after it in the pass (or
in the method) reads the state: detached there, the pass's own gradients are those of the
original (the first backward's, which `fix_check` compares). Anywhere else (two assignments, a
read after it: `h = cell(x, h); let loss = h.sum()`) None, and the caller adds the line at the
end of the pass."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name, last_segment
from pbpit.lint.rules.literal_fields import detach_literal
from pbpit.lint.rules.pass_shape import assignments
from pbpit.rust.syntax import Node, descendants

LOOPS = ("for_expression", "while_expression", "loop_expression", "closure_expression")


@dataclass
class Carry:
    """The assignment that carries the state, and its edit."""

    line: int  # 1-based
    value: str  # the tensor put there, as written (`h_next`), or "" for an expression
    edits: list[Edit]
    each: bool = False  # a collection of tensors (`new_hs`): each tensor of it detached


def carry_help(name: str, carry: Carry, leaf: bool = False) -> Help:
    """The help of a detach on the carrying line, naming the binding and the line."""
    what = f"`{carry.value}`" if carry.value else "the new value"
    if carry.each:
        # `hs = new_hs;` of a `Vec` of states: neither a `Vec` nor an array has `.detach()`.
        what = f"each tensor of {what if carry.value else 'the new states'}"
    if leaf:
        # It entered the loop as a leaf that requires grad: it must stay one.
        return Help(
            f"make {what} a new leaf where it is put in `{name}`, line {carry.line}, as it "
            "entered the loop",
            carry.edits,
        )
    return Help(
        f"detach {what} where it is put in `{name}`, line {carry.line}, the state the next "
        "pass reads: gradients stop at the pass boundary",
        carry.edits,
    )


def detach_at_carry(name: str, body: Node, leaf: bool, fixes: Fixes) -> Carry | None:
    """The edit detaching what the one assignment `name = ..` of the loop's `body` puts, when
    that assignment is a statement of `body` itself and no later statement names `name`."""
    found = assignments(name, body, fixes)
    if len(found) != 1:
        return None
    carry = _carry(found[0], body, name, leaf, fixes)
    if carry is None or _named_after(found[0], body, name, fixes):
        return None
    return carry


def detach_in_method(name: str, body: Node, leaf: bool, fixes: Fixes) -> Carry | None:
    """For a struct's field `owner.field` (`reader.memory`) that the loop's body never names:
    the edit detaching what the one `self.field = ..` of the struct's methods puts, when that
    method is called once in the body (not in an inner loop), the assignment is a statement of
    the method's body, and no later statement of it reads `self.field`."""
    if (
        is_name(name)
        or name.count(".") != 1
        or re.search(r"\b" + re.escape(name) + r"\b", fixes.text(body))
    ):
        return None
    field_ = name.split(".")[1]
    writes = []
    for method, scope in _methods(fixes):
        writes += [(method, scope, n) for n in assignments(f"self.{field_}", scope, fixes)]
    if len(writes) != 1:
        return None
    method, scope, node = writes[0]
    owner = name.split(".")[0]
    if len(_calls(method, body, fixes, owner)) != 1:
        return None  # `runner.step(..)` once a pass (`optim.step(..)` is another's)
    for other, within in _methods(fixes):
        read = re.search(r"\bself\." + re.escape(field_) + r"\b", fixes.text(within))
        if other != method and read and _calls(other, body, fixes):
            return None  # another method the pass calls reads it: it may read it after the write
    carry = _carry(node, scope, f"self.{field_}", leaf, fixes)
    if carry is None or _named_after(node, scope, f"self.{field_}", fixes):
        return None
    return carry


def _carry(node: Node, block: Node, name: str, leaf: bool, fixes: Fixes) -> Carry | None:
    statement = node.parent
    right = node.child_by_field_name("right")
    if (
        statement is None
        or statement.type != "expression_statement"
        or statement.parent != block
        or right is None
        or right.type == "macro_invocation"
        or fixes.detached_already(right, leaf)
    ):
        return None
    if right.type in ("tuple_expression", "struct_expression"):
        # `self.state = (h.clone(), c);`: each tensor of the literal detached where it is put.
        put = detach_literal(right, fixes, leaf)
        return Carry(node.start_point[0] + 1, "", put) if put else None
    value = fixes.text(right)
    tail = ".detach().require_grad()" if leaf else ".detach()"
    kind = collection_kind(name, node, fixes)
    if kind is not None:
        # `hs = new_hs;` of a `Vec` (an array, a `VecDeque`) of states: `.detach()` is each
        # tensor's, not the collection's.
        return _collection_carry(node, right, kind, tail, fixes, name)
    cloned = value.removesuffix(".clone()")
    width = _tuple_width(name, node, fixes) if is_name(name) and is_name(cloned) else None
    if width is not None:
        # `state = next;` of a tuple of tensors (`let mut state = (Tensor::zeros(..), ..)`):
        # `.detach()` is each tensor's, not the tuple's.
        parts = ", ".join(
            f"{cloned}.{i}{'.clone()' if cloned != value else ''}{tail}" for i in range(width)
        )
        edits = [fixes.edit(right.start_byte, right.end_byte, f"({parts})")]
        return Carry(node.start_point[0] + 1, cloned, edits)
    if cloned != value and is_name(cloned) and not _named_after(node, block, cloned, fixes):
        # `self.memory = summary.clone();` and `summary` not read again: the clone is not needed.
        edits = [fixes.edit(right.start_byte, right.end_byte, f"{cloned}{tail}")]
    else:
        edits = fixes.detach_edits(right)
        if leaf:
            edits[-1] = replace(edits[-1], replacement=edits[-1].replacement + ".require_grad()")
    said = cloned if all(is_name(part) for part in cloned.split(".")) else ""
    return Carry(node.start_point[0] + 1, said, edits)


VEC, DEQUE, ARRAY = "vec", "deque", "array"
"""What `collection_kind` finds a carried name holds its tensors in: a `Vec` or a `VecDeque`
(made again by `collect()`, a `VecDeque` named: `collect::<VecDeque<_>>()`) or an array
(`[Tensor<2>; 2]`, whose `map` keeps its length)."""


def collection_kind(name: str, node: Node, fixes: Fixes) -> str | None:
    """Whether the state `name` (a variable, or a field: the last segment) is a collection of
    tensors: its written type (`hs: Vec<Tensor<2>>`, `VecDeque<..>`, `[Tensor<2>; 2]`, of a
    `let` or a struct's field), else the value of the last `let` of it before `node`
    (`vec![..]`, `Vec::new()`, `VecDeque::..`, an array literal of tensors); None for anything
    else (a tensor, a tuple, a struct)."""
    field_ = name.rsplit(".", 1)[-1]
    if field_.isdigit():
        return None
    typed = re.compile(
        rb"\b" + re.escape(field_.encode()) + rb"\s*:\s*(?:(?:std::collections::)?(Vec|VecDeque)"
        rb"\s*<\s*\(?\s*Tensor\b|(\[)\s*Tensor\s*<[^<>]*>\s*;)"
    )
    found = typed.search(fixes.data)
    if found is not None:
        return ARRAY if not found.group(1) else DEQUE if found.group(1) == b"VecDeque" else VEC
    if not is_name(name):
        return None
    function = node.parent
    while function is not None and function.type != "function_item":
        function = function.parent
    value = None
    for current in descendants(function) if function is not None else ():
        pattern = current.child_by_field_name("pattern")
        if current.type != "let_declaration" or pattern is None:
            continue
        if current.start_byte > node.start_byte:
            break
        if pattern.type == "mut_pattern" and pattern.named_children:
            pattern = pattern.named_children[-1]
        if pattern.type == "identifier" and fixes.text(pattern) == name:
            value = current.child_by_field_name("value")
    if value is None:
        return None
    text = fixes.text(value)
    made = re.match(r"(?:vec!|(?:std::collections::)?(Vec|VecDeque)\s*::)", text)
    if made is not None:
        return DEQUE if made.group(1) == "VecDeque" else VEC
    if value.type in ("array_expression",) and text.lstrip("[").lstrip().startswith("Tensor"):
        return ARRAY
    return None


def _pair_width(name: str, fixes: Fixes) -> int:
    """How many tensors each element of the collection `name` is declared to hold: the tuple's
    (`Vec<(Tensor<2>, Tensor<2>)>`: 2), else 1."""
    field_ = re.escape(name.rsplit(".", 1)[-1].encode())
    found = re.search(
        rb"\b" + field_ + rb"\s*:\s*(?:std::collections::)?(?:Vec|VecDeque)\s*<\s*\(([^()]*)\)\s*>",
        fixes.data,
    )
    if found is None:
        return 1
    parts = [p for p in re.split(rb",(?![^<>]*>)", found.group(1)) if p.strip()]
    return len(parts) if all(p.strip().startswith(b"Tensor") for p in parts) else 1


def _collection_carry(
    node: Node, right: Node, kind: str, tail: str, fixes: Fixes, name: str = ""
) -> Carry:
    """The carry of a collection of states, each tensor detached where it is put: an array
    literal's elements one by one (`[h0.detach(), h1.detach()]`), else the whole value mapped
    (`new_hs.into_iter().map(|h| h.detach()).collect()`, an array's `next.map(|h| h.detach())`,
    of the value as written: `new_hs.clone()` is cloned first)."""
    line = node.start_point[0] + 1
    if right.type == "array_expression" and right.named_children:
        edits = []
        for element in right.named_children:
            if element.type in ("line_comment", "block_comment"):
                continue
            if not fixes.detached_already(element, tail != ".detach()"):
                edits += [
                    replace(e, replacement=e.replacement.replace(".detach()", tail))
                    for e in fixes.detach_edits(element)
                ]
        return Carry(line, "", edits, each=True)
    value = fixes.text(right)
    if right.type not in ("identifier", "field_expression", "call_expression", "index_expression"):
        value = f"({value})"
    arity = _pair_width(name, fixes)
    each = f"|t| t{tail}"
    if arity > 1:
        # `Vec<(Tensor<2>, Tensor<2>)>` of (h, c) pairs: each tensor of each pair.
        parts = [f"t{i}" for i in range(arity)]
        each = f"|({', '.join(parts)})| ({', '.join(p + tail for p in parts)})"
    if kind == ARRAY:
        mapped = f"{value}.map({each})"
    else:
        # (A `VecDeque` named: pbpit's checker takes a bare `collect()` for a `Vec`.)
        deque = (
            "VecDeque"
            if re.search(rb"\buse\b[^;]*\bVecDeque\b", fixes.data)
            else ("std::collections::VecDeque")
        )
        into = f"::<{deque}<_>>" if kind == DEQUE else ""
        mapped = f"{value}.into_iter().map({each}).collect{into}()"
    said = fixes.text(right).removesuffix(".clone()")
    said = said if all(is_name(part) for part in said.split(".")) else ""
    return Carry(line, said, [fixes.edit(right.start_byte, right.end_byte, mapped)], each=True)


def _declared_parts(name: str, fixes: Fixes) -> list[str]:
    """The types a tuple `name` (or the field it ends with) is declared with (`state: (Vec<
    Tensor<2>>, usize)`: `Vec<Tensor<2>>`, `usize`), spaces removed; [] when not declared so."""
    field_ = re.escape(name.rsplit(".", 1)[-1].encode())
    found = re.search(rb"\b" + field_ + rb"\s*:\s*\(", fixes.data)
    if found is None:
        return []
    depth, start, parts = 0, found.end(), []
    for at in range(found.end(), len(fixes.data)):
        char = fixes.data[at : at + 1]
        if char in (b"(", b"<", b"["):
            depth += 1
        elif char in (b">", b"]") or (char == b")" and depth > 0):
            depth -= 1
        elif char == b")" or (char == b"," and depth == 0):
            parts.append(re.sub(rb"\s+", b"", fixes.data[start:at]).decode())
            start = at + 1
            if char == b")":
                break
    return [p for p in parts if p]


def tuple_of_collections(
    right: Node, leaf: bool, fixes: Fixes, name: str = ""
) -> list[Edit] | None:
    """The edits detaching a tuple literal put in the state (`state = (new_hs, state.1 + 1);`)
    where some element is a collection of tensors the pass made (`let mut new_hs =
    Vec::new();`): each such collection's tensors mapped (`new_hs.into_iter().map(|t|
    t.detach()).collect()`), each tensor element detached, other elements (a counter) kept; None
    when no element is such a collection."""
    if right.type != "tuple_expression":
        return None
    tail = ".detach().require_grad()" if leaf else ".detach()"
    edits: list[Edit] = []
    collections = 0
    declared = _declared_parts(name, fixes) if name else []
    elements = [e for e in right.named_children if e.type not in ("line_comment", "block_comment")]
    for index, element in enumerate(elements):
        text = fixes.text(element)
        kind = collection_kind(text, element, fixes) if is_name(text) else None
        typed = declared[index] if index < len(declared) else ""
        if kind is not None:
            collections += 1
            edits += _collection_carry(element, element, kind, tail, fixes, text).edits
        tensor = typed.startswith("Tensor<") or (not declared and fixes.is_tensor(element, element))
        if kind is None and tensor and not fixes.detached_already(element, leaf):
            edits += [
                replace(e, replacement=e.replacement.replace(".detach()", tail))
                for e in fixes.detach_edits(element)
            ]
    return edits if collections else None


def _tuple_width(name: str, node: Node, fixes: Fixes) -> int | None:
    """The number of tensors of the tuple the last `let` of `name` before `node` in its
    function binds it to (`let mut state = (Tensor::<2>::zeros(..), Tensor::<2>::zeros(..));`),
    or None when that `let` binds no tuple of tensors only."""
    function = node.parent
    while function is not None and function.type != "function_item":
        function = function.parent
    if function is None:
        return None
    found = None
    for current in descendants(function):
        pattern = current.child_by_field_name("pattern")
        if (
            current.type != "let_declaration"
            or pattern is None
            or current.start_byte > node.start_byte
        ):
            continue
        if pattern.type == "mut_pattern" and pattern.named_children:
            pattern = pattern.named_children[-1]
        if pattern.type == "identifier" and fixes.text(pattern) == name:
            found = current
    value = found.child_by_field_name("value") if found is not None else None
    if value is None or value.type != "tuple_expression":
        return None
    elements = [e for e in value.named_children if e.type not in ("line_comment", "block_comment")]
    if len(elements) < 2 or not all(_made_tensor(e, fixes) for e in elements):
        return None
    return len(elements)


def _made_tensor(element: Node, fixes: Fixes) -> bool:
    """Whether a tuple's element is a tensor by its form: `Tensor::<2>::zeros(..)` (any
    `Tensor::` function), a tensor method's result."""
    return fixes.text(element).startswith("Tensor::") or fixes.is_tensor(element, element)


def _named_after(node: Node, block: Node, name: str, fixes: Fixes) -> bool:
    """Whether a statement of `block` after the one holding `node` names `name` (a variable, or
    `owner.field` read whole)."""
    variable = name.split(".")[0]
    for later in block.named_children:
        if later.start_byte < node.end_byte:
            continue
        text = fixes.text(later)
        if "." in name:
            if re.search(r"\b" + re.escape(name) + r"\b", text):
                return True
        elif any(fixes.text(n) == variable for n in identifiers(later)):
            return True
    return False


def _methods(fixes: Fixes) -> list[tuple[str, Node]]:
    """Each method of the file's impls (of a struct), by name, with its body."""
    found = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None or not last_segment(fixes.text(kind))[:1].isupper():
            continue
        for function in block.named_children:
            label = function.child_by_field_name("name")
            scope = function.child_by_field_name("body")
            if function.type == "function_item" and label is not None and scope is not None:
                found.append((fixes.text(label), scope))
    return found


def _calls(method: str, body: Node, fixes: Fixes, receiver: str | None = None) -> list[Node]:
    """The calls `.method(..)` in `body` (on `receiver` only, when given); one in an inner loop
    or closure counts twice (it may run more than once a pass)."""
    found = []
    for node in descendants(body):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        field_ = function.child_by_field_name("field") if function is not None else None
        if field_ is None or fixes.text(field_) != method:
            continue
        value = function.child_by_field_name("value") if function is not None else None
        if receiver is not None and (value is None or fixes.text(value) != receiver):
            continue
        found.append(node)
        around = node.parent
        while around is not None and around != body:
            if around.type in LOOPS:
                found.append(node)
                break
            around = around.parent
    return found


def pushed_carrier(tensor: str, entry: set[str], body: Node, fixes: Fixes) -> str | None:
    """The variable in scope as the loop starts (`entry`) that carries `tensor` into the next
    pass through a collection the pass fills: `pairs` of `pairs = next_pairs;`, the `Vec` made
    in the pass (`let mut next_pairs = Vec::new();`) and pushed `tensor` into
    (`next_pairs.push((h_new.clone(), c_new))`), read by the next pass through a pattern of an
    inner `for` (`(h, c)` of `.zip(pairs.iter())`), not by the name that pattern binds. None
    where no one such assignment is a statement of `body`."""
    found = []
    for statement in body.named_children:
        node = statement.named_children[0] if statement.named_child_count else None
        if statement.type != "expression_statement" or node is None:
            continue
        if node.type != "assignment_expression":
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or right.type != "identifier":
            continue
        carrier, filled = fixes.text(left), fixes.text(right)
        if carrier not in entry or not is_name(carrier):
            continue
        made = re.search(
            rb"\blet\s+mut\s+" + re.escape(filled.encode()) + rb"\b[^=;]*=\s*(?:Vec|VecDeque)"
            rb"\s*(?:::\s*<[^;]*>\s*)?::\s*(?:new|with_capacity)\s*\(",
            fixes.data[body.start_byte : body.end_byte],
        )
        pushes = [
            call
            for call in descendants(body)
            if call.type == "call_expression"
            and re.fullmatch(
                re.escape(filled) + r"\s*\.\s*push(?:_back)?", fixes.text(call.children[0])
            )
            and any(fixes.text(n) == tensor for n in identifiers(call))
        ]
        if made is not None and pushes:
            found.append(carrier)
    return found[0] if len(found) == 1 else None
