"""State a struct's methods keep in a field of `self` (`self.mean = self.mean.clone() * m + ..`,
`self.items.push(keys)`, `self.by_class.insert(class, feats.clone())`), carried from pass to pass
by a value the loop holds. Where the loop cannot write the field itself (the value is a `Box<dyn
Trait>`: rustc's E0609; the field is a `Vec` or a `HashMap`, which has no `.detach()`), the fix
is made where the method puts the tensor in it, inside the method:

- `self.F = ..` that reads the field's previous value: that read detached
  (`self.mean.clone().detach() * m + ..`): the previous pass's graph is cut, this pass's kept
  (what `h = h.detach();` at the end of a pass does);
- `self.F = t` (or `Some(t)`), `self.F[i] = t`, `self.F.push(t)`, `self.F.insert(k, t)`,
  `self.F.entry(k).or_insert(t)`: `t` detached where it is put.

`loop-external-tracked`'s detach-each-pass fix (`carried_state.detach_each_pass`) asks here
first for such a field."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, is_name, last_segment
from pbpit.lint.map_places import written_place
from pbpit.lint.rule import Meeting
from pbpit.rust.syntax import Node, descendants

PUTS = ("push", "push_back", "push_front", "insert")
"""Methods of a `Vec`, `VecDeque` or map whose last argument is the element put in it."""

HOLDS_TENSORS = re.compile(
    r"(?:(?:Vec|VecDeque)<(?:Option<)?Tensor<|(?:HashMap|BTreeMap)<[^,]+,(?:Option<)?Tensor<)",
    re.ASCII,
)
"""A field's declared type (spaces removed) that holds tensors: `.detach()` is not its own (an
`Option` field is `carried_state.detach_in_field`'s)."""


def detach_in_methods(name: str, meeting: Meeting, leaf: bool, fixes: Fixes) -> Help | None:
    """For a carried field `name` (`norm.mean`, `centers.by_class`, `source.items`) that only
    methods of the struct write, and that the loop cannot detach itself (a field holding
    tensors, or a plain tensor field of a value behind a trait object): each place a method
    puts a tensor in it, detached there. None when that is not the case, or a place is not
    one of the forms above (the caller then says it in words)."""
    parts = name.split(".")
    if len(parts) != 2 or not all(is_name(p) for p in parts) or parts[0] == "self":
        return None
    root, field_ = parts
    declared = _declared(field_, fixes)
    if not declared:
        return None
    kinds = {kind for _, kind in declared}
    if len(kinds) != 1:
        return None
    (kind,) = kinds
    holds = HOLDS_TENSORS.match(kind) is not None
    if not holds and not (kind.startswith("Tensor<") and _behind_a_trait(root, meeting, fixes)):
        return None
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro or _written_in(name, body, fixes):
        return None
    owners = {owner for owner, _ in declared}
    places = []
    for method, scope in _methods(owners, fixes):
        for put in _puts(field_, scope, fixes):
            places.append((method, put))
    if not places:
        return None
    edits: list[Edit] = []
    methods: list[str] = []
    for method, (value, reads) in places:
        if value is None:
            continue  # `self.state = None`: no tensor put
        if value is UNFIXED:
            return None
        made = _detached(value, reads, leaf, fixes)
        if made is None:
            return None
        edits += made
        methods.append(method)
    if not edits:
        return None
    where = " and ".join(f"`{m}`" for m in dict.fromkeys(methods))
    carries = f"`{name}` carries it into the next pass"
    if any(reads for _, (_, reads) in places):
        message = (
            f"detach `self.{field_}` where {where} reads the previous pass's value ({carries}): "
            "gradients stop at the pass boundary"
        )
    else:
        values = [v for _, (v, _) in places if v is not None]
        said = {fixes.text(v).removesuffix(".clone()") for v in values}
        what = f"`{said.pop()}`" if len(said) == 1 and is_name(next(iter(said))) else "the tensor"
        message = (
            f"detach {what} where it is put in `self.{field_}` by {where} ({carries}): "
            "gradients stop at the pass boundary"
        )
    return Help(message, edits)


def _declared(field_: str, fixes: Fixes) -> list[tuple[str, str]]:
    """The file's structs that declare `field_`, each with the field's type (spaces removed)."""
    found = []
    for node in descendants(fixes.source.root):
        name = node.child_by_field_name("name") if node.type == "struct_item" else None
        body = node.child_by_field_name("body") if name is not None else None
        if name is None or body is None:
            continue
        for declaration in body.named_children:
            kind = declaration.child_by_field_name("type")
            label = declaration.child_by_field_name("name")
            if declaration.type != "field_declaration" or kind is None or label is None:
                continue
            if fixes.text(label) == field_:
                text = re.sub(r"\s+", "", fixes.text(kind))
                text = re.sub(r"\b(?:[A-Za-z_]\w*::)+", "", text)  # `std::collections::`
                found.append((fixes.text(name), text))
    return found


