"""`loop-external-tracked`'s fix of a forward's output kept in a struct a buffer holds across
passes, which the loss trains through only (a replay buffer's `Transition { q_values: q, .. }`
of `let q = net.forward(state);`), written as code: the struct keeps the forward's input
instead (`state: Tensor<B, 2>`, `Transition { state, .. }`), and where the field was read the
forward runs again on it with the current model (`net.forward(tr.state.clone())`); a function
that reads it is given the model (`net: &QNet<B>`, `td_loss(recent, &device, &net)`). Detached
where it is put, the output would leave the loss nothing to train.

Written where the output is made by a `let` of a method call on the model variable with one
variable as its input, read once, as a field of a struct literal; the field is declared once in
the file, the input's type is the forward's parameter's as the file declares it, and every read
of the field is a field of a value (`tr.q_values`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, ancestors, identifiers, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.carried_logs import store_inputs_help
from pbpit.lint.rules.kept_model import _declared_type, _function, _model, let_of
from pbpit.lint.rules.literal_fields import declared_fields
from pbpit.lint.rules.method_buffer import method_buffer
from pbpit.rust.syntax import Node, descendants


def store_inputs(tensor: str, carrier: str, meeting: Meeting, fixes: Fixes) -> Help:
    """`store_inputs_help`, with its edits where they can be written."""
    help_ = store_inputs_help(tensor, carrier)
    try:
        edits = _edits(meeting, fixes)
    except (ValueError, IndexError):
        edits = None
    return replace(help_, edits=edits) if edits else help_


def _edits(meeting: Meeting, fixes: Fixes, kept_only: bool = False) -> list[Edit] | None:
    """The edits of `store_inputs`; `kept_only`: only where the struct keeps the forward's
    input already (then the reads alone are written)."""
    definition = meeting.definition
    statement, value = _let_at(definition, fixes)
    if meeting.in_macro or statement is None or value is None or not is_name(definition.name):
        return None
    if statement.type != "let_declaration" or not fixes.whole_lines(statement):
        return None
    model = _model(value, fixes) or _root(value, fixes)
    function = _function(statement, fixes)
    if model is None or function is None:
        return None
    method = value.child_by_field_name("function").child_by_field_name("field")
    arguments = value.child_by_field_name("arguments")
    if method is None or arguments is None or len(arguments.named_children) != 1:
        return None
    given = arguments.named_children[0]
    cloned = re.fullmatch(r"([A-Za-z_]\w*)\s*\.\s*clone\s*\(\s*\)", fixes.text(given))
    if given.type != "identifier" and (not kept_only or cloned is None):
        return None  # (`obs.clone()`: where the struct keeps `obs` already)
    input_name = cloned.group(1) if given.type != "identifier" else fixes.text(given)
    kind = _declared_type(fixes.text(model), statement, function, fixes)
    input_type = _parameter_type(fixes.text(method), fixes) or _input_type(
        input_name, statement, function, fixes
    )
    if kind is None or input_type is None:
        return None
    block = fixes.parent(statement)
    if block is None:
        return None
    read = _one_read_after(statement, definition.name, block, fixes)
    if read is None:
        return None
    put = _field_put(read, fixes)
    if put is None:
        return None
    initializer, struct_name, field_name = put
    declared = _field_declaration(struct_name, field_name, input_name, fixes)
    # The struct keeps the input already (`Transition { obs, log_prob, .. }`): only the reads.
    kept = declared is None and _keeps(struct_name, input_name, input_type, fixes)
    if (declared is None and not kept) or (kept_only and not kept):
        return None
    field_reads = _field_reads(field_name, fixes)
    if not field_reads:
        return None
    edits = [] if kept else [
        fixes.edit(
            fixes.line_start(statement.start_point[0]),
            fixes.line_start(statement.end_point[0] + 1),
            "",
        ),
        fixes.edit(declared.start_byte, declared.end_byte, f"{input_name}: {input_type}"),
        fixes.edit(initializer.start_byte, initializer.end_byte, input_name),
    ]
    model_name = fixes.text(model)
    text = fixes.data[value.start_byte : value.end_byte]
    at, until = given.start_byte - value.start_byte, given.end_byte - value.start_byte
    given_to: dict[int, Node] = {}
    for read, end, cloned in field_reads:
        place = fixes.text(read.child_by_field_name("value"))
        argument = f"{place}.{input_name}" + (".clone()" if cloned else "")
        again = (text[:at] + argument.encode() + text[until:]).decode("utf-8", "replace")
        edits.append(fixes.edit(read.start_byte, end, again))
        home = _function(read, fixes)
        if home is None:
            return None
        if home.id != function.id:
            given_to[home.id] = home
    for home in given_to.values():
        added = _given_the_model(home, model_name, kind, function, fixes)
        if added is None:
            return None
        edits += added
    return sorted(edits, key=lambda e: (e.line, e.column))


def _root(value: Node, fixes: Fixes) -> Node | None:
    """The variable a forward of one of its fields is called on (`critic` of
    `critic.v.forward(obs)`)."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    node = function.child_by_field_name("value") if function is not None else None
    while node is not None and node.type == "field_expression":
        node = node.child_by_field_name("value")
    return node if node is not None and node.type == "identifier" else None


