"""The index of the linted tree (`Program`): its functions, methods and types, which functions
run a backward, what each does at its calls (`_Summary`, read once), and where a reading of a
file may stop."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from pbpit.lint.analysis.call_scan import (
    _NAME,
    _RUNS_BACKWARD,
    _calls,
    _matches,
    _may_call,
    _takes_tensors,
)
from pbpit.lint.analysis.common import (
    _FIELD,
    _HOLDS_ITEMS,
    _PARTS,
    _REPEATS,
    _SMALLEST_WORDS,
    _WORDS,
    _any_read,
    _any_within,
    _called,
    _first,
    _fn_within,
    _has_self,
    _in_skipped_item,
    _owner,
    _text,
    _type_name,
    _word_starts,
)
from pbpit.lint.analysis.methods import _BURN_METHODS
from pbpit.lint.analysis.type_questions import _REQUIRE_GRAD, _TypeQuestions
from pbpit.lint.values import Definition, Value
from pbpit.rust.syntax import Node, RustFile, kind_ids

NOT_A_TYPE = ("visibility_modifier", "attribute_item", "line_comment", "block_comment")
"""What an ordered field list holds beside its fields' types."""

_SUMMARY_DEPTH = 4
"""Calls nested deeper than this while summarising are read as calls of unknown functions."""


_SUMMARY_BYTES = 20_000
"""A function longer than this is not summarised: its calls are read as of unknown functions."""


class _Callee:
    """A function or method of the linted tree."""

    __slots__ = (
        "source", "_node", "start", "end", "name", "owner", "trait", "_has_self", "summaries",
        "reading",
    )  # fmt: skip

    def __init__(
        self, source: RustFile, node: Node, name: str, owner: str | None, trait: str | None
    ) -> None:
        self.source = source
        self._node: Node | None = node
        self.start = node.start_byte
        self.end = node.end_byte
        self.name = name
        self.owner = owner
        """The type of the `impl` (or the trait) it is in; None for a free function."""
        self.trait = trait
        self._has_self: bool | None = None
        self.summaries: dict[bool | str, _Summary] = {}
        """Its summary with markers for parameters (False), with parameters as data (True), and
        with parameters and fields as data (`"bare"`: for `_Summary.own`)."""
        self.reading = False
        """Its summary is being made: a call of it now is recursion, read as unknown."""

    @property
    def node(self) -> Node:
        """Its `function_item`. After `forget_node`: found again in its file's tree, or, that
        tree let go, in a tree of its own bytes alone (`RustFile.parse_range`)."""
        if self._node is None:
            root = (
                self.source.root
                if self.source.tree is not None
                else self.source.parse_range(self.start, self.end)
            )
            node = root.descendant_for_byte_range(self.start, self.end)
            while node is not None and not (
                node.type == "function_item"
                and node.start_byte == self.start
                and node.end_byte == self.end
            ):
                node = node.parent
            if node is None:
                raise LookupError(f"{self.source.path}: no `fn` at byte {self.start}")
            self._node = node
        return self._node

    def forget_node(self) -> None:
        """Hold no node of a tree of its file (and no summary, which holds its nodes)."""
        self._node = None
        self.summaries.clear()

    @property
    def has_self(self) -> bool:
        """Whether it takes `self` (asked at calls only: most functions are never called)."""
        if self._has_self is None:
            parameters = self.node.child_by_field_id(_FIELD.parameters)
            self._has_self = parameters is not None and _has_self(self.source.data, parameters)
        return self._has_self

    @property
    def builds(self) -> bool:
        """Whether it takes `self` by value and returns `Self` (`fn warm_start(mut self) ->
        Self`): a builder, whose result is its receiver, with the fields it set."""
        kind = self.node.child_by_field_id(_FIELD.return_type)
        parameters = self.node.child_by_field_id(_FIELD.parameters)
        if kind is None or parameters is None or not self.has_self:
            return False
        data = self.source.data
        returned = data[kind.start_byte : kind.end_byte].decode("utf-8", "replace")
        if returned != "Self" and _type_name(returned) != self.owner:
            return False
        taken = next(c for c in parameters.named_children if c.type == "self_parameter")
        return not data[taken.start_byte : taken.end_byte].lstrip().startswith(b"&")

    @property
    def label(self) -> str:
        """As the user calls it: `Model::step`, `update_parameters`."""
        return f"{self.owner}::{self.name}" if self.owner else self.name


