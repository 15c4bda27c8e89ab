"""Every place a loop's body puts a tensor into a collection it keeps across passes (a map of
prototypes, a `Vec` of states): `m.insert(k, v)`, `*p = v` through the `&mut` that
`m.get_mut(&k)` gives (`if let Some(p) = ..`, a `Some(p)` arm of `match m.get_mut(..)`,
`let p = m.get_mut(&k).unwrap()`), `entry(k).and_modify(|p| *p = v)`, `entry(k).or_insert(v)`
and `or_insert_with(|| v)`, `*m.entry(k).or_insert(d) = v`, `let p = m.entry(k).or_insert(..);
*p = v`, `for p in m.values_mut()` / `m.iter_mut()` / `&mut m` then `*p = v`; of a `Vec` or a
`VecDeque`, `push(v)`, `push_back(v)`, `push_front(v)`, `v[i] = x`.

A tracked tensor put there at any one of them carries its graph into the pass that reads the
entry again, so the fix detaches what each write stores (`protos.insert(k, updated.detach())`,
`*p = (p.clone() * 0.8 + emb * 0.2).detach();`): one write left tracked still panics at a later
pass (the `Some` arm of an update, reached once a key comes back)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes
from pbpit.lint.map_places import FILLS, method_of, receiver_of, written_place
from pbpit.rust.syntax import Node, descendants

_PUTS = {"insert": 1, "push": 0, "push_back": 0, "push_front": 0}
"""A method that stores one of its arguments, by its argument's index."""


def stored_values(name: str, body: Node, fixes: Fixes) -> list[Node]:
    """The value nodes the writes into `name` within `body` store (see the module), in order."""
    found: list[Node] = []
    for node in descendants(body):
        if node.type == "call_expression":
            found += _call_stores(name, node, fixes)
        elif node.type == "assignment_expression":
            value = _assigned_into(name, node, fixes)
            if value is not None:
                found.append(value)
    return sorted({n.start_byte: n for n in found}.values(), key=lambda n: n.start_byte)


def _of(name: str, node: Node | None, fixes: Fixes, methods: tuple[str, ...]) -> bool:
    """Whether `node` is `name.method(..)` of one of `methods`."""
    return receiver_of(node, fixes.text, methods) == name


def _call_stores(name: str, call: Node, fixes: Fixes) -> list[Node]:
    receiver, method, arguments = method_of(call, fixes.text)
    if receiver is None:
        return []
    if method in _PUTS and fixes.text(receiver) == name and len(arguments) == _PUTS[method] + 1:
        return [arguments[-1]]
    while method in FILLS and method_of(receiver, fixes.text)[1] == "and_modify":
        receiver = method_of(receiver, fixes.text)[0]  # `m.entry(k).and_modify(..).or_insert(v)`
    if method in FILLS and _of(name, receiver, fixes, ("entry",)) and len(arguments) == 1:
        parent = call.parent
        if parent is not None and parent.type == "unary_expression":
            return []  # `*m.entry(k).or_insert(d) = v`: `v` replaces `d` at once
        given = arguments[0]
        if method == "or_insert_with":
            if given.type != "closure_expression":
                return []
            given = given.child_by_field_name("body")
            if given is None or given.type == "block":
                return []
        return [given]
    return []


def _assigned_into(name: str, node: Node, fixes: Fixes) -> Node | None:
    """The right side of `*p = v` (`name[i] = v`) when it writes into `name`, else None."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return None
    if left.type == "index_expression" and left.named_children:
        base = left.named_children[0]
        return right if fixes.text(base) == name else None
    if left.type == "field_expression":  # `e.0 = ..` of `if let Some(e) = m.get_mut(&k)`
        root = left.child_by_field_name("value")
        if root is not None and root.type == "identifier":
            return right if written_place(fixes.text, root) == name else None
        return None
    if left.type != "unary_expression" or not fixes.text(left).startswith("*"):
        return None
    inner = left.named_children[0] if left.named_children else None
    return right if inner is not None and written_place(fixes.text, inner) == name else None


def _helper_writes(name: str, body: Node, fixes: Fixes) -> list[Node]:
    """The values a free function of the file stores in the collection `name` that `body`
    lends it (`remember(&mut targets, task, out)` of `fn remember(targets: &mut BTreeMap<..>,
    ..)`): the writes into its parameter, in its body."""
    found: list[Node] = []
    for call in descendants(body):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        arguments = call.child_by_field_name("arguments")
        if function is None or function.type != "identifier" or arguments is None:
            continue
        given = [re.sub(r"\s+", "", fixes.text(a)) for a in arguments.named_children]
        if f"&mut{name}" not in given:
            continue
        index = given.index(f"&mut{name}")
        for item in _functions(fixes.text(function), fixes):
            parameters = item.child_by_field_name("parameters")
            own = [p for p in parameters.named_children if p.type == "parameter"]
            pattern = own[index].child_by_field_name("pattern") if index < len(own) else None
            scope = item.child_by_field_name("body")
            if pattern is not None and scope is not None and pattern.type == "identifier":
                found += stored_values(fixes.text(pattern), scope, fixes)
    return found


def _said(text: str) -> str:
    """A stored value as the words name it: `emb` of `emb.clone()`, any other as written."""
    name = text.removesuffix(".clone()")
    return name if re.fullmatch(r"[A-Za-z_]\w*", name) else text


def _parts_of(value: Node) -> list[Node]:
    """The tensors of a value stored: `value` itself, or of a tuple (`(z.clone(), 1)`, `(h_new,
    c_new)`), every element but a literal (a tuple has no `.detach()`)."""
    if value.type != "tuple_expression":
        return [value]
    return [e for e in value.named_children if not e.type.endswith("_literal")]


def _pushed(value: Node, fixes: Fixes) -> bool:
    """Whether `value` is the argument of a `push`, `push_back` or `push_front`."""
    arguments = value.parent
    call = arguments.parent if arguments is not None else None
    if call is None or call.type != "call_expression":
        return False
    return method_of(call, fixes.text)[1] in ("push", "push_back", "push_front")


def _functions(name: str, fixes: Fixes) -> list[Node]:
    """The file's free functions named `name` (not methods: those of an `impl` are left)."""
    return [
        node
        for node in descendants(fixes.source.root)
        if node.type == "function_item"
        and node.parent is not None
        and node.parent.type != "declaration_list"
        and fixes.text(node.child_by_field_name("name")) == name
    ]