def _input_type(name: str, before: Node, function: Node, fixes: Fixes) -> str | None:
    """The type of the input variable `name`, as its `let` writes it, or as the tensor
    constructor it is made by names it (`Tensor::<B, 2>::from_floats(..)`: `Tensor<B, 2>`)."""
    bound = let_of(name, before, function, fixes)
    if bound is None:
        return None
    written = bound.child_by_field_name("type")
    if written is not None:
        return fixes.text(written)
    made = bound.child_by_field_name("value")
    found = re.match(r"Tensor::<([^<>]*)>::", fixes.text(made)) if made is not None else None
    return f"Tensor<{found.group(1)}>" if found else None


def _parameter_type(method: str, fixes: Fixes) -> str | None:
    """The type of the one parameter besides `self` of every method `method` the file
    declares, when they all write the same one."""
    found = set()
    for node in descendants(fixes.source.root):
        name = node.child_by_field_name("name") if node.type == "function_item" else None
        if name is None or fixes.text(name) != method:
            continue
        parameters = node.child_by_field_name("parameters")
        own = [p for p in parameters.named_children if p.type == "parameter"] if parameters else []
        if len(own) != 1 or own[0].child_by_field_name("type") is None:
            return None
        found.add(fixes.text(own[0].child_by_field_name("type")))
    return found.pop() if len(found) == 1 else None


def _one_read_after(statement: Node, name: str, block: Node, fixes: Fixes) -> Node | None:
    """The one read of `name` in `block` after `statement` (its `let`), or None where there is
    none or more than one."""
    reads = [
        n
        for n in identifiers(block)
        if n.start_byte >= statement.end_byte and fixes.text(n) == name
    ]
    return reads[0] if len(reads) == 1 else None


def _field_put(read: Node, fixes: Fixes) -> tuple[Node, str, str] | None:
    """For `q` read as `Transition { q_values: q, .. }` (or `{ q, .. }`): the initializer, the
    struct's name and the field's."""
    path = ancestors(fixes.source.root, read)
    if len(path) < 4:
        return None
    if path[-2].type == "shorthand_field_initializer":
        initializer, literal = path[-2], path[-4]
        field_name = fixes.text(read)
    elif path[-2].type == "field_initializer" and path[-3].type == "field_initializer_list":
        initializer, literal = path[-2], path[-4]
        field_ = initializer.child_by_field_name("field")
        if field_ is None or initializer.child_by_field_name("value") != read:
            return None
        field_name = fixes.text(field_)
    else:
        return None
    if literal.type != "struct_expression":
        return None
    name = literal.child_by_field_name("name")
    if name is None:
        return None
    struct_name = re.sub(r"::<.*", "", fixes.text(name))
    return initializer, struct_name, field_name


