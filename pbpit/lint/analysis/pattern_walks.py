"""The elements a `for` loop's tuple pattern takes of each collection an iterator chain walks
(`_PatternWalks`): `((lp, v), r)` of `a.iter().zip(b.iter()).zip(c.iter())`, `(i, (x, y))` of
`xs.iter().zip(ys).enumerate()`, `((i, x), y)` of `xs.iter().enumerate().zip(ys.iter())`, over
any nesting of the adaptors in `ADAPTORS`: each name the element of its own collection, as
`for x in xs.iter()` takes it (`_Walks._element_of_pass`), not what every element of the whole
chain shares. A walk from the newest cut short after `k` (`xs.iter().rev().take(k)`) takes
only this pass's tensors of a collection kept across passes if this pass put `k` in it before
(`_newest_taken`, `_newest_of_pass`), as `pbpit run` walks it; otherwise what earlier passes put.
"""

from __future__ import annotations

from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD, _calls_on
from pbpit.lint.analysis.state import _content, _op
from pbpit.lint.values import Definition, Value
from pbpit.rust.syntax import Node

ADAPTORS: dict[str, str] = {
    # The pattern is a pair: the receiver's element, then the argument's.
    "zip": "pair",
    # The pattern is a pair: a number (the pass's counter), then the receiver's element.
    "enumerate": "numbered",
    # The pattern is the receiver's element, whichever (or how many) of them the chain keeps.
    "iter": "same",
    "iter_mut": "same",
    "into_iter": "same",
    "skip": "same",
    "take": "same",
    "step_by": "same",
    "cloned": "same",
    "copied": "same",
    "skip_while": "same",
    "take_while": "same",
    "filter": "same",
    "peekable": "same",
    "fuse": "same",
    "by_ref": "same",
    "inspect": "same",
    # The receiver's elements, then the argument's: the pattern takes an element of the first
    # (the ones a walk from the start meets first).
    "chain": "same",
    # From the newest element: a walk cut short (by a `zip` with a shorter one, `take`) never
    # reaches the elements of earlier passes a collection kept; not read as a walk from the
    # oldest (`_Walks`' element of a pass), left to what the elements share. A plain walk
    # `for x in xs.iter().rev().take(k)` is read from the newest (`_newest_taken`).
    "rev": "newest",
}
"""One row per iterator adaptor: what a `for` pattern binds of the collection(s) it walks."""


