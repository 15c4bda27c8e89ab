"""`pbpit lint`'s analysis: Burn source read without running it, for the rules to judge.

Each `fn` body is read statement by statement, the way it runs: a small abstract interpretation
over tree-sitter's syntax tree. Every value has a requirement in Burn's three states
(`pbpit.engine.graph.Requirement`): untracked data, a leaf that requires grad (a parameter:
reusable, never the hazard), or a tracked intermediate; a tracked intermediate bound to a name
(`let`, `=`, `+=`) is a *definition*, the unit a backward consumes, and remembers the
definitions it derives from. `.backward()` on a tracked value consumes its definitions (as
Burn's `build_tape` consumes their steps); a later backward that needs a consumed definition
panics in Burn, and is a finding (the rejected backward consumes nothing, as in Burn). A loop
whose body runs a backward is read up to three times, each pass making its own definitions, so
a tensor recomputed inside the loop is fresh every pass while one made before it is the same
tensor in every pass (three: a state carried out of a pass after its backward is consumed by
the next pass and missed by the one after). A pass that would start as the one before it
started, up to the renaming of what each pass makes, would find nothing new and is not read:
most training loops are read twice.

What the rules are given (`pbpit.lint.rule`): a *meeting*, when a backward needs a definition an
earlier backward consumed (the two backwards, the loop whose passes separate them, whether the
definition was carried into the pass); and a *call* of a method a rule asked to see, with what
its receiver is. Each rule of `pbpit.lint.rules` tells whether it is its own and writes the
diagnostic; the registry's order decides which rule a meeting is offered to first.

What is tracked: the result of `.require_grad()` (a leaf), a module's `.forward(...)` or
`.forward_*(...)` (its parameters require grad), `Param::val()` (a leaf), and every operator,
method or function applied to a tracked value. `.clone()` (and `unwrap`, `into`, `&`, `*`, `?`)
is the same tensor. `.detach()`, `.inner()`, `.without_autodiff()`, `Tensor::from_inner(...)`,
reads (`into_scalar`, `into_data`, `grad`, ...), comparisons and int or bool results are data;
`.detach()` of a leaf is still a leaf. A module from `.valid()` or `.no_grad()`, and the
parameter-free modules of `burn::nn` (losses, activations, dropout), run a forward that is
tracked only when its input is. Tensors made from data (`from_floats`, `from_data`, `zeros`,
...) and batch fields are data. The parts of a destructured tracked value (`let (out, state) =
cell.forward(..)`) all derive from the whole. A tuple, array, `vec!` or struct literal is not a
tensor: its elements stay tensors of their own (`pair.0`, `losses[0]`, `out.loss`; `losses[i]`
is any of them: what they all share).

Control flow: both arms of an `if` or `match` are read and their results joined, so a backward
in either arm counts as run; after the join, a tensor that an arm consumed and then let go of
(a state detached after the backward; a loss that no later line names) is not consumed, for no
later use can reach it from that arm. A branch on a loop's counter (`if epoch == 0`, `if step
== last`, the counter of a `for` over a range or `enumerate()`) runs in one pass only: two
backwards in it are never in two passes. `break`, `continue`, `return` and `panic!` end the
reading of their path: `continue` carries the state to the next pass, `break` past the loop
(labels followed), `return` out; so a loop whose every path breaks runs once. Loops nested
more than four deep are read once; a closure is read once, where it is written, except a
closure given to an iterator adaptor (`for_each`, `map`, ...), which is read as a loop body
(its `return` ends one element's pass).
A test marked `#[should_panic]` is not read: the panic is what it checks.

What this cannot see, and therefore never reports (precision over recall: a false positive in CI
costs more than a miss):

- a backward run inside another function (`train_step(&model, feats.clone())` in the loop);
- values that pass through a function or method of the program: a helper's result is tracked
  only if one of its arguments is a tracked tensor (a module passed in does not count), and a
  module method other than `forward*` (`model.encode(x)`) is not seen as tracked;
- struct fields and `self`: `self.cache` or a field assigned (`self.h = ...`) is data; a tensor
  cached in a struct across calls is invisible;
- parameters of the function being read: they are data, whatever the caller passes;
- a closure bound by `let` and called later in a loop is read once, where it is written;
- elements taken out of a collection by a `for` pattern are independent tensors: a `Vec` of
  pieces of one tracked tensor iterated with a backward per piece is not reported;
- the value of a macro other than `vec!` (the arguments of `vec!`, and of a macro whose
  arguments mention `backward`, are read when they parse as expressions; a macro inside a
  macro's arguments is not read).

What it may report wrongly (silence such a finding with an allow comment):

- a branch taken on some passes only, other than by the loop's counter (`if warm_up_done {
  ...backward }`, `if i % 10 == 0` followed by a `continue` elsewhere), is read as taken on
  every pass, and two conditions that exclude each other as both taken;
- the parts of a destructured module output derive from the whole: two outputs of separate
  networks in one module (an actor and a critic with no shared trunk), backpropagated one
  after the other, are reported as sharing it;
- every `.forward` is a module with parameters: a parameter-free struct of the program's own
  (a normalizer) applied to data before a loop makes a tracked tensor.

A finding is silenced as clippy's `#[allow]` silences a lint: a comment
`// pbpit: allow(loop-external-tracked)` (several rules comma-separated; `pbpit::` prefix
optional) on the line directly above the finding's primary line, or above the first line of the
statement that holds it (the `let`), silences that finding only. (`#[allow(pbpit::...)]` itself
is not used: rustc rejects an unknown lint tool.)
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from pbpit.diagnostics.model import Diagnostic
from pbpit.engine import api
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, last_segment
from pbpit.lint.rule import Call, Meeting, Rule
from pbpit.lint.rules import RULES
from pbpit.lint.values import Backward, Context, Definition, Read, Value
from pbpit.rust.syntax import Node, RustFile, macro_arguments

# What Burn's tensor API says of a method's result (pbpit/engine/api.py): the same tensor (same
# NodeId), never tracked (reads, gradients, Int and Bool tensors), or new data (`Tensor::zeros`).
_SAME_TENSOR = api.SAME_TENSOR
_UNTRACKED_RESULT = api.UNTRACKED_RESULT
_FROM_DATA = api.FROM_DATA
# Modules of `burn::nn` with no parameter: their forward is tracked only if its input is.
_PARAMETER_FREE = re.compile(
    r"^(\w*Loss|\w*LossConfig|Relu|Gelu|Sigmoid|Tanh|LeakyRelu|LeakyReluConfig|HardSigmoid"
    r"|HardSigmoidConfig|Dropout|DropoutConfig|Softplus|SoftplusConfig)$"
)
# Iterator adaptors that call their closure once per element: the closure is a loop body.
_REPEATING = frozenset(
    {"for_each", "try_for_each", "map", "filter_map", "flat_map", "fold", "try_fold", "inspect"}
)
_ITEMS = frozenset(
    (
        "function_item function_signature_item struct_item enum_item union_item impl_item "
        "trait_item mod_item use_declaration const_item static_item type_item macro_definition "
        "extern_crate_declaration foreign_mod_item attribute_item inner_attribute_item "
        "line_comment block_comment empty_statement"
    ).split()
)
_DIVERGING_MACROS = frozenset({"panic", "unreachable", "todo", "unimplemented"})
_PASSES = 3
_PASSES_DEEPEST = 4
"""Loops nested deeper than this are read once (3**depth passes otherwise)."""
_WATCHED: dict[str, list[Rule]] = {}
"""The rules that asked to see each method's calls."""
for _rule in RULES:
    for _method in _rule.methods:
        _WATCHED.setdefault(_method, []).append(_rule)