def _field_declaration(struct: str, field_name: str, input_name: str, fixes: Fixes) -> Node | None:
    """The declaration of `field_name` in the file's struct `struct`, when the struct has no
    field named as the input."""
    fields = declared_fields(struct, fixes) or {}
    return None if input_name in fields else fields.get(field_name)


def _keeps(struct: str, input_name: str, input_type: str, fixes: Fixes) -> bool:
    """Whether the file's struct `struct` declares a field `input_name` of type `input_type`
    (the forward's input, kept beside its output)."""
    declaration = (declared_fields(struct, fixes) or {}).get(input_name)
    kind = declaration.child_by_field_name("type") if declaration is not None else None
    return kind is not None and re.sub(r"\s+", "", fixes.text(kind)) == re.sub(
        r"\s+", "", input_type
    )


def _field_reads(field_name: str, fixes: Fixes) -> list[tuple[Node, int, bool]] | None:
    """Every read of a field `field_name` outside struct literals and declarations
    (`tr.q_values`), with where it ends (after a `.clone()` on it) and whether it was cloned."""
    found = []
    for node in descendants(fixes.source.root):
        if node.type != "field_expression":
            continue
        field_ = node.child_by_field_name("field")
        if field_ is None or fixes.text(field_) != field_name:
            continue
        after = fixes.data[node.end_byte : node.end_byte + 32]
        clone = re.match(rb"\s*\.\s*clone\s*\(\s*\)", after)
        end = node.end_byte + (clone.end() if clone else 0)
        found.append((node, end, clone is not None))
    return found


def _given_the_model(
    home: Node, model: str, kind: str, caller: Node, fixes: Fixes
) -> list[Edit] | None:
    """The function `home` given the model as a last parameter (`net: &QNet<B>`), and each of
    its calls, all in `caller`, given `&net`."""
    name = home.child_by_field_name("name")
    parameters = home.child_by_field_name("parameters")
    if name is None or parameters is None:
        return None
    if model in {fixes.text(n) for n in identifiers(home)}:
        return None
    if any(p.type == "self_parameter" for p in parameters.named_children):
        return None
    calls = []
    for node in descendants(fixes.source.root):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is not None and function.type == "identifier":
            if fixes.text(function) == fixes.text(name):
                calls.append(node)
    if not calls or not all(caller.start_byte <= c.start_byte < caller.end_byte for c in calls):
        return None
    edits = []
    close = parameters.end_byte - 1
    lead = ", " if parameters.named_children else ""
    edits.append(fixes.edit(close, close, f"{lead}{model}: &{kind}"))
    for call in calls:
        arguments = call.child_by_field_name("arguments")
        if arguments is None:
            return None
        at = arguments.end_byte - 1
        lead = ", " if arguments.named_children else ""
        edits.append(fixes.edit(at, at, f"{lead}&{model}"))
    return edits


# -- a buffer of tuples that keeps the forward's input beside its output -----------------------