class _PatternWalks:
    """How `_Function` reads a `for` loop's tuple pattern over an iterator chain."""

    def _pattern_walks(self, pattern: Node | None, value: Node | None) -> list[tuple[Node, Node]]:
        """Each name `pattern` binds to an element of a collection the chain `value` walks,
        with that collection's expression (`buf.log_probs` of `buf.log_probs.iter()`): names
        bound to a counter, or to what no row of `ADAPTORS` reads, are left out."""
        if pattern is None or value is None:
            return []
        while pattern.type in ("reference_pattern", "mut_pattern") and pattern.named_child_count:
            pattern = pattern.named_children[-1]
        while value.type in ("reference_expression", "parenthesized_expression"):
            if not value.named_child_count:
                return []
            value = value.named_children[-1]
        if value.type in ("identifier", "field_expression"):
            if pattern.type in ("identifier", "tuple_pattern"):
                return [(pattern, value)]
            return []
        if value.type != "call_expression":
            return []
        method = value.child_by_field_id(_FIELD.function)
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if method is None or name is None or method.type != "field_expression":
            return []
        receiver = method.child_by_field_id(_FIELD.value)
        arguments = value.child_by_field_id(_FIELD.arguments)
        kind = ADAPTORS.get(self.text(name))
        if kind == "same":
            return self._pattern_walks(pattern, receiver)
        if kind not in ("pair", "numbered"):
            return []
        if pattern.type != "tuple_pattern" or pattern.named_child_count != 2:
            return []
        first, second = pattern.named_children
        if kind == "numbered":
            return self._pattern_walks(second, receiver)
        if kind == "pair" and arguments is not None and arguments.named_child_count == 1:
            return self._pattern_walks(first, receiver) + self._pattern_walks(
                second, arguments.named_children[0]
            )
        return []

    def _pattern_collections(
        self, pattern: Node | None, value: Node | None
    ) -> list[tuple[Node, Value, Node | None]]:
        """What each part of a nested pattern walks (`lp`, `v` of `((lp, v), r)` in
        `a.iter().zip(b.iter()).zip(c.iter())`, `(id, old, w)` of `cache.iter().take(2)` of a
        `Vec` of tuples): the name (or tuple pattern), its collection's value, read where the
        loop's header reads it, and the name holding it. Not for one name of a plain walk
        (`_Walks`')."""
        walks = self._pattern_walks(pattern, value)
        if not walks or (len(walks) == 1 and walks[0][0].type == "identifier"):
            return []
        return [
            (bound, self.expr(collection), self._walked(collection)) for bound, collection in walks
        ]

    def _pattern_elements(
        self, collections: list[tuple[Node, Value, Node | None]], key: int
    ) -> dict[Node, Value]:
        """The element of this pass of loop `key` each name takes of its own collection
        (`_pattern_collections`); a tuple's parts (`(x, y)` of a `Vec` of pairs) each its
        part."""
        found: dict[Node, Value] = {}
        for bound, held, holder in collections:
            if bound.type == "identifier":
                found[bound] = self._element_of_pass(held, key, holder)
                continue
            parts = dict(held.parts or ()) if _content(held) else {}
            children = bound.named_children
            if set(parts) != {f".{i}" for i in range(len(children))}:
                continue
            for i, child in enumerate(children):
                if child.type == "identifier":
                    found[child] = self._element_of_pass(parts[f".{i}"], key, holder)
        return found

    def _newest_taken(self, value: Node | None) -> int | None:
        """`k` of a walk from the newest element cut short after `k` (`xs.iter().rev().take(k)`,
        `k` a number, with `enumerate`, `cloned`, `copied`, `inspect`, `fuse` around it, which
        keep every element and its order), as `pbpit run` walks it; None for any other walk."""
        keeping = ("enumerate", "cloned", "copied", "inspect", "fuse", "by_ref")
        taken: int | None = None
        node = value
        while node is not None and node.type in (
            "reference_expression",
            "parenthesized_expression",
        ):
            node = node.named_children[-1] if node.named_child_count else None
        while node is not None and node.type == "call_expression":
            method = node.child_by_field_id(_FIELD.function)
            name = method.child_by_field_id(_FIELD.field) if method is not None else None
            if method is None or name is None or method.type != "field_expression":
                return None
            arguments = node.child_by_field_id(_FIELD.arguments)
            said = self.text(name)
            if said == "take" and taken is None:
                count = None
                if arguments is not None and arguments.named_child_count == 1:
                    count = arguments.named_children[0]
                if count is None or count.type != "integer_literal":
                    return None
                taken = _number(self.text(count))
                if taken is None:
                    return None
            elif said == "rev" and taken is not None:
                inner = method.child_by_field_id(_FIELD.value)
                while inner is not None and inner.type == "call_expression":
                    called = inner.child_by_field_id(_FIELD.function)
                    what = called.child_by_field_id(_FIELD.field) if called is not None else None
                    if (
                        called is None
                        or what is None
                        or self.text(what) not in ("iter", "into_iter")
                    ):
                        return None
                    inner = called.child_by_field_id(_FIELD.value)
                if inner is None or inner.type not in ("identifier", "field_expression"):
                    return None
                return taken
            elif said not in keeping:
                return None
            node = method.child_by_field_id(_FIELD.value)
        return None

    def _note_newest_collected(self, slot, value_node: Node | None) -> None:
        """`let recent: Vec<_> = xs.iter().rev().take(k).cloned().collect();`: the tensors the
        `Vec` holds (those `_newest_take_effect` reached, of this pass and earlier ones), which
        each element of a walk over it derives from (`_element_of_pass`): a walk of `recent`
        takes the previous pass's tensor, whose step that pass's backward consumed."""
        value = self.state.values.get(slot) if slot is not None else None
        node = value_node
        if value is None or value.origin is None or node is None or node.type != "call_expression":
            return
        method = node.child_by_field_id(_FIELD.function)
        if method is not None and method.type == "generic_function":
            method = method.child_by_field_id(_FIELD.function)  # `collect::<Vec<_>>()`
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if name is None or self.text(name) != "collect":
            return
        if self._newest_taken(method.child_by_field_id(_FIELD.value)) is None:
            return
        taken = value.sources - {value.origin}
        if taken:
            self.newest_collected[value.origin] = taken

    def _folded_effect(self, call, receiver_node, name_node, receiver, arguments):
        """`xs.iter().rev().take(k).fold(init, |acc, x| ..)`: what the closure made of the
        elements it took (each bound as a `for` over that walk binds it: `_newest_walk`) and
        `init`; None for a fold of another walk."""
        if self._newest_taken(receiver_node) is None:
            return None
        return _op(arguments)

    def _newest_take_effect(self, call, receiver_node, name_node, receiver, arguments):
        """`xs.iter().rev().take(k)` of a `Vec` kept across passes: the elements of the passes
        that put its k newest, counted back pass by pass (`_pass_groups`), so that what any
        adaptor or consumer makes of them (`cloned().collect()`, `map(..)`, `reduce(..)`)
        holds no older pass's; None where not known (a pass in a branch, fewer put)."""
        taken = self._newest_taken(call)
        walked = self._walked(call)
        if taken is None or walked is None or receiver.requirement != _TRACKED:
            return None
        slot = self.lookup(self.text(walked))
        base = self.state.values.get(slot) if slot is not None else None
        if base is None or base.parts is not None or base.requirement != _TRACKED:
            return None
        shared = frozenset(base.shared or ())
        own = frozenset(
            d
            for d in base.sources
            if d not in shared and d not in self.pass_made and not self._in_closure(d)
        )
        reached: set[Definition] = set()
        for group, count, every, _now in self._pass_groups(own, self.text(walked)):
            if not every or count == 0:
                return None
            reached |= group
            taken -= count
            if taken <= 0:
                sources = shared.union(*(d.sources | {d} for d in reached))
                return replace(receiver, sources=sources, origin=None)
        return None

    def _newest_of_pass(
        self, own: frozenset[Definition], taken: int, name: str | None = None
    ) -> frozenset[Definition]:
        """Of `own`, the tensors a collection kept across passes got in the latest pass of the
        loops around that put any in it (this one, or, where this pass put none before the
        walk, the one before that did, every pass pushing), if that pass put at least `taken`
        of them: a walk from the newest cut short after `taken` (`_newest_taken`) reaches only
        those. Empty otherwise (fewer put: the walk reaches what the passes before put). `name`:
        the collection's, whose pushes must then be in no branch of the pass."""
        groups = self._pass_groups(own, name)
        if not groups:
            return frozenset()
        this, count, every, now = groups[0]
        return this if count >= taken and (now and name is None or every) else frozenset()

    def _kth_newest(
        self, own: frozenset[Definition], k: int, name: str | None = None
    ) -> frozenset[Definition] | None:
        """Of `own`, the tensors of the pass that put the `k`-th newest element of a collection
        kept across passes (`xs[xs.len() - k]`), counting back pass by pass what each put, where
        every pass pushes what it counts; an empty set where the passes put fewer than `k` (the
        element is older than them all); None where a count is not known."""
        for group, count, every, _now in self._pass_groups(own, name):
            if not every or count == 0:
                return None
            if count >= k:
                return group
            k -= count
        return frozenset()

    def _pass_groups(
        self, own: frozenset[Definition], name: str | None = None
    ) -> list[tuple[frozenset[Definition], int, bool, bool]]:
        """`own`, tensors a collection kept across passes holds, by the pass of the loops around
        that made them, newest first: each pass's, how many it put (a `push` in a loop of that
        pass as many times as that loop runs, if its length is written: `for o in obs.iter()` of
        `let obs = [a, b];`, `for i in 0..4`; one of a loop of unknown length none), whether
        every pass runs each of its pushes (none in a branch: the tensors put, and each push
        onto the collection `name` in the loop), whether it is this pass's."""
        here = dict(self.context)
        around = [k for k, _ in self.context if any(k == m for d in own for m, _ in d.context)]
        now = tuple(here[k] for k in around)

        def when(d: Definition) -> tuple[int, ...]:
            made = dict(d.context)
            return tuple(made.get(k, 0) for k in around)

        by_pass: dict[tuple[int, ...], set[Definition]] = {}
        for d in own:
            by_pass.setdefault(when(d), set()).add(d)
        groups = []
        for made in sorted(by_pass, reverse=True):
            group = frozenset(by_pass[made])
            count = 0
            for _span, inner in {
                (d.span, tuple(k for k, _ in d.context if k not in here)) for d in group
            }:
                times = 1
                for key in inner:
                    runs = self._runs(key)
                    times *= runs if runs is not None else 0
                count += times
            loop = self.loops.get(around[-1]) if around else None
            every = loop is not None and all(self._every_pass_made(d, loop) for d in group)
            every = every and (name is None or self._pushes_every_pass(name, loop))
            groups.append((group, count, every, made == now))
        return groups

    def _pushes_every_pass(self, name: str, loop: Node) -> bool:
        """Whether every push onto `name` in `loop` (`name.push(..)`, `extend`) is a statement
        every pass runs (in no branch, closure or loop of its own but a `for`), and no other
        call changes it there (`insert(0, ..)`, `pop()`, `remove(0)` reorder what is newest)."""
        for node, said in _calls_on(loop, name, self.text):
            if said not in _APPENDING and said not in _READING:
                return False  # `insert(0, ..)`, `pop()`, `remove(0)`: the order not known
            if said in _APPENDING and not _unbranched(node, loop):
                return False
        return True

    def _every_pass_made(self, definition: Definition, loop: Node) -> bool:
        """Whether `definition` is made at a statement every pass of `loop` runs: in no branch,
        closure or loop of its own but a `for` (whose passes `_runs` counts)."""
        root = loop
        while root.parent is not None:
            root = root.parent
        start, end = definition.span
        node = root.descendant_for_byte_range(start, end) if end > start else None
        return node is not None and _unbranched(node, loop)

    def _runs(self, key: int) -> int | None:
        """How many times loop `key` runs, if written in its header: `for _ in 0..n`,
        `0..=n`, over an array a `let` wrote (`[a, b]`, `[x; n]`, `&obs`, `obs.iter()`)."""
        loop = self.loops.get(key)
        if loop is None or loop.type != "for_expression":
            return None
        node = loop.child_by_field_id(_FIELD.value)
        while node is not None:
            if node.type in ("reference_expression", "parenthesized_expression"):
                node = node.named_children[-1] if node.named_child_count else None
            elif node.type == "call_expression":
                method = node.child_by_field_id(_FIELD.function)
                name = method.child_by_field_id(_FIELD.field) if method is not None else None
                if method is None or name is None or self.text(name) not in ("iter", "into_iter"):
                    return None
                node = method.child_by_field_id(_FIELD.value)
            else:
                break
        if node is None:
            return None
        if node.type == "range_expression":
            return _range_length(self.text(node))
        if node.type != "identifier":
            return None
        slot = self.lookup(self.text(node))
        declaration = self._let_of(slot, loop) if slot is not None else None
        array = declaration.child_by_field_id(_FIELD.value) if declaration is not None else None
        if array is None or array.type != "array_expression":
            return None
        length = array.child_by_field_id(_FIELD.length)
        if length is None:
            return array.named_child_count
        return _number(self.text(length))