_WORDS = tuple(dict.fromkeys(word for rule in RULES for word in rule.words))
"""What a function must hold for some rule to fire in it."""
_ALLOW = re.compile(r"^\s*//\s*pbpit:\s*allow\(([^)]*)\)")


# -- the result --------------------------------------------------------------------------------


def lint_sources(
    sources: list[RustFile],
    progress: Callable[[int, int], None] | None = None,
    too_deep: Callable[[RustFile, Node], None] | None = None,
) -> list[list[Diagnostic]]:
    """The findings of each of the parsed files of one linted tree, in the order given;
    `progress(done, total)` after each file; `too_deep(file, fn)` for each function nested
    deeper than Python's recursion limit lets the analysis follow (the others are read)."""
    found = []
    for number, source in enumerate(sources, 1):
        found.append(lint_source(source, too_deep))
        if progress is not None:
            progress(number, len(sources))
    return found


def lint_source(
    source: RustFile, too_deep: Callable[[RustFile, Node], None] | None = None
) -> list[Diagnostic]:
    """The findings of one parsed file, by position, allowed ones left out; a function nested
    too deep to read goes to `too_deep` (RecursionError without it)."""
    if not _mentions(source.data, 0, len(source.data)):
        return []
    found: dict[tuple[str, int, int], Diagnostic] = {}
    fixes = Fixes(source)
    data = source.data
    stack = [source.root]
    while stack:
        node = stack.pop()
        if node.type == "function_item":
            body = node.child_by_field_name("body")
            if (
                body is not None
                and _mentions(data, body.start_byte, body.end_byte)
                and not _expects_panic(source, node)
            ):
                try:
                    _Function(source, found, fixes).run(node)
                except RecursionError:
                    if too_deep is None:
                        raise
                    too_deep(source, node)
        # Functions are items: look for them in modules, impls and traits, elsewhere only
        # where the text holds an `fn`.
        if node.type in _HOLDS_ITEMS or _FN.search(data, node.start_byte, node.end_byte):
            stack.extend(c for c in node.children if c.named_child_count)
    text_lines = source.text.split("\n")
    findings = [f for f in found.values() if not _allowed(f, text_lines)]
    return sorted(findings, key=lambda f: (f.primary.line, f.primary.column, f.rule))


def _mentions(data: bytes, start: int, end: int) -> bool:
    """Whether `data[start:end]` holds a word some rule needs (`backward`)."""
    return any(data.find(word, start, end) != -1 for word in _WORDS)


_WORD = re.compile(rb"\w+")
_WORDS_OF: list = [b"", {}]
"""The last file's `_words`: its functions are read one after the other."""


def _words(data: bytes) -> dict[bytes, list[int]]:
    """Where each word (a run of ASCII letters, digits and `_`) of a file starts, in order:
    found once per file, so that asking whether a name is read again is a bisection."""
    if _WORDS_OF[0] is not data:
        found: dict[bytes, list[int]] = {}
        for match in _WORD.finditer(data):
            found.setdefault(match.group(), []).append(match.start())
        _WORDS_OF[:] = [data, found]
    return _WORDS_OF[1]


_HOLDS_ITEMS = frozenset({"source_file", "declaration_list", "mod_item", "impl_item", "trait_item"})
_FN = re.compile(rb"\bfn\b")


def _expects_panic(source: RustFile, function: Node) -> bool:
    """Whether a test is marked `#[should_panic]`: the panic is what it checks."""
    node = function.prev_named_sibling
    while node is not None and node.type in ("attribute_item", "line_comment", "block_comment"):
        text = source.data[node.start_byte : node.end_byte]
        if node.type == "attribute_item" and re.match(rb"#\[\s*should_panic\b", text):
            return True
        node = node.prev_named_sibling
    return False


def _allowed(finding: Diagnostic, lines: list[str]) -> bool:
    for line in {finding.primary.line, finding.statement_line}:
        above = lines[line - 2] if 2 <= line <= len(lines) + 1 else ""
        match = _ALLOW.match(above)
        if match:
            names = {n.strip().removeprefix("pbpit::") for n in match.group(1).split(",")}
            if finding.rule in names:
                return True
    return False


# -- the abstract interpretation --------------------------------------------------------------

_DATA = Value()
_FROZEN = Value(frozen=True)


@dataclass(eq=False)
class _Slot:
    name: str
    declared: int = 0
    """The file byte where the name is bound."""
    scope_end: int = 0
    """The file byte where its scope ends: no read of it after that."""


@dataclass
class _State:
    values: dict[_Slot, Value]
    consumed: dict[Definition, Backward]
    dead: bool = False
    """No path reaches this point (it follows a `break`, `continue`, `return` or `panic!`)."""

    def copy(self) -> _State:
        return _State(dict(self.values), dict(self.consumed), self.dead)


@dataclass(eq=False)
class _Exit:
    """Where a `break`, `continue` or `return` takes the state: a loop, a labelled block, a
    closure (its `return`) or the function (whose `return` leaves what is read)."""

    kind: str
    """`loop`, `block`, `closure` or `fn`."""
    label: str | None = None
    breaks: list[_State] = field(default_factory=list)
    """States leaving by `break` (a closure's: by `return`), joined after it."""
    continues: list[_State] = field(default_factory=list)
    """States leaving a pass by `continue`, joined at the end of the pass."""