def tuple_buffer(
    meeting: Meeting, fixes: Fixes, carrier: str | None = None
) -> tuple[str, Help] | None:
    """For a forward's output pushed in a tuple beside its input (`memory.push((obs,
    log_prob))` of `let log_prob = policy.forward(obs.clone());`) into a `Vec` the loss reads
    by index: the output computed again from the input the tuple keeps where the buffer is
    read (`let (_, a) = memory[k].clone();` becomes `let (a_input, _) =
    memory[k].clone();` and `let a = policy.forward(a_input);`; `memory[k].1` becomes
    `policy.forward(memory[k].0.clone())`); or pushed alone into a `Vec` or a `VecDeque` the
    loss reads (a sliding window of values): the input pushed instead, and the forward run on
    each element where one is read (`_kept_inputs`); or, with the `carrier` a method of the
    buffer puts it in (`memory.values`), handed to that method (`method_buffer.py`). The
    buffer's name and the help; None for any other shape. A kept output the loss compares
    with a fresh forward of the same method (a target) is detached where it is pushed."""

    from pbpit.lint.rules.tuple_buffer import tuple_buffer_fix

    try:
        if carrier is not None:  # handed to a method of the buffer that keeps it in a field
            statement, value = _let_at(meeting.definition, fixes)
            if statement is None or value is None or _forward_elsewhere(meeting, fixes):
                return None
            return method_buffer(meeting, fixes, carrier, statement, value)
        if _forward_elsewhere(meeting, fixes):
            # Compared with a fresh forward (a target kept from an earlier pass): detached.
            return _detached_where_pushed(meeting, fixes)
        return (
            tuple_buffer_fix(meeting, fixes)
            or _kept_inputs(meeting, fixes)
            or _struct_keeps_input(meeting, fixes)
        )
    except (ValueError, IndexError, AttributeError):
        return None


def _struct_keeps_input(meeting: Meeting, fixes: Fixes) -> tuple[str, Help] | None:
    """A struct literal pushed into a buffer (`replay.push(Transition { obs, log_prob, .. })`)
    that keeps the forward's input beside its output: the output's reads written as the
    forward of the kept input (`policy.forward(last.obs.clone())`)."""
    edits = _edits(meeting, fixes, kept_only=True)
    statement, _ = _let_at(meeting.definition, fixes)
    block = fixes.parent(statement) if statement is not None else None
    if block is None:
        return None
    name = meeting.definition.name
    read = _one_read_after(statement, name, block, fixes)
    put = _field_put(read, fixes) if read is not None else None
    given = None
    if not edits and put is not None and not meeting.in_macro:
        # A chain around the forward (`log_softmax(policy.forward(obs.clone()), 1).reshape(..)`)
        edits, given = _kept_chain(meeting, statement, put, fixes) or (None, None)
    if not edits:
        return None
    literal = fixes.parent(fixes.parent(put[0])) if put is not None else None
    arguments = fixes.parent(literal) if literal is not None else None
    call = fixes.parent(arguments) if arguments is not None else None
    function = call.child_by_field_name("function") if call is not None else None
    receiver = function.child_by_field_name("value") if function is not None else None
    if receiver is None or receiver.type != "identifier" or call.type != CALL:
        return None
    buffer = fixes.text(receiver)
    given = given or _forward_argument(meeting, fixes)
    return buffer, Help(
        f"compute `{name}` again from the `{given}` that `{buffer}` keeps beside it, with the "
        f"current model, where `{buffer}` is read, instead of reading the `{name}` an earlier "
        "pass made: each backward then walks a graph of its own (detached where it is put, it "
        "would leave the loss nothing to train)",
        edits,
    )


def _kept_chain(meeting: Meeting, statement: Node, put, fixes: Fixes):
    """The edits of `_struct_keeps_input` where the value is made by an expression around the
    forward whose one name the struct literal keeps is the input (`Transition { obs, logp, .. }`
    of `let logp = log_softmax(policy.forward(obs.clone()), 1).slice(..).reshape([1]);`), no
    other name of it bound anew by the loop's passes: each read of the field (`old.logp`)
    written as that expression of the kept input (`old.obs.clone()`); with the input's name."""
    from pbpit.lint.rules.tuple_buffer import _tuple_input

    initializer, _, field_name = put
    _, value = _let_at(meeting.definition, fixes)
    function = _function(statement, fixes)
    literal = fixes.parent(initializer)
    if value is None or function is None or literal is None or value.type != CALL:
        return None
    kept = [
        fixes.text(f)
        for f in literal.named_children
        if f.type == "shorthand_field_initializer" and fixes.text(f) != meeting.definition.name
    ]
    given = _tuple_input(value, kept, statement, function, getattr(meeting, "loop", None), fixes)
    if isinstance(given, str):
        return None
    input_name = fixes.text(given).split(".")[0].strip()
    text = fixes.data[value.start_byte : value.end_byte]
    start, end = given.start_byte - value.start_byte, given.end_byte - value.start_byte
    edits = []
    for read, stop, _cloned in _field_reads(field_name, fixes) or []:
        place = fixes.text(read.child_by_field_name("value"))
        argument = f"{place}.{input_name}.clone()".encode()
        again = (text[:start] + argument + text[end:]).decode("utf-8", "replace")
        edits.append(fixes.edit(read.start_byte, stop, again))
    return (sorted(edits, key=lambda e: (e.line, e.column)), input_name) if edits else None