@dataclass(eq=False, slots=True)
class _Summary:
    """What a function does, as its callers see it: its values are those of its own reading,
    where each parameter (and each `self` field read) is a tracked tensor of its own, a
    *marker*, put back at each call by what the caller passes."""

    markers: dict[Definition, tuple[str, int | str]]
    """Each marker: `("param", position)` (`self` is position 0), `("field", name)`, or
    `("leaf", path)` for a parameter read from what the caller gives (`self.w.val()`): a leaf
    that requires grad, whatever the caller gives."""
    result: Value
    backward: list[dict[tuple[tuple[str, int | str], str | None], bool]]
    """Each backward in it that consumes what the caller gives, in order: the parameters and
    fields it backpropagates (with the field of one taken, `losses.policy_loss`, or None),
    each with whether it is the very tensor backpropagated (`loss.backward()` on it)."""
    writes: dict[str, Value]
    """The `self` fields it leaves holding a tracked tensor (or changed), by field name."""
    passes: frozenset[int] = frozenset()
    """The positions in `backward` of a loop's backward read again in the loop's next pass, on
    a loss made from what the caller gives (made before the loop)."""
    param_writes: dict[tuple[int, str], Value] = field(default_factory=dict)
    """The fields of `&mut` parameters it leaves changed (`state.h` of `state: &mut State`),
    by the argument's index at a call (`self` not counted) and field name."""
    own: frozenset[tuple[int, int]] = frozenset()
    """Of a `"bare"` summary (every parameter and field data): where the tensors it makes
    tracked whatever it is given are made (a module's forward, a leaf of its own, ...)."""

    @property
    def params(self) -> frozenset[str]:
        """The parameters (`self.w`, `model.ws[0]`: `Param::val()` of what the caller gives)
        its result is derived from: a result tracked whatever the caller gives."""
        return frozenset(
            str(key)
            for made in self.result.sources
            for kind, key in [self.markers.get(made, ("", ""))]
            if kind == "leaf"
        )


_NOTHING = _Summary({}, Value(), [], {})