def _methods(owners: set[str], fixes: Fixes) -> list[tuple[str, Node]]:
    """The methods of the impls (inherent or of a trait) of `owners`, each with its body:
    (`RunningMean::normalize`, body)."""
    found = []
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        owner = last_segment(fixes.text(kind).split("<", 1)[0]) if kind is not None else ""
        if block is None or owner not in owners:
            continue
        for function in block.named_children:
            name = function.child_by_field_name("name")
            scope = function.child_by_field_name("body")
            if function.type == "function_item" and name is not None and scope is not None:
                found.append((f"{owner}::{fixes.text(name)}", scope))
    return found


Put = tuple["Node | None", list[Node]]
"""What a place puts in the field (None for `None`; `UNFIXED` for a place of another form),
and the reads of the field's previous value in it (`self.mean.clone()` of `self.mean =
self.mean.clone() * m + ..`)."""

UNFIXED: Node = object()  # type: ignore[assignment]
"""A place that puts in the field in a form not fixed here (`self.F += x`)."""


def _puts(field_: str, scope: Node, fixes: Fixes) -> list[Put]:
    """Each place in `scope` that puts something in `self.field_`, in order (`self.F += x`
    given as `UNFIXED`)."""
    place = f"self.{field_}"
    found: list[tuple[int, Put]] = []
    for node in descendants(scope):
        if node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None:
                continue
            inner = left.named_children[0] if left.type == "unary_expression" else None
            if inner is not None and written_place(fixes.text, inner, walks=False) == place:
                found.append((node.start_byte, (right, [])))  # `*c = ..` of `get_mut`, an entry
                continue
            target = left
            if left.type == "index_expression":  # `self.slots[k] = ..`: its fields are unnamed
                target = left.child_by_field_name("value") or left.named_children[0]
            if target is None or fixes.text(target) != place:
                continue
            if right.type == "identifier" and fixes.text(right) == "None":
                found.append((node.start_byte, (None, [])))
                continue
            held = some_content(right, fixes)
            if held is not None:
                found.append((node.start_byte, (held, [])))
                continue
            # The previous pass's value read before it is replaced (in the value, or in a `let`
            # before: `let blended = self.value.clone() * r + ..; self.value = blended;`).
            reads = [r for r in _reads(place, scope, fixes) if r.start_byte < node.end_byte]
            reads = reads if target is left else []
            found.append((node.start_byte, (right, reads)))
        elif node.type == "compound_assignment_expr":
            left = node.child_by_field_name("left")
            if left is not None and fixes.text(left) == place:
                found.append((node.start_byte, (UNFIXED, [])))
        elif node.type == "call_expression":
            value = _put_by_call(place, node, fixes)
            if value is not None:
                found.append((node.start_byte, (value, [])))
    return [put for _, put in sorted(found, key=lambda pair: pair[0])]