def _forward_argument(meeting: Meeting, fixes: Fixes) -> str:
    _, value = _let_at(meeting.definition, fixes)
    arguments = value.child_by_field_name("arguments") if value is not None else None
    given = arguments.named_children[0] if arguments is not None else None
    return fixes.text(given).split(".")[0].strip() if given is not None else "input"


def _detached_where_pushed(meeting: Meeting, fixes: Fixes) -> tuple[str, Help] | None:
    """For a forward's output pushed (alone or in a tuple) into a buffer whose reads the loss
    compares with a fresh forward of the same method: `.detach()` where it is pushed."""
    definition = meeting.definition
    statement, value = _let_at(definition, fixes)
    block = fixes.parent(statement) if statement is not None else None
    if block is None or value is None or not is_name(definition.name):
        return None
    read = _one_read_after(statement, definition.name, block, fixes)
    if read is None:
        return None
    pushed = _pushed_in_tuple(read, fixes) or _pushed_alone(read, fixes)
    if pushed is None:
        return None
    called = fixes.text(value.child_by_field_name("function"))
    help_ = Help(
        f"detach `{definition.name}` where it is pushed into `{pushed[0]}`: the loss compares "
        f"a fresh `{called}(..)` with it, so it is a value kept from an earlier pass, data (a "
        "target); each backward then walks its own pass's graph only",
        [fixes.edit(read.end_byte, read.end_byte, ".detach()")],
    )
    return pushed[0], help_


def _forward_elsewhere(meeting: Meeting, fixes: Fixes) -> bool:
    """Whether the loop calls the method that makes the tensor (`policy.forward`) anywhere
    but where it makes it: the loss may compare a fresh output with the kept one."""
    statement, value = _let_at(meeting.definition, fixes)
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    function = value.child_by_field_name("function") if value is not None else None
    if body is None or function is None or value.type != CALL:
        return False
    called = re.sub(r"\s+", "", fixes.text(function))
    for node in descendants(body):
        if node.type == CALL and node.id != value.id:
            other = node.child_by_field_name("function")
            if other is not None and re.sub(r"\s+", "", fixes.text(other)) == called:
                return True
    return False