_MADE = re.compile(
    r"Tensor\s*(?:::\s*<[^>]*>\s*)?::\s*(?:zeros|ones|full|empty|from_floats|from_data|"
    r"from_ints|from_bool|arange|random)\s*(?:::\s*<[^>]*>\s*)?\("
)


def _made_here(value: Node, fixes: Fixes) -> bool:
    """Whether `value` is a tensor a constructor makes from nothing (`Tensor::<2>::zeros(..)`),
    untracked (a leaf, with `.require_grad()`): no graph to carry."""
    return _MADE.match(fixes.text(value).strip()) is not None


def detach_each_write(tensor: str, name: str, body: Node, fixes: Fixes) -> Help | None:
    """The help detaching what every write into `name` stores (see the module), as code; None
    where `body` writes nothing into it or every write is detached already. One write of
    `tensor` itself is said as a push is (`detach `feat` where it is put in `seen``)."""
    from pbpit.lint.rules.loop_external_words import detach_where_put_help

    values = stored_values(name, body, fixes) + _helper_writes(name, body, fixes)
    values = [e for v in values for e in _parts_of(v)]
    left = [v for v in values if not fixes.detached_already(v) and not _made_here(v, fixes)]
    if not left or all(_pushed(v, fixes) for v in left):
        return None  # pushes alone: the words of a push (`carried_state`'s) are the fix's
    if _read_within_pass(name, values, fixes):
        return None  # detached where set, a later write of the pass loses its gradient
    edits: list[Edit] = []
    for value in left:
        edits += fixes.detach_edits(value)
    said = [_said(fixes.text(v)) for v in left]
    if said == [tensor]:
        return detach_where_put_help(tensor, name, edits)
    if len(left) == 1:
        where = f"`{said[0]}` where it is put in `{name}` (line {left[0].start_point[0] + 1})"
    else:
        lines = ", ".join(
            f"line {v.start_point[0] + 1}: `{text}`" for v, text in zip(left, said, strict=True)
        )
        where = f"each tensor where it is put in `{name}` ({lines})"
    return Help(
        f"detach {where}: gradients stop at the pass boundary, and later passes read the same "
        "values, as data (a write left tracked would carry its graph into the pass that reads "
        "the entry again)",
        edits,
    )


def _read_within_pass(name: str, values: list[Node], fixes: Fixes) -> bool:
    """Whether a value stored in `name[j]` reads an element an earlier write of the same pass
    stored (`states[0] = f(..); states[1] = g(states[0].clone(), ..)`): detached where it is
    set, `states[0]` would give `states[1]`'s loss no gradient within the pass, which the
    program trains through (`carried_state`'s detach at the end of the pass keeps it)."""
    written: set[str] = set()
    for value in sorted(values, key=lambda v: v.start_byte):
        for node in descendants(value):
            base = node.named_children[0] if node.type == "index_expression" else None
            if base is not None and fixes.text(base) == name:
                index = node.named_children[-1]
                if fixes.text(index).replace(" ", "") in written:
                    return True
        target = _index_written(name, value, fixes)
        if target is not None:
            written.add(target)
    return False


def _index_written(name: str, value: Node, fixes: Fixes) -> str | None:
    """The index `j` of `name[j] = value`, without spaces; None for another write."""
    parent = value.parent
    if parent is None or parent.type != "assignment_expression":
        return None
    left = parent.child_by_field_name("left")
    if left is None or left.type != "index_expression" or left.named_child_count != 2:
        return None
    if fixes.text(left.named_children[0]) != name:
        return None
    return fixes.text(left.named_children[1]).replace(" ", "")