def _op(values: Iterable[Value]) -> Value:
    """The result of an op on `values`: tracked if any input is, with their definitions."""
    tracked = [v for v in values if v.requirement != Requirement.NONE]
    if not tracked:
        return _DATA
    sources = frozenset().union(*(v.sources for v in tracked))
    reads = frozenset().union(*(v.reads for v in tracked))
    why = tracked[0].why or "from a tensor that requires grad"
    return Value(Requirement.GRAD_IN_BACKWARD, None, sources, why, reads=reads)


def _collection(parts: list[tuple[str, Value]]) -> Value:
    """A tuple, array, `vec!` or struct literal of `parts`."""
    value = _op(v for _, v in parts)
    return replace(value, parts=tuple(parts)) if value.requirement != Requirement.NONE else value


def _join(values: list[Value]) -> Value:
    """What a value may be after branches that made `values`."""
    first = values[0]
    if all(v is first for v in values):
        return first
    if any(v.requirement == Requirement.GRAD_IN_BACKWARD for v in values):
        return _op(values)
    if any(v.requirement == Requirement.GRAD for v in values):
        return Value(
            Requirement.GRAD, why=next(v.why for v in values if v.requirement == Requirement.GRAD)
        )
    return _FROZEN if all(v.frozen for v in values) else _DATA


def _join_states(
    states: list[_State], results: Iterable[Value], live: Callable[[_Slot], bool]
) -> _State:
    """The state after paths that reached a point with `states` (none dead): a name may hold
    what any path left in it; a definition may have been consumed if a path consumed it and it
    is still reachable on that path, from a `live` name (one read again) or the `results` of
    the paths. (A path that consumed a tensor and let go of every handle to it, as a pass that
    backpropagates and then detaches its state, cannot reach it again: a later use comes from
    another path.)"""
    if len(states) == 1:
        return states[0]
    slots = {slot for state in states for slot in state.values}
    values = {slot: _join([s.values.get(slot, _DATA) for s in states]) for slot in slots}
    consumed: dict[Definition, Backward] = {}
    if all(state.consumed.keys() == states[0].consumed.keys() for state in states):
        for state in states:  # every path consumed the same: nothing to tell apart
            for definition, backward in state.consumed.items():
                consumed.setdefault(definition, backward)
        return _State(values, consumed)
    kept = frozenset().union(*(v.sources for v in results))
    held = {slot for slot in slots if live(slot)}
    for state in states:
        reachable = kept.union(
            *(v.sources for slot, v in state.values.items() if v.sources and slot in held)
        )
        for definition, backward in state.consumed.items():
            if definition in reachable:
                consumed.setdefault(definition, backward)
    return _State(values, consumed)


def _pattern_names(pattern: Node) -> list[Node]:
    """The identifiers a pattern binds (not enum variants, constants or paths)."""
    names = []
    stack = [pattern]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_field_identifier"):
            text = node.text.decode("utf-8", "replace") if node.text else ""
            if text and not text[0].isupper() and text != "_":
                names.append(node)
            continue
        if node.type in ("scoped_identifier", "type_identifier", "generic_type"):
            continue
        for index, child in enumerate(node.children):
            # `Some(x)`'s `Some` is its `type`; `Foo { a: b }` binds `b`, not the field `a`.
            if child.is_named and node.field_name_for_child(index) not in ("type", "name"):
                stack.append(child)
    return sorted(names, key=lambda n: n.start_byte)