def _kept_inputs(meeting: Meeting, fixes: Fixes) -> tuple[str, Help] | None:
    """`let value = critic.forward(obs);` pushed alone (`window.push_back(value)`) into a local
    `Vec` or `VecDeque` whose elements the function reads by `for v in window.iter()` (or
    `&window`), `window[k]` or `let old = window.pop_front().unwrap()`: the input pushed
    instead, its type written in the collection's `let`, and the forward run where an element
    is read (`critic.forward(v.clone())`)."""
    definition = meeting.definition
    statement, value = _let_at(definition, fixes)
    if meeting.in_macro or statement is None or value is None or not is_name(definition.name):
        return None
    if statement.type != "let_declaration" or value.type != CALL:
        return None
    arguments = _forward_call(value, fixes).child_by_field_name("arguments")
    if arguments is None or len(arguments.named_children) != 1 or not fixes.whole_lines(statement):
        return None
    given = arguments.named_children[0]
    found = re.fullmatch(r"([A-Za-z_]\w*)(\s*\.\s*clone\s*\(\s*\))?", fixes.text(given))
    function = _function(statement, fixes)
    block = fixes.parent(statement)
    if found is None or function is None or block is None:
        return None
    input_name = found.group(1)
    read = _one_read_after(statement, definition.name, block, fixes)
    if read is None:
        return None
    pushed = _pushed_alone(read, fixes)
    if pushed is None:
        return None
    buffer, call = pushed
    declared = let_of(buffer, statement, function, fixes)
    if declared is None:
        return None
    text = fixes.data[value.start_byte : value.end_byte]
    start, end = given.start_byte - value.start_byte, given.end_byte - value.start_byte

    def forward(argument: str) -> str:
        return (text[:start] + argument.encode() + text[end:]).decode("utf-8", "replace")

    later_reads = [
        n
        for n in identifiers(block)
        if n.start_byte > statement.end_byte and fixes.text(n) == input_name
    ]
    kept = input_name if found.group(2) is None or not later_reads[1:] else f"{input_name}.clone()"
    edits = [
        fixes.edit(
            fixes.line_start(statement.start_point[0]),
            fixes.line_start(statement.end_point[0] + 1),
            "",
        ),
        fixes.edit(read.start_byte, read.end_byte, kept),
    ]
    written = declared.child_by_field_name("type")
    if written is not None:
        input_type = _input_type(input_name, statement, function, fixes)
        element = re.fullmatch(r"(Vec|VecDeque)\s*<(.*)>", fixes.text(written), re.S)
        if element is None:
            return None
        # (An input whose type is not written, `let obs = frames.clone().slice(..)`: the
        # element type kept, as a layer's forward keeps a tensor's rank; the check compiles it.)
        if input_type is not None and (
            re.sub(r"\s+", "", element.group(2)) != re.sub(r"\s+", "", input_type)
        ):
            fixes_type = f"{element.group(1)}<{input_type}>"
            edits.append(fixes.edit(written.start_byte, written.end_byte, fixes_type))
    uses = [
        n
        for n in identifiers(function)
        if fixes.text(n) == buffer and n.start_byte > declared.end_byte and n.id != call.id
    ]
    read_any = kept_only = False
    for use in uses:
        made = _element_reads(use, forward, fixes)
        if made is None:
            return None
        edits += made
        read_any = read_any or bool(made)
        kept_only = kept_only or (bool(made) and not _taken(use, fixes))
    if not read_any or not kept_only:
        return None  # every element read is taken out (`pop_front().unwrap()`): read once
    help_ = Help(
        f"keep in `{buffer}` the `{input_name}` that `{definition.name}` is computed from "
        f"instead of `{definition.name}`, and compute it again from it with the current model "
        f"where `{buffer}` is read: each backward then walks a graph of its own (detached where "
        "it is pushed, it would leave the loss nothing to train; emptied each pass, the buffer "
        "would keep one pass's value only)",
        sorted(edits, key=lambda e: (e.line, e.column)),
    )
    return buffer, help_


def _forward_call(value: Node, fixes: Fixes) -> Node:
    """The call of a chain around a forward (`model.encoder.forward(obs).tanh()`) that takes the
    input: `value` itself when it takes one argument, else the one `.forward(x)` inside it whose
    receivers after it take none (`tanh()`, `relu()`)."""
    arguments = value.child_by_field_name("arguments")
    if arguments is not None and len(arguments.named_children) == 1:
        return value
    node = value
    while node.type == CALL:
        function = node.child_by_field_name("function")
        inner = function.child_by_field_name("value") if function is not None else None
        taken = node.child_by_field_name("arguments")
        if function is None or function.type != "field_expression" or inner is None:
            return value
        if node is not value and fixes.text(function.child_by_field_name("field")) == "forward":
            return node if taken is not None and len(taken.named_children) == 1 else value
        if taken is None or taken.named_children:
            return value  # (`.slice([..])`, `.mul_scalar(2.0)`: not a plain activation)
        node = inner
    return value


