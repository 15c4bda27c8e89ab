"""A map used as a memo of tensors across passes: `let feat = features.entry(id)
.or_insert_with(|| model.enc.forward(x)).clone();`. The first pass that meets a key stores the
forward's output; a later pass (the next epoch, the same id) reads it back and backpropagates
through the graph an earlier backward consumed. The binding that carries it from pass to pass
is the map (`features`), not the fresh `let` of each pass. A run names the map, and says the
fix in words: empty the map at the end of each pass (each pass makes its features anew, as the
loop steps the encoder), or store them detached where nothing stored is trained (a frozen
encoder). The same memo filled where its key is missing (`if !cache.contains_key(&k) { ..
cache.insert(k, e); }` then `cache.get(&k)`, or `if let Some(e) = cache.get(&k) { e.clone() }
else { .. }`) gets the same fixes (`_filled_fixes`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import NO_PARENS, Fixes, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carried_state import option_of_tensor
from pbpit.lint.rules.loop_trains import trains_through
from pbpit.lint.rules.option_memo import closure_value, option_memo_fixes
from pbpit.rust.syntax import Node, descendants
from pbpit.source import source_lines, statement_range

_MEMO = re.compile(
    r"let\s+(?:mut\s+)?(?P<name>\w+)\s*(?::[^=]+)?=\s*(?:&\s*(?:mut\s+)?)?"
    r"(?P<map>[A-Za-z_][\w.]*)\s*\.\s*entry\s*\((?P<key>[^;]*?)\)\s*"
    r"\.\s*or_insert_with\s*\(",
    re.S,
)


def memo_of(source: str, line: int | None, name: str) -> str | None:
    """The map the `let` of `name` at `line` reads through `.entry(..).or_insert_with(..)`
    (`features`), or None."""
    if line is None:
        return None
    first, last = statement_range(source, line)
    lines = source_lines(source)
    text = "\n".join(lines[first - 1 : last])
    found = _MEMO.search(text)
    if found is None or found["name"] != name:
        return None
    return found["map"]


def memo_help(memo: str, name: str) -> Help:
    """What to do, in words."""
    return Help(
        f"`{memo}` keeps the tensor an earlier pass stored for the same key, and `{name}` is "
        f"read from it: empty `{memo}` at the end of each pass (`{memo}.clear();`: each pass "
        "makes its tensors anew, through what the loop steps), or store them detached "
        "(`.detach()` inside `or_insert_with`) if nothing they are made from is trained"
    )


# -- lint's fix of a memo it finds: made in each pass, or stored detached


_MEMO_METHODS = ("or_insert_with", "or_insert")
_NAMES = ("identifier", "type_identifier")


def memo_fixes(name: str, meeting: Meeting, fixes: Fixes) -> list[Help] | None:
    """For an `Option` filled when empty, `option_memo.option_memo_fixes`. For a map `name`
    the loop's body reads through one `name.entry(k).or_insert_with(||
    value)` (`or_insert(value)`), kept across the passes of a loop around (an epoch reading the
    features the first epoch stored): `value` made in each pass where the loop trains what it
    is made from (the read replaced by it, the map dropped where nothing else uses it), first;
    `value` stored detached (inside the closure) first where it does not. None for any other
    carried state."""
    body = meeting.loop.child_by_field_name("body") if meeting.loop is not None else None
    if body is None or meeting.in_macro:
        return None
    if not is_name(name) or option_of_tensor(name, fixes):
        return option_memo_fixes(name, meeting, fixes)  # a cache of one tensor: option_memo.py
    found = [m for m in (_memo_call(n, name, fixes) for n in descendants(body)) if m is not None]
    if not found:
        return _filled_fixes(name, meeting, fixes)
    if len(found) != 1:
        return None
    call, value = found[0]
    if not call.start_byte <= meeting.definition.span[0] < call.end_byte:
        return None  # the tensor carried is not the memo's (`*slot = h` of an entry's slot)
    taken = _taken_out(call, fixes)
    edits = [_made_for(taken, value, fixes)]
    edits += _dropped(name, [call], meeting, fixes)
    return _helps(name, value, edits, f"inside `{_method(call, fixes)}`", meeting, fixes)


# -- the same memo filled when its key is missing, read with `get`


def _filled_fixes(name: str, meeting: Meeting, fixes: Fixes) -> list[Help] | None:
    """A map `name` filled where the key is missing and read back at it, in either form:
    `if !name.contains_key(&k) { let e = value; name.insert(k, e); } let x =
    name.get(&k).unwrap().clone();` (the `if` removed, the read replaced by `value`), or `let x
    = if let Some(e) = name.get(&k) { e.clone() } else { let e = value; name.insert(k,
    e.clone()); e };` (the `if` replaced by `value`; the same as a `match` on `name.get(&k)`).
    None for any other shape."""
    body = meeting.loop.child_by_field_name("body")
    found = [f for f in (_filled(n, name, fixes) for n in descendants(body)) if f is not None]
    if len(found) != 1:
        return None
    removed, read, value = found[0]
    if not value.start_byte <= meeting.definition.span[0] < value.end_byte:
        return None
    edits = [_made_for(read, value, fixes)]
    if removed is not None:
        edits.append(
            fixes.edit(
                fixes.line_start(removed.start_point[0]),
                fixes.line_start(removed.end_point[0] + 1),
                "",
            )
        )
    within = [read] if removed is None else [read, removed]
    edits += _dropped(name, within, meeting, fixes)
    return _helps(name, value, edits, f"before `{name}.insert`", meeting, fixes)


def _filled(node: Node, name: str, fixes: Fixes) -> tuple[Node | None, Node, Node] | None:
    """`node` as the `if` of either form `_filled_fixes` reads: the statement the fix removes
    (the first form's `if`; None for the second), the read it replaces, and the value stored."""
    if node.type == "match_expression":
        return _matched(node, name, fixes)
    if node.type != "if_expression":
        return None
    condition = node.child_by_field_name("condition")
    then = node.child_by_field_name("consequence")
    otherwise = node.child_by_field_name("alternative")
    if condition is None or then is None:
        return None
    map_ = re.escape(name)
    if condition.type == "let_condition" and otherwise is not None:
        pattern = fixes.text(condition.child_by_field_name("pattern") or condition)
        bound = re.fullmatch(r"Some\s*\(\s*(\w+)\s*\)", pattern)
        got = re.fullmatch(
            rf"{map_}\s*\.\s*get\s*\(\s*&\s*(\w+)\s*\)",
            fixes.text(condition.child_by_field_name("value") or condition),
        )
        kept = _statements(then, fixes)
        block = otherwise.named_children[-1] if otherwise.named_child_count else None
        if bound is None or got is None or block is None or block.type != "block":
            return None
        if len(kept) != 1 or not re.fullmatch(rf"{bound[1]}\s*\.\s*clone\s*\(\s*\)", kept[0]):
            return None
        statements = [c for c in block.named_children if "comment" not in c.type]
        if len(statements) != 3 or fixes.text(statements[2]) != _let_name(statements[0], fixes):
            return None
        value = _inserted(
            statements[:2],
            name,
            got[1],
            rf"{re.escape(fixes.text(statements[2]))}"
            r"\s*\.\s*clone\s*\(\s*\)",
            fixes,
        )
        return (None, node, value) if value is not None else None
    missing = re.fullmatch(
        rf"!\s*{map_}\s*\.\s*contains_key\s*\(\s*&\s*(\w+)\s*\)", fixes.text(condition)
    )
    statement = fixes.parent(node)
    if missing is None or otherwise is not None or statement is None:
        return None
    if statement.type != "expression_statement" or not fixes.whole_lines(statement):
        return None
    statements = [c for c in then.named_children if "comment" not in c.type]
    value = _inserted(statements, name, missing[1], None, fixes)
    if value is None:
        return None
    reads = re.compile(
        rf"{map_}\s*\.\s*get\s*\(\s*&\s*{re.escape(missing[1])}\s*\)\s*\.\s*"
        r"(?:unwrap\s*\(\s*\)|expect\s*\([^()]*\))\s*\.\s*clone\s*\(\s*\)"
    )
    block = fixes.parent(statement)
    after = [n for n in descendants(block) if n.start_byte >= statement.end_byte] if block else []
    read = [n for n in after if n.type == "call_expression" and reads.fullmatch(fixes.text(n))]
    return (statement, read[0], value) if len(read) == 1 else None


def _matched(node: Node, name: str, fixes: Fixes) -> tuple[None, Node, Node] | None:
    """The second form written as a `match`: `match name.get(&k) { Some(e) => e.clone(), None
    => { let e = value; name.insert(k, e.clone()); e } }` (its arms in either order), read as
    `_filled` reads the `if let`: the `match` replaced by `value`."""
    scrutinee, arms_block = node.child_by_field_name("value"), node.child_by_field_name("body")
    got = re.fullmatch(
        rf"{re.escape(name)}\s*\.\s*get\s*\(\s*&\s*(\w+)\s*\)",
        fixes.text(scrutinee) if scrutinee is not None else "",
    )
    arms = [a for a in arms_block.named_children if a.type == "match_arm"] if arms_block else []
    if got is None or len(arms) != 2:
        return None
    kept = block = None
    for arm in arms:
        pattern, value = arm.child_by_field_name("pattern"), arm.child_by_field_name("value")
        said = re.sub(r"\s+", "", fixes.text(pattern)) if pattern is not None else ""
        bound = re.fullmatch(r"Some\((\w+)\)", said)
        if bound is not None and value is not None:
            kept = re.fullmatch(rf"{bound[1]}\s*\.\s*clone\s*\(\s*\)", fixes.text(value))
        elif said == "None" and value is not None and value.type == "block":
            block = value
    if kept is None or block is None:
        return None
    statements = [c for c in block.named_children if "comment" not in c.type]
    if len(statements) != 3 or fixes.text(statements[2]) != _let_name(statements[0], fixes):
        return None
    stored = rf"{re.escape(fixes.text(statements[2]))}\s*\.\s*clone\s*\(\s*\)"
    value = _inserted(statements[:2], name, got[1], stored, fixes)
    return (None, node, value) if value is not None else None


def _statements(block: Node, fixes: Fixes) -> list[str]:
    return [fixes.text(c) for c in block.named_children if "comment" not in c.type]


def _let_name(let: Node, fixes: Fixes) -> str | None:
    pattern = let.child_by_field_name("pattern") if let.type == "let_declaration" else None
    return fixes.text(pattern) if pattern is not None and is_name(fixes.text(pattern)) else None


def _inserted(
    statements: list[Node], name: str, key: str, given: str | None, fixes: Fixes
) -> Node | None:
    """The value `statements` store in `name` at `key`: `let e = value; name.insert(key, e);`
    (`e` as `given` reads it: `e.clone()`), or `name.insert(key, value);`; None otherwise."""
    if not statements or len(statements) > 2:
        return None
    insert = re.compile(rf"{re.escape(name)}\s*\.\s*insert\s*\(\s*{re.escape(key)}\s*,\s*")
    last = fixes.text(statements[-1])
    found = insert.match(last)
    call = statements[-1].named_children[0] if statements[-1].named_child_count else None
    arguments = call.child_by_field_name("arguments") if call is not None else None
    if found is None or arguments is None or arguments.named_child_count != 2:
        return None
    stored = arguments.named_children[1]
    if len(statements) == 1:
        return stored if given is None else None
    let = statements[0]
    bound = _let_name(let, fixes)
    value = let.child_by_field_name("value")
    wanted = given if given is not None else re.escape(bound or "")
    if bound is None or value is None or not re.fullmatch(wanted, fixes.text(stored)):
        return None
    return value


def _made_for(read: Node, value: Node, fixes: Fixes) -> Edit:
    """The edit writing `value` where `read` is (in parentheses where a method is called on
    it)."""
    made = fixes.text(value)
    parent = fixes.parent(read)
    if parent is not None and parent.type == "field_expression" and value.type not in NO_PARENS:
        made = f"({made})"
    return fixes.edit(read.start_byte, read.end_byte, made)


def _helps(
    name: str, value: Node, edits: list[Edit], where: str, meeting: Meeting, fixes: Fixes
) -> list[Help]:
    """The memo's fixes: `value` made in each pass (`edits`), stored detached (inside
    `where`), the map emptied after each pass; the first as the loop trains what makes it."""
    body = meeting.loop.child_by_field_name("body")
    said = _said(value, fixes)
    recompute = Help(
        f"make {said} in each pass instead of reading it back from `{name}`: each backward "
        f"walks a graph of its own (`{name}` gives a later pass the tensor an earlier pass "
        "stored, whose graph that pass's backward consumed)",
        sorted(edits, key=lambda e: (e.line, e.column)),
    )
    detach = Help(
        f"detach {said} where it is put in `{name}` ({where}), if "
        "nothing it is made from is trained: a detached tensor is data, reusable by every pass",
        [] if fixes.detached_already(value) else fixes.detach_edits(value),
    )
    cleared = fixes.append_line(body, f"{name}.clear();")
    clear = Help(
        f"or empty `{name}` once the pass's backward has run (`{name}.clear();` as the pass's "
        "last statement): each pass then stores its tensors anew, made with what the loop steps",
        [cleared] if cleared is not None else [],
        applicability="MaybeIncorrect",
    )
    if not detach.edits:
        return [recompute, clear]
    if trains_through(meeting, fixes):
        return [recompute, replace(detach, applicability="MaybeIncorrect"), clear]
    return [detach, replace(recompute, applicability="MaybeIncorrect"), clear]


def _memo_call(node: Node, name: str, fixes: Fixes) -> tuple[Node, Node] | None:
    """`node` as `name.entry(k).or_insert_with(|| value)` (`or_insert(value)`), with `value`
    (the closure's expression; a block of one expression, that expression); None otherwise."""
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    arguments = node.child_by_field_name("arguments")
    if function is None or function.type != "field_expression" or arguments is None:
        return None
    method = function.child_by_field_name("field")
    entry = function.child_by_field_name("value")
    if method is None or entry is None or fixes.text(method) not in _MEMO_METHODS:
        return None
    inner = entry.child_by_field_name("function") if entry.type == "call_expression" else None
    if inner is None or inner.type != "field_expression":
        return None
    owner, called = inner.child_by_field_name("value"), inner.child_by_field_name("field")
    if owner is None or called is None or fixes.text(owner) != name:
        return None
    if fixes.text(called) != "entry" or arguments.named_child_count != 1:
        return None
    value = arguments.named_children[0]
    if fixes.text(method) == "or_insert":
        return node, value
    if fixes.text(value).startswith("move"):
        return None
    value = closure_value(value)
    return (node, value) if value is not None else None


def _taken_out(call: Node, fixes: Fixes) -> Node:
    """The memo's read with the `.clone()` that takes the tensor out of the map, when it has one
    (`features.entry(i).or_insert_with(..).clone()`), else the call itself."""
    field_ = fixes.parent(call)
    outer = fixes.parent(field_) if field_ is not None else None
    if field_ is None or outer is None or field_.type != "field_expression":
        return call
    method = field_.child_by_field_name("field")
    if outer.type != "call_expression" or method is None or fixes.text(method) != "clone":
        return call
    arguments = outer.child_by_field_name("arguments")
    return outer if arguments is not None and not arguments.named_child_count else call


def _dropped(name: str, within: list[Node], meeting: Meeting, fixes: Fixes) -> list[Edit]:
    """The edits removing the map's `let` (and its type's `use`, when nothing else names that
    type) where the memo's reads and fills (`within`, which the fix removes) are the only other
    uses of `name` in its function."""
    function = meeting.loop
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    if function is None:
        return []
    uses = sorted(
        (n for n in identifiers(function) if fixes.text(n) == name), key=lambda n: n.start_byte
    )
    lets = [
        n
        for n in descendants(function)
        if n.type == "let_declaration" and _declares(n, name, fixes)
    ]
    if len(lets) != 1 or len(uses) < 2:
        return []
    let = lets[0]
    if not (let.start_byte <= uses[0].start_byte < let.end_byte) or not fixes.whole_lines(let):
        return []
    if not all(any(n.start_byte <= u.start_byte < n.end_byte for n in within) for u in uses[1:]):
        return []
    edits = [
        fixes.edit(fixes.line_start(let.start_point[0]), fixes.line_start(let.end_point[0] + 1), "")
    ]
    kinds = {"HashMap", "BTreeMap"} & set(re.findall(r"\w+", fixes.text(let)))
    for kind in kinds:
        named = [
            n for n in descendants(fixes.source.root) if n.type in _NAMES and fixes.text(n) == kind
        ]
        if sum(not (let.start_byte <= n.start_byte < let.end_byte) for n in named) != 1:
            continue  # named elsewhere too
        for use in fixes.source.root.named_children:
            if use.type != "use_declaration" or not fixes.whole_lines(use):
                continue
            if re.fullmatch(rf"use\s+std\s*::\s*collections\s*::\s*{kind}\s*;", fixes.text(use)):
                start = fixes.line_start(use.start_point[0])
                edits.append(fixes.edit(start, fixes.line_start(use.end_point[0] + 1), ""))
    return edits


def _declares(let: Node, name: str, fixes: Fixes) -> bool:
    pattern = let.child_by_field_name("pattern")
    return (
        pattern is not None
        and re.fullmatch(rf"(?:mut\s+)?{re.escape(name)}", fixes.text(pattern)) is not None
    )


def _said(value: Node, fixes: Fixes) -> str:
    """The stored tensor in words: its text when short, else "the tensor"."""
    text = fixes.text(value)
    return f"`{text}`" if "\n" not in text and len(text) <= 60 else "the tensor"


def _method(call: Node, fixes: Fixes) -> str:
    function = call.child_by_field_name("function")
    method = function.child_by_field_name("field") if function is not None else None
    return fixes.text(method) if method is not None else "or_insert_with"


# -- the memo made in each pass: it then keeps what one backward reads


_EMPTY = re.compile(
    r"(?:(?:std\s*::\s*)?(?:collections\s*::\s*)?(?:HashMap|BTreeMap)"
    r"\s*(?:::\s*<[^;]*>\s*)?::\s*(?:new\s*\(\s*\)|with_capacity\s*\([^;]*\))"
    r"|Default\s*::\s*default\s*\(\s*\))",
    re.S,
)
_CHANGED_IN_PLACE = re.compile(r"\.\s*(?:and_modify|get_mut|values_mut|iter_mut|remove|retain)\b")
_LOOKED_UP = re.compile(r"\.\s*(?:get|contains_key|entry)\s*\(")
_LOOP_KINDS = ("for_expression", "while_expression", "loop_expression")


def memo_each_pass(helps: list[Help], name: str, meeting: Meeting, fixes: Fixes) -> list[Help]:
    """`helps` led by the memo made anew in each pass, for a map (or `Vec`, `Option`) made empty
    before the loop (`let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();`) and filled
    and read only inside it, by the loop's code or the functions it hands the memo to
    (`encode(&mut cache, &enc, &feats, a)`): its `let` moved to the top of the body of the
    innermost loop holding the backward and every use, the memo then keeps what one pass
    computes (a node shared by two edges encoded once) and no pass reads a tensor whose step an
    earlier backward consumed. The gradients of the first backward are the program's. `helps`
    as they are for any other state."""
    loop = meeting.loop
    if loop is None or meeting.in_macro or not is_name(name):
        return helps
    if not trains_through(meeting, fixes):
        return helps  # a frozen encoder's memo: stored detached, it keeps memoising
    function = loop
    while function is not None and function.type != "function_item":
        function = fixes.parent(function)
    if function is None:
        return helps
    lets = [
        n
        for n in descendants(function)
        if n.type == "let_declaration"
        and (pattern := n.child_by_field_name("pattern")) is not None
        and fixes.text(pattern).removeprefix("mut ").strip() == name
    ]
    if len(lets) != 1:
        return helps
    made = lets[0]
    value = made.child_by_field_name("value")
    if value is None or _EMPTY.fullmatch(fixes.text(value).strip()) is None:
        return helps
    if not _pure_memo(name, made, function, fixes):
        return helps
    if made.end_byte > loop.start_byte or not fixes.whole_lines(made):
        return helps
    uses = [
        n
        for n in descendants(function)
        if n.type == "identifier"
        and fixes.text(n) == name
        and not made.start_byte <= n.start_byte < made.end_byte
    ]
    backward = meeting.earlier.span[0]
    # The innermost loop holding the backward and every use of the memo.
    chosen = None
    for node in descendants(loop):
        if node.type not in _LOOP_KINDS or not node.start_byte <= backward < node.end_byte:
            continue
        if all(node.start_byte <= u.start_byte < node.end_byte for u in uses):
            if chosen is None or node.start_byte >= chosen.start_byte:
                chosen = node
    if chosen is None or not uses:
        return helps
    body = chosen.child_by_field_name("body")
    if body is None or any(
        u.start_byte < body.start_byte for u in uses
    ):  # named by the loop's own header (`for x in cache.values()`)
        return helps
    if not _looked_up_again(uses, body, fixes):
        return helps  # one lookup a pass: made each pass, it would never be read back
    edits = fixes.move_into_loop([made], chosen)
    if edits is None:
        return helps
    line = chosen.start_point[0] + 1
    message = (
        f"make `{name}` anew in each pass of the loop at line {line} (its `let` moved to the top "
        f"of the loop's body): it then keeps what one pass computes, read by that pass's "
        "backward alone, and no pass reads a tensor an earlier backward consumed"
    )
    first = Help(message, edits)
    rest = [replace(h, applicability="MaybeIncorrect") for h in helps]
    return [first, *rest]


def _pure_memo(name: str, made: Node, function: Node, fixes: Fixes) -> bool:
    """Whether the map `name` (its `let` `made`, a `HashMap`/`BTreeMap` by its type or value)
    is a memo: looked up by key (`get`, `contains_key`, `entry`), its entries never changed in
    place (`and_modify`, `get_mut`, `remove`..) by the file, `name` never assigned, and what
    it inserts not read from it. A map the passes accumulate into (per-user profiles blended
    each visit) is state, not a memo: made anew each pass, it would lose what they put there."""
    kind = made.child_by_field_name("type")
    typed = fixes.text(kind) if kind is not None else fixes.text(made)
    if not re.search(r"\b(?:HashMap|BTreeMap)\b", typed):
        return False
    text = fixes.text(fixes.source.root)
    if _CHANGED_IN_PLACE.search(text) or not _LOOKED_UP.search(text):
        return False
    for node in descendants(function):
        if node.type in ("assignment_expression", "compound_assignment_expr"):
            left = node.child_by_field_name("left")
            if left is not None and fixes.text(left).split("[")[0].strip() == name:
                return False
    through = r"\*\s*" + re.escape(name) + r"\s*\.\s*entry\s*\([^;]*\)\s*[-+*/]?=(?!=)"
    if re.search(through, text):
        return False  # `*m.entry(k).or_insert(v) = blended`: an entry rewritten each visit
    lets = {
        m[1]: m[2] for m in re.finditer(r"\blet\s+(?:mut\s+)?(\w+)\s*(?::[^=;]*)?=([^;]*);", text)
    }
    for call in re.finditer(r"\.\s*insert\s*\(([^;]*)\)\s*;", text):
        put = call[1].rsplit(",", 1)[-1].strip()
        if re.search(r"\.\s*(?:get|entry)\s*\(", call[1] + lets.get(put, "")):
            return False  # the value put read from the map (itself or its `let`): accumulated
    # Read where it must hold the key (`.get(&k).unwrap()`, `.expect(..)`) at a key no write or
    # test names: another pass's entry (`get(&(step - 1))`), which a memo made each pass lacks.
    keys = {_key(k) for k in re.findall(r"\.\s*(?:insert|contains_key|entry)\s*\(([^,;)]*)", text)}
    walked = {
        fixes.text(n)
        for loop in descendants(fixes.source.root)
        if loop.type == "for_expression" and (pattern := loop.child_by_field_name("pattern"))
        for n in descendants(pattern)
        if n.type == "identifier"
    }
    for key in re.findall(r"\.\s*get\s*\(([^;]*?)\)\s*\.\s*(?:unwrap|expect)\s*\(", text):
        if _key(key) not in keys and _key(key) not in walked:
            return False  # not an item a loop walks (`for &(i, j) in pairs`): a lagged key
    return True


def _key(text: str) -> str:
    """A key as a lookup and a write spell it alike: without spaces and the `&` taken."""
    return re.sub(r"\s+", "", text).lstrip("&")


def _looked_up_again(uses: list[Node], body: Node, fixes: Fixes) -> bool:
    """Whether a pass of the loop whose body is `body` may look the memo up more than once: it
    is named by a loop within the body (`for (a, b) in edges { encode(&mut cache, ..) }`), or
    handed to a call or looked up at two places. A pass that looks it up once never reads
    back what it stored."""
    lookups = 0
    keys: set[str] = set()
    for use in uses:
        node = use.parent
        while node is not None and node != body:
            if node.type in _LOOP_KINDS:
                return True
            node = node.parent
        parent = use.parent
        if parent is not None and parent.type == "reference_expression":
            lookups += 2 if parent.parent is not None and parent.parent.type == "arguments" else 0
        elif parent is not None and parent.type == "field_expression":
            field = parent.child_by_field_name("field")
            call = fixes.parent(parent)
            arguments = call.child_by_field_name("arguments") if call is not None else None
            if field is None or fixes.text(field) not in ("get", "contains_key", "entry"):
                continue
            key = _key(fixes.text(arguments)) if arguments is not None else ""
            if key not in keys:  # `contains_key(&k)` then `get(&k)`: one lookup of `k`
                keys.add(key)
                lookups += 1
    return lookups >= 2