class _Function:
    """One `fn` body read as it runs; findings go into the shared `found`."""

    def __init__(
        self, source: RustFile, found: dict[tuple[str, int, int], Diagnostic], fixes: Fixes
    ) -> None:
        self.source = source
        self.data = source.data
        self.found = found
        self.scopes: list[dict[str, _Slot]] = [{}]
        self.scope_ends: list[int] = [len(source.data)]
        self._names: dict[str, re.Pattern[bytes]] = {}
        self.state = _State({}, {})
        self.exits: list[_Exit] = []
        self.counters: dict[_Slot, int] = {}
        """The counter of each `for` loop over a range or `enumerate()`: a new value each pass."""
        self.once: list[tuple[int, int]] = []
        """The branches being read that their loop takes in one pass only."""
        self.context: Context = ()
        self.delta = 0
        self.loops: dict[int, Node] = {}
        self.loop_spans: dict[int, tuple[int, int]] = {}
        """Each loop's file bytes (a closure's, for a closure read as a loop body)."""
        self.entries: dict[int, dict[str, Value]] = {}
        self.macros: dict[int, object] = {}
        self.fixes = fixes
        self.expressions: dict[str, Callable[[Node], Value]] = {
            "identifier": self._identifier,
            "call_expression": self._call,
            "field_expression": self._field,
            "index_expression": self._field,
            "binary_expression": self._binary,
            "unary_expression": self._unary,
            "reference_expression": self._same,
            "parenthesized_expression": self._same,
            "try_expression": self._same,
            "await_expression": self._same,
            "block": self._block,
            "unsafe_block": self._block,
            "async_block": self._block,
            "if_expression": self._if,
            "match_expression": self._match,
            "for_expression": self._for,
            "while_expression": self._while,
            "loop_expression": self._loop,
            "assignment_expression": self._assign,
            "compound_assignment_expr": self._assign,
            "closure_expression": self._closure,
            "macro_invocation": self._macro,
            "tuple_expression": self._elements,
            "array_expression": self._elements,
            "struct_expression": self._elements,
            "scoped_identifier": lambda node: _DATA,
        }

    # -- plumbing

    def text(self, node: Node) -> str:
        start = node.start_byte + self.delta
        return self.data[start : node.end_byte + self.delta].decode("utf-8", "replace")

    def span(self, node: Node) -> tuple[int, int]:
        return node.start_byte + self.delta, node.end_byte + self.delta

    def lookup(self, name: str) -> _Slot | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def declare(self, name: str, value: Value, node: Node) -> None:
        """Bind `name` (its pattern is `node`) in the innermost scope."""
        slot = _Slot(name, self.span(node)[0], self.scope_ends[-1])
        shadowed = self.scopes[-1].get(name)
        if shadowed is not None:
            self.state.values.pop(shadowed, None)  # out of reach from here on
        self.scopes[-1][name] = slot
        self.state.values[slot] = value

    def push_scope(self, node: Node) -> None:
        """Enter the scope of a block, an arm, a loop or a closure: `node`."""
        self.scopes.append({})
        self.scope_ends.append(self.span(node)[1])

    def pop_scope(self) -> None:
        """Leave a scope: its names are out of reach, the state forgets them."""
        self.scope_ends.pop()
        for slot in self.scopes.pop().values():
            self.state.values.pop(slot, None)

    def run(self, function: Node) -> None:
        self.scope_ends = [function.end_byte]
        parameters = function.child_by_field_name("parameters")
        for parameter in parameters.named_children if parameters is not None else ():
            pattern = parameter.child_by_field_name("pattern")
            for name in _pattern_names(pattern) if pattern is not None else ():
                self.declare(self.text(name), _DATA, name)
        self.exits.append(_Exit("fn"))
        self._block(function.child_by_field_name("body"))

    def expr(self, node: Node | None) -> Value:
        if node is None:
            return _DATA
        handler = self.expressions.get(node.type)
        if handler is not None:
            return handler(node)
        if node.type in _ITEMS:
            return _DATA
        # Literals, ranges, casts: data, but what they contain still runs.
        for child in node.named_children:
            self.expr(child)
        if node.type in ("return_expression", "break_expression", "continue_expression"):
            self._jump(node)
        return _DATA

    def _jump(self, node: Node) -> None:
        """`break`, `continue` or `return`: the state goes where it leads; what follows it in
        its block is not reached."""
        label = next((self.text(c) for c in node.named_children if c.type == "label"), None)
        target = None
        for exit_ in reversed(self.exits):
            if node.type == "return_expression":
                if exit_.kind in ("closure", "fn"):
                    target = exit_
                    break
            elif exit_.kind in ("closure", "fn"):
                break  # a `break` cannot leave a closure
            elif label == exit_.label if label is not None else exit_.kind == "loop":
                target = exit_
                break
        if target is None:
            return  # a label not seen: read on, as if it did not jump
        if node.type == "continue_expression":
            target.continues.append(self.state)
        elif target.kind != "fn":
            target.breaks.append(self.state)
        self.state = self.state.copy()
        self.state.dead = True

    def join(self, states: list[_State], at: int, results: Iterable[Value] = ()) -> _State:
        """The state at file byte `at` after paths that ended in `states`; dead ones never get
        here."""
        live = [s for s in states if not s.dead]
        if not live:
            return states[0] if states else _State({}, {}, dead=True)
        return _join_states(live, results, lambda slot: self._read_after(slot, at))

    def _read_after(self, slot: _Slot, at: int) -> bool:
        """Whether a name may be read after file byte `at`: it is named later in its scope, or
        anywhere in a loop around `at` that it was bound before (the next pass reads it)."""
        starts = _words(self.data).get(slot.name.encode())
        if starts is None and not _WORD.fullmatch(slot.name.encode()):
            return self._read_after_by_search(slot, at)
        starts = starts or []
        size = len(slot.name.encode())

        def named(start: int, end: int) -> bool:
            index = bisect_left(starts, start)
            return index < len(starts) and starts[index] + size <= end

        if named(at, slot.scope_end):
            return True
        for key, _ in self.context:
            start, end = self.loop_spans[key]
            if start > slot.declared and named(start, end):
                return True
        return False

    def _read_after_by_search(self, slot: _Slot, at: int) -> bool:
        """`_read_after` for a name that is not one ASCII word (`r#type`, `café`)."""
        pattern = self._names.get(slot.name)
        if pattern is None:
            pattern = re.compile(rb"\b" + re.escape(slot.name.encode()) + rb"\b")
            self._names[slot.name] = pattern
        if pattern.search(self.data, at, slot.scope_end):
            return True
        for key, _ in self.context:
            start, end = self.loop_spans[key]
            if start > slot.declared and pattern.search(self.data, start, end):
                return True
        return False

    def branches(self, arms: list[Callable[[], Value]], at: int) -> Value:
        """Run each arm from the same state; afterwards (from file byte `at` on) anything one of
        them did may be done."""
        base = self.state
        states, values = [], []
        for arm in arms:
            self.state = base.copy()
            values.append(arm())
            states.append(self.state)
        live = [v for s, v in zip(states, values, strict=True) if not s.dead]
        self.state = self.join(states, at, live)
        return _join(live) if live else _DATA

    # -- statements and blocks

    def _block(self, block: Node) -> Value:
        label = next((self.text(c) for c in block.named_children if c.type == "label"), None)
        if label is not None:
            exit_ = _Exit("block", label)
            self.exits.append(exit_)
            value = self._statements(block)
            self.exits.pop()
            self.state = self.join([self.state, *exit_.breaks], self.span(block)[1])
            return value
        return self._statements(block)

    def _statements(self, block: Node) -> Value:
        self.push_scope(block)
        value = _DATA
        for child in block.named_children:
            if self.state.dead:
                break  # after a `break`, `continue` or `return`
            if child.type == "let_declaration":
                self._let(child)
                value = _DATA
            elif child.type == "expression_statement":
                inner = child.named_children[0] if child.named_child_count else None
                value = self.expr(inner)
                if self.data[child.end_byte + self.delta - 1 : child.end_byte + self.delta] == b";":
                    value = _DATA
            elif child.type in _ITEMS:
                continue
            else:
                value = self.expr(child)
        self.pop_scope()
        return value

    def _let(self, node: Node) -> None:
        pattern = node.child_by_field_name("pattern")
        value_node = node.child_by_field_name("value")
        alternative = node.child_by_field_name("alternative")
        if (
            pattern is not None
            and pattern.type == "tuple_pattern"
            and value_node is not None
            and value_node.type == "tuple_expression"
            and pattern.named_child_count == value_node.named_child_count
        ):
            # `let (a, b) = (x.exp(), y);` binds element by element.
            pairs = list(zip(pattern.named_children, value_node.named_children, strict=True))
            values = [self.expr(v) for _, v in pairs]
            for (part, part_value), value in zip(pairs, values, strict=True):
                self._bind(part, value, part_value, node)
            return
        value = self.expr(value_node)
        if alternative is not None:
            # `let ... else { diverges }`: read it, keep nothing from it.
            base = self.state
            self.state = base.copy()
            self.expr(alternative)
            self.state = base
        if pattern is not None:
            self._bind(pattern, value, value_node, node)

    def _bind(self, pattern: Node, value: Value, value_node: Node | None, statement: Node) -> None:
        while pattern.type in ("mut_pattern", "ref_pattern") and pattern.named_child_count:
            pattern = pattern.named_children[-1]
        if pattern.type in ("identifier", "shorthand_field_identifier"):
            name = self.text(pattern)
            self.declare(name, self._bound(name, value, pattern, value_node, statement), pattern)
            return
        matched = self._matched_parts(pattern, value)
        if matched is not None:
            # `let (a, b) = pair;` with `pair` a literal tuple: each takes its element.
            for part_pattern, part in matched:
                self._bind(part_pattern, part, None, statement)
            return
        # The parts of a tracked value (`let (out, state) = cell.forward(..)`) are tensors of
        # their own, all derived from the whole: backpropagating one consumes the whole's steps.
        part = value
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            whole = value
            if value.origin is None:
                name = " ".join(self.text(pattern).split())
                whole = self._bound(name, value, pattern, value_node, statement)
            part = _op([whole])
        for name_node in _pattern_names(pattern):
            name = self.text(name_node)
            self.declare(name, self._bound(name, part, name_node, None, statement), name_node)

    def _matched_parts(self, pattern: Node, value: Value) -> list[tuple[Node, Value]] | None:
        """The sub-patterns of a tuple, slice or struct pattern with the elements of a literal
        collection they take; None when the pattern does not name them one by one."""
        if value.parts is None:
            return None
        parts = dict(value.parts)
        matched = []
        if pattern.type in ("tuple_pattern", "slice_pattern"):
            elements = [c for c in pattern.children if c.type not in ("(", ")", "[", "]", ",")]
            for index, element in enumerate(elements):
                key = f".{index}" if pattern.type == "tuple_pattern" else f"[{index}]"
                if element.type in ("remaining_field_pattern", "rest_pattern", "..") or (
                    key not in parts
                ):
                    return None
                if element.type != "_":
                    matched.append((element, parts[key]))
            return matched if len(elements) == len(parts) else None
        if pattern.type == "struct_pattern":
            for element in pattern.named_children:
                if element.type != "field_pattern":
                    continue
                name = element.child_by_field_name("name")
                key = f".{self.text(name)}" if name is not None else ""
                if key not in parts:
                    return None
                matched.append((element.child_by_field_name("pattern") or name, parts[key]))
            return matched
        return None

    def _bound(
        self,
        name: str,
        value: Value,
        name_node: Node,
        value_node: Node | None,
        statement: Node,
        assigned: bool = False,
    ) -> Value:
        """`value` bound to `name`: a temporary tracked tensor becomes a definition (each
        element of a collection does, as `name[0]` or `name.field`)."""
        if value.requirement == Requirement.NONE or value.origin is not None:
            return value
        if value.parts is not None:
            parts = tuple(
                (key, self._bound(f"{name}{key}", part, name_node, None, statement, assigned))
                for key, part in value.parts
            )
            return replace(_collection(list(parts)), reads=value.reads)
        span = self.span(value_node) if value_node is not None else self.span(name_node)
        if value_node is not None and value_node.start_point[0] != value_node.end_point[0]:
            span = self.span(name_node)
        why = (
            value.why
            if value.requirement == Requirement.GRAD_IN_BACKWARD
            else f"from `{name}` which requires grad"
        )
        definition = Definition(
            name,
            span,
            self.context,
            why,
            statement if self.delta == 0 else None,
            value_node if self.delta == 0 else None,
            assigned,
        )
        if value.requirement == Requirement.GRAD:
            return Value(Requirement.GRAD, definition, frozenset(), why)
        definition.sources = value.sources | {definition}
        return Value(
            Requirement.GRAD_IN_BACKWARD, definition, definition.sources, why, reads=value.reads
        )

    def _assign(self, node: Node) -> Value:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        value = self.expr(right)
        slot = (
            self.lookup(self.text(left)) if left is not None and left.type == "identifier" else None
        )
        if slot is None:
            if left is not None and left.type != "identifier":
                self.expr(left)
            return _DATA
        if node.type == "compound_assignment_expr":
            value = _op([self.state.values.get(slot, _DATA), value])
        statement = node.parent if node.parent is not None else node
        self.state.values[slot] = self._bound(
            slot.name, value, left, right, statement, assigned=True
        )
        return _DATA

    # -- expressions

    def _identifier(self, node: Node) -> Value:
        slot = self.lookup(self.text(node))
        if slot is None:
            return _DATA
        value = self.state.values.get(slot, _DATA)
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            node_ = node if self.delta == 0 else None
            read = Read(self.span(node), slot.name, value, node_, self.context)
            return replace(value, reads=value.reads | {read})
        return value

    def _same(self, node: Node) -> Value:
        inner = node.child_by_field_name("value")
        if inner is None:
            inner = next((c for c in node.named_children if c.type not in _ITEMS), None)
        return self.expr(inner)

    def _field(self, node: Node) -> Value:
        """`output.loss`, `xs[i]`: a part of a tracked value is tracked, of anything else data."""
        children = [c for c in node.named_children if c.type != "field_identifier"]
        values = [self.expr(child) for child in children]
        base = values[0] if values else _DATA
        if base.parts is not None:
            return self._part(node, base)
        return _op([base]) if base.requirement == Requirement.GRAD_IN_BACKWARD else _DATA

    def _binary(self, node: Node) -> Value:
        left = self.expr(node.child_by_field_name("left"))
        right = self.expr(node.child_by_field_name("right"))
        operator = node.child_by_field_name("operator")
        if operator is not None and self.text(operator) in ("+", "-", "*", "/", "%"):
            return _op([left, right])
        return _DATA

    def _unary(self, node: Node) -> Value:
        value = self.expr(node.named_children[0] if node.named_child_count else None)
        operator = self.data[node.start_byte + self.delta : node.start_byte + self.delta + 1]
        if operator == b"*":
            return value
        return _op([value]) if operator == b"-" else _DATA

    def _elements(self, node: Node) -> Value:
        """A tuple, array or struct literal: tracked if an element is, keeping its elements."""
        parts: list[tuple[str, Value]] | None = []
        stack = list(node.named_children)
        while stack:
            child = stack.pop(0)
            if child.type == "field_initializer_list":
                stack[:0] = child.named_children
            elif child.type == "field_initializer":
                field_ = child.child_by_field_name("field")
                value = self.expr(child.child_by_field_name("value"))
                if parts is not None:
                    parts.append((f".{self.text(field_)}" if field_ else "?", value))
            elif child.type in ("type_identifier", "scoped_type_identifier", "generic_type"):
                continue
            elif child.type == "shorthand_field_initializer":
                value = self.expr(child.named_children[0])
                if parts is not None:
                    parts.append((f".{self.text(child.named_children[0])}", value))
            elif child.type == "base_field_initializer":
                self.expr(child)
                parts = None  # `..base`: the other fields are not known
            else:
                value = self.expr(child)
                if parts is not None:
                    key = f".{len(parts)}" if node.type == "tuple_expression" else f"[{len(parts)}]"
                    parts.append((key, value))
        if node.type == "array_expression" and node.child_by_field_name("length") is not None:
            parts = parts[:1] if parts else None  # `[x; n]`: every element is `x`
        return _collection(parts) if parts is not None else _op([])

    def _part(self, node: Node, base: Value) -> Value:
        """An element of a literal collection: the one named, or any one (what all share)."""
        assert base.parts is not None
        if node.type == "index_expression":
            index = node.named_children[1] if node.named_child_count > 1 else None
            known = index is not None and index.type == "integer_literal"
            key = f"[{self.text(index)}]" if known and index is not None else None
        else:
            name = node.child_by_field_name("field")
            key = f".{self.text(name)}" if name is not None else None
        parts = dict(base.parts)
        if key in parts:
            part = parts[key]
        else:
            values = list(parts.values())
            tracked = [v for v in values if v.requirement == Requirement.GRAD_IN_BACKWARD]
            if not tracked:
                return _join(values) if values else _DATA
            common = frozenset.intersection(*(v.sources for v in values))
            part = Value(
                Requirement.GRAD_IN_BACKWARD, None, common, tracked[0].why, reads=frozenset()
            )
        if part.requirement != Requirement.GRAD_IN_BACKWARD:
            return part
        return replace(part, reads=part.reads | base.reads)

    def _macro(self, node: Node) -> Value:
        if self.delta != 0:
            return _DATA  # a macro inside a macro's arguments: not read
        name_node = node.child_by_field_name("macro")
        name = self.text(name_node) if name_node is not None else ""
        arguments = self.macros.get(node.start_byte)
        if arguments is None:
            # Only `vec!` has a value here; another macro's arguments matter only for the
            # backward they may run.
            text = self.data[node.start_byte : node.end_byte]
            arguments = False
            if name == "vec" or b"backward" in text:
                arguments = macro_arguments(self.source, node) or False
            self.macros[node.start_byte] = arguments
        values = []
        if arguments:
            self.delta = arguments.delta
            try:
                values = [self.expr(argument) for argument in arguments.nodes]
            finally:
                self.delta = 0
        if name in _DIVERGING_MACROS:
            self.state = self.state.copy()
            self.state.dead = True
        if name != "vec":
            return _DATA
        return _collection([(f"[{i}]", value) for i, value in enumerate(values)])

    def _closure(self, node: Node, repeat_key: int | None = None) -> Value:
        """A closure, read where it is written (as a loop body when `repeat_key` is given)."""

        def body() -> None:
            self.push_scope(node)
            parameters = node.child_by_field_name("parameters")
            for parameter in parameters.named_children if parameters is not None else ():
                pattern = parameter.child_by_field_name("pattern") or parameter
                for name in _pattern_names(pattern):
                    self.declare(self.text(name), _DATA, name)
            exit_ = _Exit("closure")
            self.exits.append(exit_)
            self.expr(node.child_by_field_name("body"))
            self.exits.pop()
            self.pop_scope()
            self.state = self.join([self.state, *exit_.breaks], self.span(node)[1])

        if repeat_key is None:
            body()
        else:
            self._passes(node, repeat_key, body)
        return _DATA

    def _if(self, node: Node) -> Value:
        self.push_scope(node)
        self._condition(node.child_by_field_name("condition"))
        consequence = node.child_by_field_name("consequence")
        alternative = node.child_by_field_name("alternative")
        conditional_scope = self.scopes[-1]

        once = self._once(node.child_by_field_name("condition"))

        def then() -> Value:
            if once is None:
                return self.expr(consequence)
            self.once.append((once, self.span(node)[0]))
            try:
                return self.expr(consequence)
            finally:
                self.once.pop()

        def otherwise() -> Value:
            if alternative is None:
                return _DATA
            # The `if let` bindings are not in scope in the `else`.
            self.scopes[-1] = {}
            value = self.expr(
                alternative.named_children[-1] if alternative.named_child_count else None
            )
            self.scopes[-1] = conditional_scope
            return value

        value = self.branches([then, otherwise], self.span(node)[1])
        self.pop_scope()
        return value

    def _once(self, condition: Node | None) -> int | None:
        """The loop whose passes take this `if` once at most: `counter == value`, the counter
        of a loop around it, the value the same in every pass (a literal, or names the loop
        does not assign, without calls)."""
        if condition is None or condition.type != "binary_expression":
            return None
        operator = condition.child_by_field_name("operator")
        if operator is None or self.text(operator) != "==":
            return None
        sides = [condition.child_by_field_name("left"), condition.child_by_field_name("right")]
        for counter, other in (sides, sides[::-1]):
            if counter is None or other is None or counter.type != "identifier":
                continue
            slot = self.lookup(self.text(counter))
            key = self.counters.get(slot) if slot is not None else None
            if key is not None and self._same_every_pass(other, key):
                return key
        return None

    def _same_every_pass(self, node: Node, key: int) -> bool:
        """Whether an expression has one value in every pass of loop `key`, as far as it shows:
        literals, and names the loop never assigns, in arithmetic or fields; no calls."""
        start, end = self.loop_spans[key]
        stack = [node]
        while stack:
            part = stack.pop()
            if part.type in ("integer_literal", "float_literal", "boolean_literal"):
                continue
            if part.type == "identifier":
                name = re.escape(self.text(part).encode())
                assigned = re.compile(rb"\b" + name + rb"\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)")
                if assigned.search(self.data, start, end):
                    return False
                continue
            if part.type not in (
                "binary_expression",
                "parenthesized_expression",
                "field_expression",
                "field_identifier",
                "unary_expression",
                "type_cast_expression",
                "primitive_type",
                "scoped_identifier",
            ):
                return False
            stack.extend(part.named_children)
        return True

    def _condition(self, node: Node | None) -> None:
        """A condition; `let` patterns in it bind in the current scope."""
        if node is None:
            return
        if node.type == "let_condition":
            value = self.expr(node.child_by_field_name("value"))
            pattern = node.child_by_field_name("pattern")
            if pattern is not None:
                self._bind_part(pattern, value)
        elif node.type == "let_chain":
            for child in node.named_children:
                self._condition(child)
        else:
            self.expr(node)

    def _bind_part(self, pattern: Node, value: Value) -> None:
        """Names bound out of `value` by a pattern (`Some(x)`, a match arm): parts of it."""
        part = _op([value]) if value.requirement == Requirement.GRAD_IN_BACKWARD else value
        for name_node in _pattern_names(pattern):
            name = self.text(name_node)
            self.declare(name, self._bound(name, part, name_node, None, pattern), name_node)

    def _match(self, node: Node) -> Value:
        value = self.expr(node.child_by_field_name("value"))
        body = node.child_by_field_name("body")
        arms = [
            a for a in (body.named_children if body is not None else []) if a.type == "match_arm"
        ]

        def arm_of(arm: Node) -> Callable[[], Value]:
            def run() -> Value:
                self.push_scope(arm)
                pattern = arm.child_by_field_name("pattern")
                if pattern is not None:
                    self._bind_part(pattern, value)
                    self.expr(pattern.child_by_field_name("condition"))
                result = self.expr(arm.child_by_field_name("value"))
                self.pop_scope()
                return result

            return run

        if not arms:
            return _DATA
        return self.branches([arm_of(arm) for arm in arms], self.span(node)[1])

    # -- loops

    def _passes(self, loop: Node, key: int, body: Callable[[], None]) -> None:
        """Run a loop body up to three times when it backpropagates: what one pass consumes, the
        next misses. A pass that would start as the one before it started (`_entry`) would find
        nothing new, and is not run."""
        self.loops[key] = loop
        self.loop_spans[key] = self.span(loop)
        # What each visible name holds as the loop starts (a carried leaf stays a leaf).
        self.entries[key] = {
            name: self.state.values.get(slot, _DATA)
            for scope in self.scopes
            for name, slot in scope.items()
        }
        text = self.data[loop.start_byte + self.delta : loop.end_byte + self.delta]
        repeat = b"backward" in text and len(self.context) < _PASSES_DEEPEST
        label = next((self.text(c) for c in loop.named_children if c.type == "label"), None)
        exit_ = _Exit("loop", label)
        # A closure's body catches its own `return`; `break` and `continue` cannot leave it.
        exits = [] if loop.type == "closure_expression" else [exit_]
        outer = self.context
        entry = None
        for number in range(1, _PASSES + 1 if repeat else 2):
            if self.state.dead:
                break  # every path of the last pass left the loop: no next pass
            if repeat:
                previous, entry = entry, self._entry(key, number)
                if entry == previous:
                    break
            self.context = (*outer, (key, number))
            self.exits.extend(exits)
            body()
            del self.exits[len(self.exits) - len(exits) :]
            self.state = self.join([self.state, *exit_.continues], self.loop_spans[key][0])
            exit_.continues.clear()
        self.context = outer
        # After the loop: a pass that ended (a `loop` ends by `break` only) or a `break`.
        ended = [] if loop.type == "loop_expression" and exit_.breaks else [self.state]
        self.state = self.join([*ended, *exit_.breaks], self.loop_spans[key][1])

    def _entry(self, key: int, number: int) -> tuple:
        """What the names in scope hold as pass `number` of loop `key` starts, up to renaming:
        a definition made in an earlier pass is told by how many passes ago and where, one made
        before the loop by itself; each with whether it is consumed."""
        consumed = self.state.consumed

        def definition(made: Definition) -> tuple:
            for loop, made_in in made.context:
                if loop == key:
                    return (number - made_in, made.span, made in consumed)
            return (id(made), made in consumed)

        def value(held: Value) -> tuple:
            parts = tuple((k, value(v)) for k, v in held.parts) if held.parts else None
            origin = definition(held.origin) if held.origin is not None else None
            sources = frozenset(definition(d) for d in held.sources)
            return (held.requirement, held.frozen, origin, sources, parts)

        return tuple(
            (id(slot), value(self.state.values.get(slot, _DATA)))
            for scope in self.scopes
            for slot in scope.values()
        )

    def _for(self, node: Node) -> Value:
        iterated = self.expr(node.child_by_field_name("value"))
        pattern = node.child_by_field_name("pattern")

        counter = self._counter(node)

        def body() -> None:
            self.push_scope(node)
            for name_node in _pattern_names(pattern) if pattern is not None else ():
                # Each element is a tensor of its own (see the module's limitations).
                element = (
                    Value(Requirement.GRAD_IN_BACKWARD, why=iterated.why)
                    if iterated.requirement == Requirement.GRAD_IN_BACKWARD
                    else _DATA
                )
                name = self.text(name_node)
                self.declare(name, self._bound(name, element, name_node, None, node), name_node)
                if name_node == counter:
                    self.counters[self.scopes[-1][name]] = node.start_byte + self.delta
            self.expr(node.child_by_field_name("body"))
            self.pop_scope()

        self._passes(node, node.start_byte + self.delta, body)
        return _DATA

    def _counter(self, loop: Node) -> Node | None:
        """The name a `for` loop binds to a new number every pass: `i` in `for i in 0..n` (or
        `(0..n).rev()`, `.step_by(k)`) and in `for (i, x) in xs.iter().enumerate()`."""
        pattern = loop.child_by_field_name("pattern")
        value = loop.child_by_field_name("value")
        while value is not None and value.type == "parenthesized_expression":
            value = value.named_children[0] if value.named_child_count else None
        if value is None or pattern is None:
            return None
        if value.type == "range_expression" and pattern.type == "identifier":
            return pattern
        method = value.child_by_field_name("function") if value.type == "call_expression" else None
        name = method.child_by_field_name("field") if method is not None else None
        if method is None or name is None or method.type != "field_expression":
            return None
        if self.text(name) == "enumerate" and pattern.type == "tuple_pattern":
            first = pattern.named_children[0] if pattern.named_child_count else None
            return first if first is not None and first.type == "identifier" else None
        receiver = method.child_by_field_name("value")
        while receiver is not None and receiver.type == "parenthesized_expression":
            receiver = receiver.named_children[0] if receiver.named_child_count else None
        ordered = self.text(name) in ("rev", "step_by")
        if ordered and receiver is not None and receiver.type == "range_expression":
            return pattern if pattern.type == "identifier" else None
        return None

    def _while(self, node: Node) -> Value:
        def body() -> None:
            self.push_scope(node)
            self._condition(node.child_by_field_name("condition"))
            self.expr(node.child_by_field_name("body"))
            self.pop_scope()

        self._passes(node, node.start_byte + self.delta, body)
        return _DATA

    def _loop(self, node: Node) -> Value:
        self._passes(
            node, node.start_byte + self.delta, lambda: self.expr(node.child_by_field_name("body"))
        )
        return _DATA

    # -- calls

    def _call(self, node: Node) -> Value:
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        target = function
        if function is not None and function.type == "generic_function":
            target = function.child_by_field_name("function")
        argument_nodes = [
            a
            for a in (arguments.named_children if arguments is not None else [])
            if a.type not in _ITEMS
        ]
        if target is not None and target.type == "field_expression":
            receiver_node = target.child_by_field_name("value")
            name_node = target.child_by_field_name("field")
            name = self.text(name_node) if name_node is not None else ""
            receiver = self.expr(receiver_node)
            values = [self._argument(a, node, name) for a in argument_nodes]
            return self._method(node, receiver_node, name_node, name, receiver, values)
        values = [self._argument(a, node, "") for a in argument_nodes]
        if target is not None and target.type in ("scoped_identifier", "identifier"):
            last = self.text(target).split("::")[-1]
            path = target.child_by_field_name("path")
            owner = last_segment(self.text(path)) if path is not None else ""
            if last == "from_inner" or (owner == "Tensor" and last in _FROM_DATA):
                return _DATA  # a new tensor made from data, whatever computed the data
            if _PARAMETER_FREE.match(owner):
                return _FROZEN
            if target.type == "identifier":
                # A closure or function value bound to a name: what it returns is not seen.
                self.expr(target)
        else:
            self.expr(function)
        return _op(values)

    def _argument(self, node: Node, call: Node, method: str) -> Value:
        if node.type == "closure_expression" and method in _REPEATING:
            return self._closure(node, repeat_key=call.start_byte + self.delta)
        return self.expr(node)

    def _method(
        self,
        call: Node,
        receiver_node: Node | None,
        name_node: Node | None,
        name: str,
        receiver: Value,
        arguments: list[Value],
    ) -> Value:
        watching = _WATCHED.get(name)
        if watching:
            self._seen(watching, call, receiver_node, name, receiver)
        if name == "backward":
            self._backward(call, receiver_node, name_node, receiver)
            return _DATA
        if name in _SAME_TENSOR:
            return receiver
        if name == "require_grad":
            return Value(Requirement.GRAD, why="from a tensor that requires grad")
        if name == "set_require_grad":
            flag = call.child_by_field_name("arguments")
            if flag is not None and "true" in self.text(flag):
                return Value(Requirement.GRAD, why="from a tensor that requires grad")
            return _DATA
        if name == "detach":
            return (
                Value(Requirement.GRAD, why=receiver.why)
                if receiver.requirement == Requirement.GRAD
                else _DATA
            )
        if name in _UNTRACKED_RESULT:
            return _DATA
        if name in ("valid", "no_grad"):
            return _FROZEN
        if name == "val" and receiver.requirement == Requirement.NONE and not arguments:
            return Value(Requirement.GRAD, why="from a parameter")
        if name == "forward" or name.startswith("forward_"):
            if receiver.frozen:
                return _op(arguments)
            module = self.text(receiver_node) if receiver_node is not None else "module"
            if "\n" in module or len(module) > 40:
                module = "module"
            sources = frozenset().union(*(v.sources for v in arguments))
            reads = frozenset().union(*(v.reads for v in arguments))
            why = f"by `{module}.{name}`, whose parameters require grad"
            return Value(Requirement.GRAD_IN_BACKWARD, None, sources, why, reads=reads)
        if receiver.frozen:
            return _FROZEN
        return _op([receiver, *arguments])

    # -- backward, and what the rules are given

    def _backward(
        self, call: Node, receiver_node: Node | None, name_node: Node | None, value: Value
    ) -> None:
        span = self.span(call)
        single_line = call.start_point[0] == call.end_point[0]
        plain = receiver_node is not None and receiver_node.type in (
            "identifier",
            "field_expression",
        )
        if not (single_line and plain) and name_node is not None:
            span = (name_node.start_byte + self.delta, span[1])
        receiver = None
        if receiver_node is not None and receiver_node.type == "identifier":
            receiver = self.text(receiver_node)
        event = Backward(span, self.context, receiver, value, frozenset(self.once))
        if value.requirement != Requirement.GRAD_IN_BACKWARD:
            return  # a leaf is reusable; on data Burn panics otherwise, not our patterns
        hits = [d for d in value.sources if d in self.state.consumed]
        if not hits:
            for definition in value.sources:
                self.state.consumed[definition] = event
            return
        # The consumed definitions the walk meets first; a rejected backward consumes nothing.
        frontier = [d for d in hits if not any(d is not e and d in e.sources for e in hits)]
        for definition in sorted(frontier, key=lambda d: d.span):
            earlier = self.state.consumed[definition]
            self._meet(definition, earlier, event, value)

    def _meet(
        self, definition: Definition, earlier: Backward, later: Backward, loss: Value
    ) -> None:
        """The backward `later` needs `definition`, which `earlier` consumed: a meeting, for the
        rules to tell, unless both sit in one branch that runs in one pass only."""
        loop_key = _loop_between(earlier.context, later.context)
        if any(branch[0] == loop_key and branch in later.once for branch in earlier.once):
            return  # one branch, run in one pass only: not twice
        meeting = Meeting(definition, earlier, later, loss, in_macro=self.delta != 0)
        if loop_key is not None:
            meeting.loop = self.loops[loop_key]
            meeting.loop_span = self.loop_spans[loop_key]
            meeting.in_pass = (loop_key, dict(later.context)[loop_key])
            meeting.carried = any(key == loop_key for key, _ in definition.context)
            meeting.entry = self.entries[loop_key]
        for rule in RULES:
            finding = rule.meeting(meeting, self.fixes)
            if finding is not None:
                self._found(finding)
                return

    def _seen(
        self, rules: list[Rule], call: Node, receiver_node: Node | None, name: str, value: Value
    ) -> None:
        """A call of a method some rules asked to see, on `value`."""
        function = call.child_by_field_name("function")
        name_node = function.child_by_field_name("field") if function is not None else None
        arguments = call.child_by_field_name("arguments")
        start = name_node.start_byte if name_node is not None else call.start_byte
        seen = Call(
            name,
            value,
            (start + self.delta, call.end_byte + self.delta),
            self.span(receiver_node) if receiver_node is not None else self.span(call),
            self.text(arguments)[1:-1] if arguments is not None else "",
        )
        for rule in rules:
            finding = rule.call(seen, self.fixes)
            if finding is not None:
                self._found(finding)

    def _found(self, finding: Diagnostic) -> None:
        # A later pass finds again what an earlier one found: the first is kept.
        self.found.setdefault((finding.rule, finding.primary.line, finding.primary.column), finding)


def _loop_between(earlier: Context, later: Context) -> int | None:
    """The loop whose passes separate two points: the outermost one around both whose pass
    differs between them."""
    for (key_a, pass_a), (key_b, pass_b) in zip(earlier, later, strict=False):
        if key_a != key_b:
            return None
        if pass_a != pass_b:
            return key_a
    return None