def _let_at(definition, fixes: Fixes) -> tuple[Node | None, Node | None]:
    """The `let` that makes the definition and its value: its own, or (an element a
    collection holds, known by where it is made) the `let` whose value is at its span."""
    if definition.statement is not None:
        return definition.statement, definition.value
    start, end = definition.span
    node = fixes.source.root.descendant_for_byte_range(start, end)
    while node is not None and node.type != "let_declaration":
        node = node.parent
    if node is None or not is_name(definition.name):
        return None, None
    value = node.child_by_field_name("value")
    pattern = node.child_by_field_name("pattern")
    if value is None or pattern is None or fixes.text(pattern) != definition.name:
        return None, None
    return (node, value) if (value.start_byte, value.end_byte) == (start, end) else (None, None)


PUSHES = ("push", "push_back", "push_front")
TAKES = ("pop_front", "pop_back", "pop", "remove")
SIZES = ("len", "is_empty", "clear", "truncate")


def _pushed_alone(read: Node, fixes: Fixes) -> tuple[str, Node] | None:
    """For `x` read as `buffer.push(x)` (`push_back`, `push_front`): the buffer's name and the
    buffer's identifier there."""
    arguments = fixes.parent(read)
    call = fixes.parent(arguments) if arguments is not None else None
    if call is None or call.type != CALL or len(arguments.named_children) != 1:
        return None
    method = call.child_by_field_name("function")
    if method is None or method.type != "field_expression":
        return None
    receiver, name = method.child_by_field_name("value"), method.child_by_field_name("field")
    if receiver is None or receiver.type != "identifier" or fixes.text(name) not in PUSHES:
        return None
    return fixes.text(receiver), receiver


def _element_reads(use: Node, forward, fixes: Fixes) -> list[Edit] | None:
    """The edits that run the forward where the buffer's identifier `use` gives an element:
    none for its size, a push or a take whose element is dropped; None where an element is read
    in a way not written here."""
    parent = fixes.parent(use)
    if parent is None:
        return None
    if parent.type == "index_expression" and parent.child(0) == use:
        end = parent.end_byte
        after = re.match(rb"\s*\.\s*clone\s*\(\s*\)", fixes.data[end : end + 32])
        end += after.end() if after else 0
        return [fixes.edit(parent.start_byte, end, forward(f"{fixes.text(parent)}.clone()"))]
    if parent.type == "field_expression":
        method = fixes.text(parent.child_by_field_name("field"))
        call = fixes.parent(parent)
        if call is None or call.type != CALL:
            return None
        holder = fixes.parent(call)
        if method in SIZES or method in PUSHES:
            return []
        if method in TAKES:
            if holder is not None and holder.type == "expression_statement":
                return []  # dropped
            unwrap = holder if holder is not None and holder.type == "field_expression" else None
            outer = fixes.parent(unwrap) if unwrap is not None else None
            if outer is None or fixes.text(unwrap.child_by_field_name("field")) != "unwrap":
                return None
            return [fixes.edit(outer.start_byte, outer.end_byte, forward(fixes.text(outer)))]
        if method in ("iter",) and holder is not None and holder.type == "for_expression":
            return _loop_reads(holder, forward, fixes)
        cloned = fixes.parent(holder) if holder is not None else None
        if (
            method == "iter"
            and holder is not None
            and holder.type == "field_expression"
            and fixes.text(holder.child_by_field_name("field")) == "cloned"
            and cloned is not None
            and cloned.type == CALL
        ):
            # `Tensor::cat(window.iter().cloned().collect(), 0)`: each element's forward.
            mapped = f"{fixes.text(call)}.map(|kept| {forward('kept.clone()')})"
            return [fixes.edit(cloned.start_byte, cloned.end_byte, mapped)]
        return None
    if parent.type == "reference_expression":
        holder = fixes.parent(parent)
        if holder is not None and holder.type == "for_expression":
            return _loop_reads(holder, forward, fixes)
    return None