_BRANCHING = frozenset(
    {
        "if_expression",
        "match_expression",
        "while_expression",
        "loop_expression",
        "closure_expression",
        "function_item",
    }
)
"""What a statement in it may not run in every pass of the loop around."""

_TRACKED = Requirement.GRAD_IN_BACKWARD

_APPENDING = frozenset({"push", "push_back", "extend"})
"""The methods that put elements after a collection's last."""

_READING = frozenset(
    {"len", "is_empty", "iter", "get", "first", "last", "clone", "contains", "capacity"}
)
"""The methods that leave a collection as it is."""


def _unbranched(node: Node, loop: Node) -> bool:
    """Whether `node`, in `loop`, runs in every pass of it: under no branch, closure or loop
    of its own but a `for`."""
    while node is not None and node != loop:
        if node.type in _BRANCHING:
            return False
        node = node.parent
    return node == loop


def _number(text: str) -> int | None:
    """The value of an integer literal (`4`, `4usize`, `1_000`), else None."""
    digits = text.replace("_", "").removesuffix("usize").removesuffix("u32").removesuffix("i32")
    return int(digits) if digits.isdigit() else None


def _range_length(text: str) -> int | None:
    """How many numbers a range of two literals holds (`0..4`: 4, `1..=3`: 3), else None."""
    inclusive = "..=" in text
    ends = text.split("..=" if inclusive else "..")
    if len(ends) != 2:
        return None
    start, end = _number(ends[0].strip()), _number(ends[1].strip())
    if start is None or end is None:
        return None
    return max(0, end - start + (1 if inclusive else 0))
