"""The reader of a function body (`_Reader`, the base of `_Function`): scopes and names, blocks and
statements, `break`/`continue`/`return` (the joins of branches through the journal: `joins.py`)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from pbpit.diagnostics.model import Diagnostic
from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import (
    _FIELD,
    _INTEGER,
    _ITEMS,
    _ONE_TENSOR,
    _PASSES,
    _may_hold_tensors,
    _parameter_type,
    _pattern_names,
    _type_name,
)
from pbpit.lint.analysis.index import Program, _Callee, _Summary
from pbpit.lint.analysis.state import (
    _DATA,
    _Change,
    _Exit,
    _join,
    _Journal,
    _Journaled,
    _LoopStart,
    _Slot,
    _State,
)
from pbpit.lint.fixes import Fixes
from pbpit.lint.values import Context, Definition, Read, Value
from pbpit.rust.syntax import Node, RustFile


class _Reader:
    """One `fn` body read as it runs: the state, scopes, statements and joins (see `_Function`)."""

    def __init__(
        self,
        source: RustFile,
        found: dict[tuple[str, int, int], Diagnostic],
        fixes: Fixes | None,
        program: Program,
        callee: _Callee | None = None,
        summarising: bool = False,
    ) -> None:
        self.source = source
        self.program = program
        self.callee = callee
        self.summarising = summarising
        """Reading a function for its summary: its parameters are markers, nothing is found."""
        self.markers: dict[Definition, tuple[str, int | str]] = {}
        self.backwards: list[dict[tuple[tuple[str, int | str], str | None], bool]] = []
        """The markers each backward consumed, as `_Summary.backward`."""
        self.next_passes: set[int] = set()
        """The positions in `backwards` of one a loop's next pass runs again (`_Summary.passes`)."""
        self.tensor_params: set[int] = set()
        """The positions of the parameters whose type is one tensor (`&Tensor<B, 2>`), not a
        collection or a struct of them."""
        self.lent_places: dict[_Slot, _Slot] = {}
        """What a name bound to a `&mut` of a place names (`let slot = &mut self.cache;`): a
        method changing it in place (`slot.push(t)`) changes that place."""
        self.key_params: dict[_Slot, int] = {}
        """Summarising: each integer parameter (`key: usize`), by its position, so that a
        field read at it (`self.slots[key]`) is the element at what the caller gives."""
        self.self_mut = False
        """The function takes `&mut self` (or `mut self`)."""
        self.taken: dict[Definition, tuple[Definition, str]] = {}
        """A field taken out of a marker (`losses.policy_loss`): the marker and the field."""
        self.types: dict[_Slot, str] = {}
        """The type of a name, where its `let` or parameter shows it (`Normalizer`)."""
        self.closures: dict[_Slot, Node] = {}
        self.inlining: set[int] = set()
        self.field_parts: dict[tuple[Definition, str], Definition] = {}
        """`item.loss` of a tracked `item`: one tensor, made with `item`."""
        self.pass_elements: dict[tuple[object, int, int], Definition] = {}
        """The element of a collection a loop walks in one of its passes (`_element_of_pass`)."""
        self.pass_made: set[Definition] = set()
        self.field_initial: dict[_Slot, Value] = {}
        self.made_in_calls: set[Definition] = set()
        """The tensors a called function of the tree makes inside it (as its summary says)."""
        self.call_results: set[Definition] = set()
        """Those of them no binding of this function has named yet: the first `let` (or `=`)
        that binds one whole names it, as the user reads it (`let h = layer(..)`: `h`)."""
        """What each field (`self.hidden`, `model.cache`) held before this function set it."""
        """Closures bound by `let`, read at each call rather than where they are written."""
        self.data = source.data
        self.found = found
        self.mut_params: dict[str, int] = {}
        """Each `&mut` parameter, by name: its argument's index at a call (`self` not counted)."""
        self.newest_collected: dict[Definition, frozenset[Definition]] = {}
        """A `Vec` collected from the newest of one kept across passes (`rev().take(k)`): the
        tensors it holds (`_note_newest_collected`)."""
        self.lent_initial: dict[_Slot, Value] = {}
        """What each `&mut` parameter held as the function started (`states: &mut Vec<..>`): a
        summary tells the caller the collection it leaves changed (`states[k] = h`)."""
        self.whole_elements: set[Definition] = set()
        """Tensors put whole into a collection (`vec![loss.clone(), loss]`, `v.push(h)`): a
        loop walking it takes the tensor itself, no part of it."""
        self.inserted: dict[int, Value] = {}
        """What each `map.insert(key, value)` (by its byte) put, as last read (`_Keys`)."""
        self.met: dict[tuple[int, int], set[Definition]] = {}
        """The consumed definitions each backward (by its span) met: one that derives from one
        met already is the same panic, found again further on."""
        self.scopes: list[dict[str, _Slot]] = [{}]
        self.scope_ends: list[int] = [len(source.data)]
        self.bound: dict[str, list[_Slot]] = {}
        """Each name's slots in the scopes that bind it, innermost last: a lookup is one step
        however deep the scopes nest."""
        self._names: dict[str, re.Pattern[bytes]] = {}
        self.journal = _Journal()
        self.state = _State(_Journaled(self.journal), _Journaled(self.journal))
        self.born: dict[Definition, int] = {}
        """The journal's `seq` when each definition bound here was made: no name written before
        holds it."""
        self.exits: list[_Exit] = []
        self.counters: dict[_Slot, int] = {}
        self.walk_places: dict[_Slot, tuple[str, int]] = {}
        """The element a `for` loop walks by `&mut` (`h` of `for h in hs.iter_mut()`), by its
        slot: the collection's name or field path, and the loop (`_ElementWrites`)."""
        self.first_told: set[int] = set()
        """The loops an `if` on their counter told their first pass from the later ones in
        (`_pass_truth`): read for a second pass even if it starts as the first did."""
        """The counter of each `for` loop over a range or `enumerate()`: a new value each pass."""
        self.once: list[tuple[int, int]] = []
        self.once_reads: dict[int, tuple[Read, frozenset[tuple[int, int]]]] = {}
        """The reads made in a branch that runs in one pass at most of loops (`once`), by `id`:
        the read and those branches (loop, branch)."""
        """The branches being read that their loop takes in one pass only."""
        self.context: Context = ()
        self.delta = 0
        self.loops: dict[int, Node] = {}
        self.loop_spans: dict[int, tuple[int, int]] = {}
        """Each loop's file bytes (a closure's, for a closure read as a loop body)."""
        self.starts: dict[int, _LoopStart] = {}
        """Each loop's journal mark as it started and how many names each scope held then."""
        self.bind_depths: list[int] = []
        """The scope each name bound in an enclosing scope (`_bind_in`) went into, in order."""
        self._tokens: dict[tuple, int] = {}
        self._classified: dict[int, tuple[set, set, dict]] = {}
        """Per loop: the definitions seen, those made in the loop, whether each set holds one."""
        """`_entry`'s name for each definition as a pass sees it, a small number."""
        self.macros: dict[int, object] = {}
        self.fixes = fixes
        self.read_to: int | None = None
        """Past this byte of the function no reason lies (`Program.reasons`): a statement of its
        own flow (in no loop, no closure) that starts there can find nothing, nor can any
        after it, and the reading stops."""
        self.reasons: list[tuple[int, int]] = []
        self.last_pass: dict[int, int] = {}
        """The last pass each loop read may have: 1 if it runs no backward, else `_PASSES`."""
        self.leaf_params: frozenset[int] = frozenset()
        """The positions of the parameters given leaves that require grad (`_read_given_leaves`):
        leaves in this reading, not data."""
        self.calls_only = False
        """Only the calls rules asked to see are judged (`_read_given_leaves`): no meeting."""
        self.bare = False
        """Summarising with its parameters and the fields of `self` or of `&mut` parameters
        all data (`_Summary.own`)."""

    # -- plumbing

    def release(self) -> None:
        """Forget the journal once the reading is over: it and the state's dicts refer to each
        other, a cycle the collector would otherwise have to find, with all the state holds."""
        journal = self.journal
        for writes in (journal.entries, journal.targets, journal.olds, journal.seqs):
            writes.clear()

    def text(self, node: Node) -> str:
        start = node.start_byte + self.delta
        return self.data[start : node.end_byte + self.delta].decode("utf-8", "replace")

    def span(self, node: Node) -> tuple[int, int]:
        return node.start_byte + self.delta, node.end_byte + self.delta

    def lookup(self, name: str) -> _Slot | None:
        slots = self.bound.get(name)
        return slots[-1] if slots else None

    def declare(self, name: str, value: Value, node: Node) -> None:
        """Bind `name` (its pattern is `node`) in the innermost scope."""
        slot = _Slot(name, self.span(node)[0], self.scope_ends[-1])
        shadowed = self.scopes[-1].get(name)
        if shadowed is not None:
            self.state.values.pop(shadowed, None)  # out of reach from here on
            self.bound[name][-1] = slot
        else:
            self.bound.setdefault(name, []).append(slot)
        self.scopes[-1][name] = slot
        self.state.values[slot] = value

    def _bind_in(self, scope: dict[str, _Slot], name: str, slot: _Slot) -> None:
        """Add `slot` for `name` to `scope`, an enclosing one where no inner scope binds it."""
        scope[name] = slot
        slots = self.bound.setdefault(name, [])
        depth = next(i for i, s in enumerate(self.scopes) if s is scope)
        self.bind_depths.append(depth)
        # Its place among the name's slots: after those of the scopes around `scope`.
        index = sum(1 for outer in self.scopes[:depth] if name in outer)
        slots.insert(index, slot)

    def push_scope(self, node: Node) -> None:
        """Enter the scope of a block, an arm, a loop or a closure: `node`."""
        self.scopes.append({})
        self.scope_ends.append(self.span(node)[1])

    def pop_scope(self) -> None:
        """Leave a scope: its names are out of reach, the state forgets them."""
        self.scope_ends.pop()
        self._unbind(self.scopes[-1])
        for slot in self.scopes.pop().values():
            self.state.values.pop(slot, None)

    def _unbind(self, scope: dict[str, _Slot]) -> None:
        """Take the innermost scope's names out of `bound` (its slots are the last of each)."""
        bound = self.bound
        for name in scope:
            slots = bound[name]
            slots.pop()
            if not slots:
                del bound[name]

    def _rebind(self, scope: dict[str, _Slot]) -> None:
        """Put the innermost scope's names back into `bound`."""
        for name, slot in scope.items():
            self.bound.setdefault(name, []).append(slot)

    def run(self, function: Node, parameters_data: bool = True) -> Value:
        """Read the body; the parameters are data, or (summarising, unless `parameters_data`)
        markers. What the body's block yields is returned."""
        self.scope_ends = [function.end_byte]
        parameters = function.child_by_field_id(_FIELD.parameters)
        position = 0
        self.mut_params = {}
        has_self = False
        for parameter in parameters.named_children if parameters is not None else ():
            if parameter.type == "self_parameter":
                self.declare("self", _DATA, parameter)
                self.self_mut = "mut" in self.text(parameter)
                has_self = True
                if self.callee is not None and self.callee.owner is not None:
                    self.types[self.scopes[-1]["self"]] = self.callee.owner
                position += 1
                continue
            if parameter.type != "parameter":
                continue
            pattern = parameter.child_by_field_id(_FIELD.pattern)
            kind_text = _parameter_type(self.data, parameter)
            marked = self.summarising and not parameters_data and _may_hold_tensors(kind_text)
            if _ONE_TENSOR.match(kind_text):
                self.tensor_params.add(position)
            owner = _type_name(kind_text)
            for name in _pattern_names(pattern) if pattern is not None else ():
                text = self.text(name)
                if marked:
                    value = self._marker(text, ("param", position))
                elif position in self.leaf_params:
                    value = Value(Requirement.GRAD, why="from a tensor that requires grad")
                else:
                    value = _DATA
                self.declare(text, value, name)
                lent = parameter.child_by_field_id(_FIELD.type)
                lent_text = self.text(lent) if lent is not None else ""
                if re.match(r"&\s*(?:'\w+\s+)?mut\b", lent_text) and name.type == "identifier":
                    self.mut_params[text] = position - (1 if has_self else 0)
                    self.lent_initial[self.scopes[-1][text]] = value
                if self.summarising and _INTEGER.fullmatch(kind_text.strip()):
                    self.key_params[self.scopes[-1][text]] = position
                if owner is not None and owner in self.program.structs:
                    self.types[self.scopes[-1][text]] = owner
            position += 1
        self.exits.append(_Exit("fn"))
        return self._block(function.child_by_field_id(_FIELD.body))

    def _marker(self, name: str, key: tuple[str, int | str]) -> Value:
        """A tensor the caller gives (a parameter, a `self` field), as a summary reads it."""
        made = Definition(name, (0, 0), (), "", None, None)
        made.sources = frozenset({made})
        self.markers[made] = key
        return Value(Requirement.GRAD_IN_BACKWARD, made, made.sources)

    def summarise(self, function: Node, parameters_data: bool = False) -> _Summary:
        """Read the function for what its callers see of it (`_Summary`)."""
        result = self.run(function, parameters_data)
        exit_ = self.exits[0]
        ends = [(state, value) for state, value in exit_.returns if not state.dead]
        if not self.state.dead:
            ends.append((self.state, result))
        writes = {}
        param_writes: dict[tuple[int, str], Value] = {}
        for name, slot in self.scopes[0].items():
            root, _, field = name.partition(".")
            if name in self.mut_params and slot in self.lent_initial:
                # `states[k] = h` through `states: &mut Vec<Tensor>`: the caller's argument,
                # whole (field "").
                initial = self.lent_initial[slot]
                values = [state.values.get(slot, initial) for state, _ in ends]
                if values and any(v is not initial for v in values):
                    param_writes[(self.mut_params[name], "")] = _join(values)
                continue
            if root in self.mut_params and field and "." not in field and "[" not in field:
                # `state.h = ..` through `state: &mut State`: the caller's argument's field.
                initial = self.field_initial.get(slot, _DATA)
                values = [state.values.get(slot, initial) for state, _ in ends]
                if values and any(v is not initial for v in values):
                    param_writes[(self.mut_params[root], field)] = _join(values)
                continue
            if not name.startswith("self.") or (name.count(".") != 1 and "[]." not in name):
                continue
            initial = self.field_initial.get(slot, _DATA)
            values = [state.values.get(slot, initial) for state, _ in ends]
            if values and any(v is not initial for v in values):
                writes[name[5:]] = _join(values)
        value = _join([v for _, v in ends]) if ends else _DATA
        own = (*self.born, *self.made_in_calls) if self.bare else ()
        return _Summary(
            self.markers,
            value,
            list(self.backwards),
            writes,
            frozenset(self.next_passes),
            param_writes,
            frozenset(d.span for d in own),
        )

    def expr(self, node: Node | None) -> Value:
        if node is None:
            return _DATA
        handler = _EXPRESSIONS.get(node.type)
        if handler is not None:
            return handler(self, node)
        if node.type in _ITEMS:
            return _DATA
        # Literals, ranges, casts: data, but what they contain still runs.
        value = _DATA
        for child in node.named_children:
            value = self.expr(child)
        if node.type in ("return_expression", "break_expression", "continue_expression"):
            self._jump(node, value)
        return _DATA

    def _jump(self, node: Node, value: Value = _DATA) -> None:
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
        state = self.state
        if target.kind != "fn":
            left = self._changes(target.mark)
        elif self.summarising:  # what the function leaves, read by `summarise`
            left = _Change(dict(state.values), dict(state.consumed), state.dead)
        else:
            left = _Change({}, {}, state.dead)
        if node.type == "return_expression":
            target.returns.append((left, value))
        if node.type == "continue_expression":
            target.continues.append(left)
        elif target.kind != "fn":
            target.breaks.append(left)
        self.state = _State(state.values, state.consumed, dead=True)

    # -- statements and blocks

    def _block(self, block: Node) -> Value:
        label = next((self.text(c) for c in block.named_children if c.type == "label"), None)
        if label is not None:
            exit_ = _Exit("block", label, len(self.journal.entries))
            self.exits.append(exit_)
            value = self._statements(block)
            self.exits.pop()
            self.join(exit_.mark, [self.state, *exit_.breaks], self.span(block)[1])
            return value
        return self._statements(block)

    def _statements(self, block: Node) -> Value:
        self.push_scope(block)
        value = _DATA
        read_to = self.read_to
        for child in block.named_children:
            if self.state.dead:
                break  # after a `break`, `continue` or `return`
            if read_to is not None and child.start_byte + self.delta >= read_to and self._done():
                break
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

    def _done(self) -> bool:
        """Whether nothing the reading has yet to read can be found: a rule finds at a backward,
        a call of a function that runs one, or a call some rule asked to see, each a reason of
        the function; past the last of them nothing is found, unless a loop's next pass or a
        closure bound by `let` reads what is before it again."""
        if self.inlining or any(
            number < self.last_pass.get(key, _PASSES) for key, number in self.context
        ):
            return False  # a later pass of a loop around reads this again
        for closure in self.closures.values():
            start, end = self.span(closure)
            index = bisect.bisect_left(self.reasons, (start,))
            if index < len(self.reasons) and self.reasons[index][0] < end:
                return False
        return True


_EXPRESSIONS: dict[str, Callable[[_Reader, Node], Value]] = {}
"""How `_Function.expr` reads each kind of expression (one table for every reader), filled in
`function`, where every part of the reader is known."""