class Program(_TypeQuestions):
    """Every function, method and struct of the linted tree, by name; summaries made lazily,
    once each."""

    def __init__(self, sources: Iterable[RustFile] = ()) -> None:
        self.functions: dict[int, list[_Callee]] = {}
        """The functions of each file (by `id` of the file), in the order of the file."""
        self.free: dict[str, list[_Callee]] = {}
        self.methods: dict[str, list[_Callee]] = {}
        self.owned: dict[tuple[str, str], list[_Callee]] = {}
        self.of_owner: dict[str, list[_Callee]] = {}
        """The methods of each type (or trait), by its name."""
        self.structs: dict[str, dict[str, str]] = {}
        """Each struct's fields and their types' text."""
        self.enums: dict[str, list[str]] = {}
        """Each enum's variants' field types' text."""
        self._no_tensor: dict[tuple[str, str | None], bool] = {}
        self._leaf_makers: dict[str, bool] = {}
        self._parameter_free: dict[str, bool] = {}
        self.depth = 0
        self.helper_names: frozenset[str] = frozenset()
        self._wordless: set[int] = set()
        """The files (by `id`) that hold no word of `_WORDS`, even within a longer word."""
        self._helper_callees: dict[str, list[_Callee]] = {}
        """The helpers of each name (a summary of each, with its backwards)."""
        self._helper_starts: dict[int, list[int]] = {}
        """Where each of `_helper_calls` starts, sorted (made again when more are found)."""
        self._helper_calls: dict[int, list[tuple[int, int]]] = {}
        """Where each file (by `id`) calls one of them: the bytes of each call's name up to its
        `(`, as the search for them found them."""
        self._field_types: str | None = None
        """The text of every struct field's type, one a line (made when first asked)."""
        self.leaf_readings: set[tuple[_Callee, frozenset[int]]] = set()
        """The functions read again given leaves (`_Events._read_given_leaves`), with which."""
        self.modules: set[str] = {"self", "super", "crate"}
        """The modules of the tree (`mod train;`, `mod tests { .. }`, a file's name)."""
        self.sources: list[RustFile] = []
        for source in sources:
            self.add(source)
        self.link()

    def add(self, source: RustFile, release: bool = False) -> None:
        """Index one more file (then `link`, once all are in). `release`: let its syntax tree
        go unless it holds a word some rule needs (a function of it that a reading calls is
        parsed again alone; the file, if it calls a function that runs a backward): to hold
        every tree of a large repository costs more than to parse again what is read of them."""
        self.sources.append(source)
        self.modules.add(_module_of(source.path))
        self._index(source)
        if any(word in source.data for word in _SMALLEST_WORDS):
            return
        self._wordless.add(id(source))
        if release:
            for callee in self.functions[id(source)]:
                callee.forget_node()
            source.release_tree()

    def link(self) -> None:
        """Find, over every file added, the functions that run a backward on what their
        callers give them."""
        self._backward_helpers(self.sources)

    def whole(self, source: RustFile) -> None:
        """Have the whole tree of a file whose tree was let go, to read it: its functions are
        found again in it, and their summaries, made of trees of their own, made again."""
        if source.tree is None:
            for callee in self.functions.get(id(source), ()):
                callee.forget_node()
            source.root  # noqa: B018 -- parsed again here

    def _index(self, source: RustFile) -> None:
        data = source.data
        found: list[tuple[int, _Callee]] = []
        owners: dict[int, tuple[Node, str | None, str | None]] = {}
        """The node, owner and trait of each impl or trait with functions, by `id` (its
        functions share the node; kept, so that no other node takes its `id`)."""
        free, methods, owned, of_owner = self.free, self.methods, self.owned, self.of_owner
        # Each node with its nearest impl, trait or fn around it (asking a tree-sitter node for
        # its parent walks down from the root). A function is taken as its parent's children
        # are listed, its body pushed (where the function would be) only if it holds a `fn`.
        # Kinds and fields by their ids: a node's `type` would be a new string each time.
        kinds = _index_kinds()
        name_field = _FIELD.name
        stack: list[tuple[Node, Node | None]] = [(source.root, None)]
        while stack:
            node, around = stack.pop()
            kind = node.kind_id
            if kind in kinds.struct:
                self._struct(source, node)
                continue
            if kind in kinds.mod:
                name_node = node.child_by_field_id(name_field)
                if name_node is not None:
                    self.modules.add(_text(data, name_node))
            if kind in kinds.no_functions:
                continue
            # Items are in modules, impls and traits; elsewhere only where the text holds `fn`.
            if kind not in kinds.holds_items and not _fn_within(
                data, node.start_byte, node.end_byte
            ):
                continue
            inner = node if kind in kinds.owners else around
            if kind in kinds.with_body:
                # A module's, an impl's or a trait's items are all in its body; the rest of it
                # (its name, type, generics, bounds) holds none.
                body = node.child_by_field_id(_FIELD.body)
                if body is not None and body.named_child_count:
                    stack.append((body, inner))
                continue
            for child in node.named_children:
                child_kind = child.kind_id
                if child_kind in kinds.no_functions or not child.named_child_count:
                    if child_kind in kinds.struct:
                        self._struct(source, child)  # an enum: no function in it
                    continue
                if child_kind not in kinds.function:
                    stack.append((child, inner))
                    continue
                owner = trait = None
                if inner is not None:
                    known = owners.get(id(inner))
                    if known is None:
                        known = owners[id(inner)] = (inner, *_owner(data, inner))
                    _, owner, trait = known
                name_node = child.child_by_field_id(name_field)
                name = _text(data, name_node) if name_node is not None else ""
                start = child.start_byte
                callee = _Callee(source, child, name, owner, trait)
                found.append((start, callee))
                if owner:
                    methods.setdefault(name, []).append(callee)
                    owned.setdefault((owner, name), []).append(callee)
                    of_owner.setdefault(owner, []).append(callee)
                else:
                    free.setdefault(name, []).append(callee)
                # Its own `fn` is before its name; only another one can be in its body.
                after = name_node.end_byte if name_node is not None else start
                if _fn_within(data, after, child.end_byte):
                    body = child.child_by_field_id(_FIELD.body)
                    if body is not None and _fn_within(data, body.start_byte, body.end_byte):
                        stack.append((body, child))
        found.sort(key=_first)
        self.functions[id(source)] = [callee for _, callee in found]

    def _struct(self, source: RustFile, node: Node) -> None:
        """The fields of a struct (a tuple struct's by position: `0`, `1`) or an enum's."""
        name_node = node.child_by_field_id(_FIELD.name)
        body = node.child_by_field_id(_FIELD.body)
        if node.type == "enum_item":
            if name_node is not None and body is not None:
                self.enums.setdefault(_text(source.data, name_node), _variant_types(source, body))
            return
        if name_node is None or body is None:
            return
        fields = {}
        if body.type == "ordered_field_declaration_list":  # `struct Window(Option<T>, usize)`
            types = [c for c in body.named_children if c.type not in NOT_A_TYPE]
            for position, field_type in enumerate(types):
                fields[str(position)] = _text(source.data, field_type)
            self.structs.setdefault(_text(source.data, name_node), fields)
            return
        if body.type != "field_declaration_list":
            return
        for field_ in body.named_children:
            if field_.type != "field_declaration":
                continue
            field_name = field_.child_by_field_id(_FIELD.name)
            field_type = field_.child_by_field_id(_FIELD.type)
            if field_name is not None and field_type is not None:
                fields[_text(source.data, field_name)] = _text(source.data, field_type)
        self.structs.setdefault(_text(source.data, name_node), fields)

    def _backward_helpers(self, sources: list[RustFile]) -> None:
        """The names of the functions that may run a backward on what a caller gives them (a
        parameter, a `self` field), directly or through further calls: a call of one is a
        reason to read a function, and to read a loop more than once. Where each file calls
        one is kept (`_helper_calls`), so that `reasons` does not search again."""
        names: set[str] = set()
        owners: dict[bytes, set[str | None]] = {}
        """The owner (None: a free function) of each helper of a name."""
        pattern: re.Pattern[bytes] | None = _RUNS_BACKWARD
        words = [b"backward"]  # what a match of `pattern` holds: a file without it has none
        while pattern is not None:
            added = set()
            for source in sources:
                if pattern is _RUNS_BACKWARD:
                    if id(source) in self._wordless:
                        continue
                    hits = _matches(pattern, words, source.data)
                else:
                    calls = [
                        call
                        for call in _calls(pattern, words, source.data)
                        if _may_call(source.data, call[0], owners, self._typed_method)
                    ]
                    if calls:
                        self._helper_calls.setdefault(id(source), []).extend(calls)
                    hits = sorted({start for start, _ in calls})
                if not hits:
                    continue
                for callee in self.functions.get(id(source), ()):
                    if (
                        callee.name in names
                        or callee.name in _BURN_METHODS
                        or not _any_within(hits, callee.start, callee.end)
                    ):
                        continue
                    body = callee.node.child_by_field_id(_FIELD.body)
                    if (
                        body is None
                        or not (callee.has_self or _takes_tensors(callee.source.data, callee.node))
                        or not _any_read(hits, body)
                    ):
                        continue  # with no parameter, it backpropagates nothing of its caller
                    summary = self.summary(callee)
                    if summary is not None and summary.backward:
                        added.add(callee.name)
                        owners.setdefault(callee.name.encode(), set()).add(callee.owner)
                        self._helper_callees.setdefault(callee.name, []).append(callee)
            added -= names
            names |= added
            pattern = _called(added) if added else None
            words = [name.encode() for name in added]
            if added:
                self.helper_names = frozenset(names)

    def _typed_method(self, data: bytes, name: str, owners: set[str | None]) -> bool:
        """Whether a reading can find a helper of this name (one of `owners`) in a method call
        `x.name(..)` of a file (`data`), as `_Function._method` finds its callee
        (`Program.method`): the one method of that name in the tree, whatever `x` is; else the
        one of the receiver's type, which the reading knows only from `self` in an impl of that
        type, a parameter's or a `let`'s type (`T`, `T::new(..)`, `T { .. }`, `TConfig`), or a
        struct field's: the file or a field's type names it. A receiver of another type (a
        generic `agent.train(..)` where some `Agent::train` backpropagates) is no call of it."""
        helpers = [owner for owner in owners if owner is not None]
        if not helpers:
            return False
        if self.method(None, name) is not None:
            return True  # the one method of that name: a helper's, as one of `owners` has it
        if self._field_types is None:
            self._field_types = "\n".join(
                text for fields in self.structs.values() for text in fields.values()
            )
        return any(
            self.method(owner, name) is not None
            and (owner.encode() in data or owner in self._field_types)
            for owner in helpers
        )

    def calls_a_helper(self, source: RustFile, start: int, end: int) -> bool:
        """Whether bytes `start`..`end` of a file hold a call of a helper found so far."""
        calls = self._helper_calls.get(id(source))
        if not calls:
            return False
        starts = self._helper_starts.get(id(source))
        if starts is None or len(starts) != len(calls):
            starts = self._helper_starts[id(source)] = sorted(at for at, _ in calls)
        return _any_within(starts, start, end)

    def reasons(self, source: RustFile) -> list[tuple[int, int]]:
        """Where a file holds a word some rule needs (as an identifier) or a call of a function
        that runs a backward: the bytes of each, in order (found once per file, so that each
        function asks only of its own range)."""
        data = source.data
        found = list(self._helper_calls.get(id(source), ()))
        if id(source) in self._wordless:
            return found
        for word in _WORDS:
            if any(part not in data for part in _PARTS[word]):
                continue  # `set_require_grad` where `require_grad` is not
            size = len(word)
            found.extend((at, at + size) for at in _word_starts(data, word))
        found.extend(self._leaf_maker_calls(source))
        found.sort()
        return found

    def _leaf_maker_calls(self, source: RustFile) -> list[tuple[int, int]]:
        """Where a file calls one of its own functions that call `require_grad()`: given a
        leaf, one may make a tracked intermediate of it and ask that of it
        (`_Events._read_given_leaves`), a reason to read its callers to the call."""
        data = source.data
        if b"require_grad" not in data:
            return []
        names = {
            callee.name
            for callee in self.functions.get(id(source), ())
            if callee.name not in ("", "main")
            and _REQUIRE_GRAD.search(data, callee.start, callee.end) is not None
        }
        if not names:
            return []
        return _calls(_called(names), [name.encode() for name in names], data)

    def reading_end(
        self, source: RustFile, body: Node, reasons: list[tuple[int, int]]
    ) -> int | None:
        """Where a reading of a function's `body` may stop (`_Function.read_to`), None when it
        can find nothing (no reason in it, for one). A finding needs a backward meeting what an
        earlier one consumed, or a call some rule asked to see: past the last reason nothing is
        found; and when the function runs one backward at most (one `backward`, or one call of
        helpers that each run one, in no loop, closure or macro), nothing past its last such
        call either."""
        start, end = body.start_byte, body.end_byte
        index = bisect.bisect_left(reasons, (start,))
        events, calls = [], []
        helper_calls = self._helper_calls.get(id(source), ())
        while index < len(reasons) and reasons[index][0] < end:
            reason = reasons[index]
            index += 1
            # Outside the items and comments in it, which its reading skips: a nested `fn
            # backward` of an `impl Backward` is no reason to read the function around it.
            if reason[1] > end or _in_skipped_item(body, reason[0]):
                continue
            at, after = reason
            if source.data[at:after] == b"backward" or reason in helper_calls:
                events.append(reason)
            else:
                calls.append(reason)
        if len(events) > 1 or (events and not self._runs_once(source, body, events[0])):
            return max(after for _, after in events + calls)
        return max((after for _, after in calls), default=None)

    def _runs_once(self, source: RustFile, body: Node, reason: tuple[int, int]) -> bool:
        """Whether a `backward` or a call of helpers (`reason`) runs one backward, once: in no
        loop, closure or macro of `body`, and each helper of the name runs one."""
        at, after = reason
        if source.data[at:after] != b"backward":
            name = _NAME.match(source.data, at)
            helpers = self._helper_callees.get(name.group().decode() if name else "", ())
            for helper in helpers:
                summary = helper.summaries.get(False)  # None: made again (`Program.whole`)
                if summary is None or len(summary.backward) > 1:
                    return False
        leaf = body.descendant_for_byte_range(at, after)
        node = body
        while node is not None and node != leaf:
            node = node.child_with_descendant(leaf)
            if node is not None and node.type in _REPEATS:
                return False
        return True

    def summary(self, callee: _Callee, alone: bool | str = False) -> _Summary | None:
        """What `callee` does, read once (`alone`: given only data; `"bare"`: its fields data
        too); None while it is being read (recursion) or when the calls are nested too deep."""
        if alone in callee.summaries:
            return callee.summaries[alone]
        if callee.reading or self.depth >= _SUMMARY_DEPTH:
            return None
        body = callee.node.child_by_field_id(_FIELD.body)
        if body is None or body.end_byte - body.start_byte > _SUMMARY_BYTES:
            return None
        callee.reading = True
        self.depth += 1
        try:
            from pbpit.lint.analysis.function import _Function  # reads through this index

            reader = _Function(callee.source, {}, None, self, callee, summarising=True)
            reader.bare = alone == "bare"
            try:
                callee.summaries[alone] = reader.summarise(callee.node, bool(alone))
            finally:
                reader.release()
        finally:
            callee.reading = False
            self.depth -= 1
        return callee.summaries[alone]

    def method(self, owner: str | None, name: str) -> _Callee | None:
        """The method `name` of type `owner`, or, with the type unknown, the one method of that
        name in the tree (several: None, as nothing is known)."""
        if owner is not None:
            own = self.owned.get((owner, name), [])
            return own[0] if len(own) == 1 else None
        candidates = self.methods.get(name, [])
        if len(candidates) == 1 and name not in _BURN_METHODS:
            return candidates[0]
        return None

    def implementations(self, owner: str | None, name: str) -> list[_Callee]:
        """The methods `name` a call through a trait object (`reg.penalty(..)` of `regs:
        Vec<Box<dyn Regularizer>>`) may run: the impls of one trait, two to eight of them, when
        the receiver's type is unknown or is that trait; none otherwise."""
        candidates = self.methods.get(name, [])
        traits = {_type_name(c.trait) for c in candidates if c.trait is not None}
        if not 2 <= len(candidates) <= 8 or len(traits) != 1 or name in _BURN_METHODS:
            return []
        if any(c.trait is None for c in candidates) or owner not in (None, *traits):
            return []
        return candidates if all(c.has_self for c in candidates) else []

    def owner_of_fields(self, name: str, fields: frozenset[str]) -> str | None:
        """The one type of the tree with a method `name` whose struct has exactly `fields`:
        the type of a receiver known by what it holds (`Bridge { rows, leaf }`, returned by a
        constructor), where no `let` shows it."""
        owners = {c.owner for c in self.methods.get(name, ())}
        found = [o for o in owners if o is not None and set(self.structs.get(o, {})) == set(fields)]
        return found[0] if len(found) == 1 else None

    def function(self, name: str, source: RustFile) -> _Callee | None:
        """The free function `name`: the one of that name in the file, else in the tree."""
        candidates = self.free.get(name, [])
        here = [c for c in candidates if c.source is source]
        if len(here) == 1:
            return here[0]
        return candidates[0] if len(candidates) == 1 and not here else None

    def qualified(self, module: str, name: str, source: RustFile) -> _Callee | None:
        """The free function `module::name` of a module of the tree: the one of that name in
        the tree, else the one in a file named after the module (several: None)."""
        if module in ("self", "super", "crate"):
            return self.function(name, source)
        if module not in self.modules:
            return None  # `std::cmp::max`, `f32::max`: not the tree's
        candidates = self.free.get(name, [])
        if len(candidates) == 1:
            return candidates[0]
        named = [c for c in candidates if _module_of(c.source.path) == module]
        return named[0] if len(named) == 1 else None