def _taken(use: Node, fixes: Fixes) -> bool:
    """Whether the buffer's identifier `use` is the receiver of a take (`queue.pop_front()`)."""
    parent = fixes.parent(use)
    field_ = parent.child_by_field_name("field") if parent is not None else None
    return parent.type == "field_expression" and field_ is not None and (
        fixes.text(field_) in TAKES
    )


def _loop_reads(loop: Node, forward, fixes: Fixes) -> list[Edit] | None:
    """For `for v in buffer.iter()`: each read of `v` in the body written as the forward of
    `v.clone()` (a `.clone()` after it taken in)."""
    pattern, body = loop.child_by_field_name("pattern"), loop.child_by_field_name("body")
    if pattern is None or body is None or pattern.type != "identifier":
        return None
    name = fixes.text(pattern)
    edits = []
    for node in identifiers(body):
        if fixes.text(node) != name:
            continue
        end = node.end_byte
        after = re.match(rb"\s*\.\s*clone\s*\(\s*\)", fixes.data[end : end + 32])
        end += after.end() if after else 0
        edits.append(fixes.edit(node.start_byte, end, forward(f"{name}.clone()")))
    return edits or None


def _pushed_in_tuple(read: Node, fixes: Fixes) -> tuple[str, Node, int] | None:
    """For `x` read as `buffer.push((.., x, ..))`: the buffer's name, the tuple and `x`'s
    place in it."""
    tuple_ = fixes.parent(read)
    if tuple_ is None or tuple_.type != "tuple_expression":
        return None
    arguments = fixes.parent(tuple_)
    call = fixes.parent(arguments) if arguments is not None else None
    if call is None or call.type != "call_expression" or len(arguments.named_children) != 1:
        return None
    method = call.child_by_field_name("function")
    if method is None or method.type != "field_expression":
        return None
    receiver, name = method.child_by_field_name("value"), method.child_by_field_name("field")
    if receiver is None or receiver.type != "identifier" or fixes.text(name) != "push":
        return None
    at = [c.id for c in tuple_.named_children].index(read.id)
    return fixes.text(receiver), tuple_, at


CALL = "call_expression"


# -- the run's side: a hazard lint did not find, the same fix from the run's trace ----------------


def trace_store_inputs(trace, tensor: str, carrier: str) -> Help:
    """`store_inputs_help` for a run's finding (`from_trace`), with the edits this module
    writes for lint where they can be written from the program's `let` of `tensor` at a line
    the run made it from: the struct's field kept as the input (or, where the struct keeps the
    input already, only the reads)."""
    from types import SimpleNamespace

    from pbpit.rust.syntax import RustReadError, read_rust

    help_ = store_inputs_help(tensor, carrier)
    result, node = trace.result, trace.node
    if result.crate is not None or not is_name(tensor):
        return help_
    try:
        source = read_rust(result.source)
    except (OSError, RustReadError):
        return help_
    fixes = Fixes(source)
    lines = {line for line in [node.line, *node.stack] if line is not None}
    for statement in descendants(source.root):
        pattern = statement.child_by_field_name("pattern")
        value = statement.child_by_field_name("value")
        if statement.type != "let_declaration" or pattern is None or value is None:
            continue
        if fixes.text(pattern).strip() != tensor or statement.start_point[0] + 1 not in lines:
            continue
        definition = SimpleNamespace(
            name=tensor, statement=statement, value=value, span=(value.start_byte, value.end_byte)
        )
        meeting = SimpleNamespace(definition=definition, in_macro=False)
        try:
            kept = _struct_keeps_input(meeting, fixes)  # type: ignore[arg-type]
            if kept is not None:
                return kept[1]
            edits = _edits(meeting, fixes)  # type: ignore[arg-type]
        except (ValueError, IndexError, AttributeError):
            return help_
        return replace(help_, edits=edits) if edits else help_
    return help_