def some_content(value: Node, fixes: Fixes) -> Node | None:
    """`t` of `Some(t)`, or None."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    arguments = value.child_by_field_name("arguments")
    if function is None or fixes.text(function) != "Some" or arguments is None:
        return None
    return arguments.named_children[0] if arguments.named_child_count == 1 else None


def _put_by_call(place: str, call: Node, fixes: Fixes) -> Node | None:
    """The value `place.push(t)` (`push_back`, `push_front`, `insert(k, t)`) or
    `place.entry(k).or_insert(t)` (`or_insert_with(|| t)`) puts in `place`; None for any other
    call."""
    function = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if function is None or function.type != "field_expression" or arguments is None:
        return None
    receiver = function.child_by_field_name("value")
    method = function.child_by_field_name("field")
    if receiver is None or method is None or not arguments.named_child_count:
        return None
    said = fixes.text(method)
    last = arguments.named_children[-1]
    if said in PUTS and fixes.text(receiver) == place:
        return last
    if said in ("or_insert", "or_insert_with") and receiver.type == "call_expression":
        inner = receiver.child_by_field_name("function")
        owner = inner.child_by_field_name("value") if inner is not None else None
        entry = inner.child_by_field_name("field") if inner is not None else None
        if owner is None or entry is None or fixes.text(owner) != place:
            return None
        if fixes.text(entry) != "entry":
            return None
        if said == "or_insert":
            return last
        closure = last.child_by_field_name("body") if last.type == "closure_expression" else None
        return closure
    return None


def _reads(place: str, value: Node, fixes: Fixes) -> list[Node]:
    """The reads `place.clone()` in `value` (each the `clone()` call)."""
    found = []
    for node in descendants(value):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is None or function.type != "field_expression":
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        if receiver is None or method is None:
            continue
        if fixes.text(receiver) == place and fixes.text(method) == "clone":
            found.append(node)
    return found


def _detached(value: Node, reads: list[Node], leaf: bool, fixes: Fixes) -> list[Edit] | None:
    """The edits detaching what a place puts: each read of the field's previous value in it,
    or else the value itself (a closure's block of one expression: that expression); None for
    a block of statements."""
    suffix = ".detach().require_grad()" if leaf else ".detach()"
    if reads:
        return [
            fixes.edit(read.end_byte, read.end_byte, suffix)
            for read in reads
            if not fixes.text(read.parent).startswith(fixes.text(read) + ".detach()")
        ]
    if value.type == "block":
        inner = [c for c in value.named_children if "comment" not in c.type]
        if len(inner) != 1 or inner[0].type.endswith("statement"):
            return None
        value = inner[0]
    if fixes.detached_already(value, leaf):
        return []
    edits = fixes.detach_edits(value)
    if leaf:
        edits[-1] = replace(edits[-1], replacement=edits[-1].replacement + ".require_grad()")
    return edits


def _written_in(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether the loop's body writes `name` itself (`name = ..`, `name.push(..)`): the loop's
    own place is then where the fix goes."""
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is not None and fixes.text(left) == name:
            return True
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        receiver = function.child_by_field_name("value") if function is not None else None
        if function is not None and function.type == "field_expression" and receiver is not None:
            method = function.child_by_field_name("field")
            reads = method is not None and fixes.text(method) in _READS
            if fixes.text(receiver) == name and not reads:
                return True
    return False


_READS = frozenset(("get", "contains_key", "len", "is_empty", "iter", "keys", "values", "clone"))
"""Methods of a map or a `Vec` that read it (`tracker.ema.get(id)`): no write of the loop's."""


def _behind_a_trait(root: str, meeting: Meeting, fixes: Fixes) -> bool:
    """Whether `root` is, in the function holding the loop, a value whose fields the loop
    cannot name: declared (or iterated from a collection declared) a `dyn Trait`, an `impl
    Trait`, or a type parameter's value (`let mut norm: Box<dyn Normalizer>`, `for norm in
    norms.iter_mut()` of `Vec<Box<dyn Normalizer>>`, `source: &mut impl Source`, `norm: &mut N`
    of `fn train<N: Normalizer>`)."""
    function = meeting.loop
    while function is not None and function.type != "function_item":
        function = function.parent
    if function is None:
        return False
    text = fixes.text(function)
    if _declared_dyn(root, text):
        return True
    walked = re.search(
        r"\bfor\s+(?:mut\s+)?"
        + re.escape(root)
        + r"\s+in\s+(?:&\s*(?:mut\s+)?)?([A-Za-z_]\w*)(?:\s*\.\s*iter(?:_mut)?\s*\(\s*\))?",
        text,
    )
    return walked is not None and _declared_dyn(walked[1], text)


def _declared_dyn(name: str, text: str) -> bool:
    """Whether `text` (a function) declares `name` (a `let` with its type, or a parameter) with a
    type naming `dyn` or `impl`, or a type parameter of the function bounded by a trait."""
    typed = re.search(
        r"(?:\blet\s+(?:mut\s+)?|[(,]\s*(?:mut\s+)?)"
        + re.escape(name)
        + r"\s*:\s*([^=;{]*?)\s*(?:=|;|\)\s*(?:->|\{)|,\s*[a-z_]\w*\s*:)",
        text,
    )
    if typed is None:
        return False
    if re.search(r"\b(?:dyn|impl)\b", typed[1]) is not None:
        return True
    # A type parameter bounded by a trait (`norm: &mut N` of `fn train<N: Normalizer>`).
    kind = re.sub(r"&\s*(?:mut\s+)?|\bmut\s+", "", typed[1]).strip()
    header = text.split("{", 1)[0]
    return is_name(kind) and re.search(r"[<,]\s*" + re.escape(kind) + r"\s*:", header) is not None


# -- a tensor the loop hands to a method that keeps it -------------------------------------------


def put_by_called_method(tensor: str, meeting: Meeting, fixes: Fixes) -> tuple[str, Help] | None:
    """For a tensor the loop's body hands to a method of a value it holds (`bank.remember(z)`,
    `centers.center(class, &feats)`) that puts it in a field of `self` (`self.entries.push(
    z.clone())`): the field as the loop names it (`bank.entries`), which carries the tensor
    into the next pass, and the help detaching it where the method puts it. None when no such
    call is found, or a place it is put is not one of the forms `detach_in_methods` writes."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro or not is_name(tensor):
        return None
    for call in descendants(body):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        arguments = call.child_by_field_name("arguments")
        if function is None or function.type != "field_expression" or arguments is None:
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        if receiver is None or method is None or receiver.type != "identifier":
            # `trainer.cache.put(z)`: a value the loop holds in a field of a name of its own.
            path = fixes.text(receiver) if receiver is not None else ""
            if receiver is None or method is None or not _FIELD_PATH.fullmatch(path):
                continue
        if fixes.text(receiver) == "self":
            continue
        given = [_handed(a, fixes) for a in arguments.named_children]
        if tensor not in given:
            continue
        index = given.index(tensor)
        found = _kept_by(fixes.text(method), index, fixes)
        if found is not None:
            field_, edits, where = found
            carrier = f"{fixes.text(receiver)}.{field_}"
            return carrier, Help(
                f"detach `{tensor}` where it is put in `self.{field_}` by {where} (`{carrier}` "
                "carries it into the next pass): gradients stop at the pass boundary",
                edits,
            )
    return None


def _handed(argument: Node, fixes: Fixes) -> str:
    """The name an argument hands over: `z` of `z`, `&z`, `z.clone()`."""
    text = re.sub(r"\s+", "", fixes.text(argument)).removeprefix("&").removesuffix(".clone()")
    return text if is_name(text) else ""


def _kept_by(method: str, index: int, fixes: Fixes) -> tuple[str, list[Edit], str] | None:
    """In the file's methods named `method` (one a type's, or each impl's of a trait), the
    field of `self` their parameter `index` (after `self`) is put in, the edits detaching it
    there, and the methods (`Fifo::remember`); None unless every method that puts it puts it
    in the same field, in forms `detach_in_methods` writes."""
    fields: set[str] = set()
    edits: list[Edit] = []
    where: list[str] = []
    leaf = False
    for node in descendants(fixes.source.root):
        kind = node.child_by_field_name("type") if node.type == "impl_item" else None
        block = node.child_by_field_name("body") if kind is not None else None
        if kind is None or block is None:
            continue
        owner = last_segment(fixes.text(kind).split("<", 1)[0])
        for function in block.named_children:
            name = function.child_by_field_name("name")
            parameters = function.child_by_field_name("parameters")
            scope = function.child_by_field_name("body")
            if function.type != "function_item" or name is None or scope is None:
                continue
            if fixes.text(name) != method or parameters is None:
                continue
            own = [p for p in parameters.named_children if p.type == "parameter"]
            if not any(p.type == "self_parameter" for p in parameters.named_children):
                continue
            pattern = own[index].child_by_field_name("pattern") if index < len(own) else None
            if pattern is None:
                return None
            parameter = fixes.text(pattern).removeprefix("mut ").strip()
            for field_ in _fields_of(scope, fixes):
                puts = _puts(field_, scope, fixes)
                mine = [v for v, _ in puts if v is not None and v is not UNFIXED]
                # A tuple put (`self.items.push((x, logits))`): the element it is.
                mine = [e for v in mine for e in _elements(v)]
                mine = [
                    v
                    for v in mine
                    if _handed(v, fixes) == parameter or _reads_name(v, parameter, fixes)
                ]
                if not mine:
                    continue
                for value in mine:
                    made = _detached(value, [], leaf, fixes)
                    if made is None:
                        return None
                    edits += made
                fields.add(field_)
                where.append(f"{owner}::{method}")
    if len(fields) != 1 or not edits:
        return None
    (field_,) = fields
    return field_, edits, " and ".join(f"`{w}`" for w in dict.fromkeys(where))


_FIELD_PATH = re.compile(r"(?!self\.)[a-z_]\w*(?:\.[a-z_]\w*)+", re.ASCII)
"""A field reached from a name of the loop's through fields only (`trainer.cache`)."""


def _reads_name(value: Node, name: str, fixes: Fixes) -> bool:
    """Whether `value`, written into a map's entry through `*c = value` (a place `get_mut`
    gives), reads the variable `name` (`c.clone() * m + feature * (1.0 - m)`). A field given
    a value made of it (`self.sum = Some(self.sum.clone().map_or(loss.clone(), ..))`, an
    accumulator) is not: its fix is the reset where it is backpropagated."""
    parent = value.parent
    left = parent.child_by_field_name("left") if parent is not None else None
    if parent is None or parent.type != "assignment_expression" or left is None:
        return False
    if left.type != "unary_expression":
        return False
    return any(n.type == "identifier" and fixes.text(n) == name for n in descendants(value))


def _elements(value: Node) -> list[Node]:
    """The elements of a tuple put in a field (`(x, logits)`), or the value itself."""
    return value.named_children if value.type == "tuple_expression" else [value]


def _fields_of(scope: Node, fixes: Fixes) -> list[str]:
    """The fields `self.F` named in `scope`, in order, once each."""
    found = re.findall(r"\bself\s*\.\s*([A-Za-z_]\w*)", fixes.text(scope))
    return list(dict.fromkeys(found))