def _variant_types(source: RustFile, body: Node) -> list[str]:
    """The text of the types an enum's variants hold (`A(u32)`, `B { x: f32 }`)."""
    types = []
    for variant in body.named_children:
        if variant.type != "enum_variant":
            continue
        fields = variant.child_by_field_id(_FIELD.body)
        if fields is None:
            continue
        for field_ in fields.named_children:
            if field_.type == "field_declaration":
                field_ = field_.child_by_field_id(_FIELD.type) or field_
            elif field_.type in ("attribute_item", "visibility_modifier"):
                continue
            types.append(_text(source.data, field_))
    return types


_NO_FUNCTIONS = frozenset(
    (
        "use_declaration attribute_item inner_attribute_item line_comment block_comment "
        "enum_item type_item extern_crate_declaration macro_definition union_item "
        "field_declaration_list function_signature_item"
    ).split()
)


_OWNERS = frozenset({"impl_item", "trait_item", "function_item"})
"""What a function is in: its impl or trait gives it an owner; a function's own items are free."""


@dataclass(frozen=True)
class _IndexKinds:
    """The node kinds the index asks of, as `Node.kind_id`s."""

    struct: frozenset[int]
    mod: frozenset[int]
    function: frozenset[int]
    no_functions: frozenset[int]
    holds_items: frozenset[int]
    owners: frozenset[int]
    with_body: frozenset[int]


@cache
def _index_kinds() -> _IndexKinds:
    return _IndexKinds(
        kind_ids(frozenset({"struct_item", "enum_item"})),
        kind_ids(frozenset({"mod_item"})),
        kind_ids(frozenset({"function_item"})),
        kind_ids(_NO_FUNCTIONS),
        kind_ids(_HOLDS_ITEMS),
        kind_ids(_OWNERS),
        kind_ids(frozenset({"mod_item", "impl_item", "trait_item"})),
    )


def _module_of(path: str) -> str:
    """The module a file is: `train` of `src/train.rs` and of `src/train/mod.rs`."""
    parts = path.replace("\\", "/").rsplit("/", 2)
    stem = parts[-1].removesuffix(".rs")
    return parts[-2] if stem == "mod" and len(parts) > 1 else stem
