"""The abstract state of a reading: the value each name holds, the definitions consumed, the
journal that undoes a branch's writes, and the joins of the states branches end in."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from pbpit.engine.graph import Requirement
from pbpit.lint.values import Backward, Definition, Value

_WHOLE = Definition("", (0, 0), (), "", None, None)
"""In `shared`: the collection's own definition (the pieces of a temporary tensor)."""


_DATA = Value()


_FROZEN = Value(frozen=True)


@dataclass(eq=False, slots=True)
class _Slot:
    name: str
    declared: int = 0
    """The file byte where the name is bound."""
    scope_end: int = 0
    """The file byte where its scope ends: no read of it after that."""


_MISSING = object()
"""In a journal or a `_Change`: the name (or definition) was not there."""


class _Journal:
    """Every write to the state of one reading, in order, with what it replaced: the arms of a
    branch are read on the one state, each undone after, so that entering an arm copies nothing
    and a join looks only at what some path wrote. `seq` numbers the writes (never reused), so
    that what was written after a definition was made can be told apart."""

    __slots__ = ("entries", "targets", "olds", "seqs", "seq")

    def __init__(self) -> None:
        # One list per field, not a tuple per write: a long function makes tens of thousands
        # of writes, and every tuple is one more object for the cycle collector to visit.
        self.entries: list[object] = []
        """The key of each write; at the same index in the others: the dict written, what the
        key held before (`_MISSING`: not there) and the write's number."""
        self.targets: list[dict] = []
        self.olds: list[object] = []
        self.seqs: list[int] = []
        self.seq = 0

    def record(self, target: dict, key: object, old: object) -> None:
        """Note that `key` of `target`, which held `old`, is written."""
        self.entries.append(key)
        self.targets.append(target)
        self.olds.append(old)
        self.seqs.append(self.seq)
        self.seq += 1


class _Journaled(dict):
    """A dict whose writes go into a `_Journal` (read as fast as a dict)."""

    __slots__ = ("journal",)

    def __init__(self, journal: _Journal) -> None:
        super().__init__()
        self.journal = journal

    def __setitem__(self, key: object, value: object) -> None:
        self.journal.record(self, key, dict.get(self, key, _MISSING))
        dict.__setitem__(self, key, value)

    def pop(self, key: object, default: object = None) -> object:
        if key not in self:
            return default
        self.journal.record(self, key, dict.__getitem__(self, key))
        return dict.pop(self, key)

    def setdefault(self, key: object, default: object = None) -> object:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)


@dataclass(slots=True)
class _State:
    """The state where the reading is: what each name holds, what each consumed definition was
    consumed by (both journaled), and whether any path gets here."""

    values: dict[_Slot, Value]
    consumed: dict[Definition, Backward]
    dead: bool = False
    """No path reaches this point (it follows a `break`, `continue`, `return` or `panic!`)."""


@dataclass(slots=True)
class _Change:
    """The state at the end of a path, as what it wrote since a journal mark: each name's and
    each definition's value at the end (`_MISSING`: not there), the rest as at the mark."""

    values: dict
    consumed: dict
    dead: bool = False


class _AtMark:
    """The consumed definitions as they were at a journal mark: `now`, but for the definitions
    written since (`old`, from `_Function._at_mark`: what each held then, `_MISSING` for not
    consumed). Asked with set operations only, each a pass through the smaller side."""

    __slots__ = ("now", "old", "fresh", "was")

    def __init__(self, now: dict, old: dict) -> None:
        self.now = now
        self.old = old
        self.fresh = {d for d, then in old.items() if then is _MISSING}
        """Consumed since the mark, not at it."""
        self.was = old.keys() - self.fresh
        """Consumed at the mark (whether or not now)."""

    def __contains__(self, definition: object) -> bool:
        old = self.old
        if definition in old:
            return old[definition] is not _MISSING
        return definition in self.now

    def isdisjoint(self, made: frozenset) -> bool:
        """Whether none of `made` was consumed at the mark."""
        if not self.was.isdisjoint(made):
            return False
        return self.now.keys().isdisjoint(made) or self.old.keys() >= (self.now.keys() & made)

    def holds_all(self, made: frozenset) -> bool:
        """Whether all of `made` was consumed at the mark."""
        return self.fresh.isdisjoint(made) and self.now.keys() >= made.difference(self.old)


def _renamed_value(
    renamed: _Renamed, definitions: Callable[[frozenset[Definition]], object], held: Value
) -> tuple:
    """A value up to renaming, as `_Function._renaming` tells it (`definitions`: its sets)."""
    parts = (
        tuple((k, _renamed_value(renamed, definitions, v)) for k, v in held.parts)
        if held.parts
        else None
    )
    origin = renamed[held.origin] if held.origin is not None else None
    return (held.requirement, held.frozen, origin, definitions(held.sources), parts)


class _Renamed(dict):
    """Each definition's name as pass `number` of loop `key` sees it (with `consumed`
    consumed), a small number (`tokens`), found on first use: see `_Function._renaming`."""

    __slots__ = ("key", "number", "consumed", "tokens")

    def __init__(self, key: int, number: int, consumed: object, tokens: dict) -> None:
        super().__init__()
        self.key, self.number, self.consumed, self.tokens = key, number, consumed, tokens

    def __missing__(self, made: Definition) -> int:
        for loop, made_in in made.context:
            if loop == self.key:
                name: tuple = (self.number - made_in, made.span, made in self.consumed)
                break
        else:
            name = (id(made), made in self.consumed)
        self[made] = found = self.tokens.setdefault(name, len(self.tokens))
        return found


class _LoopStart:
    """A loop as it started (`_Function._passes`), for comparing the states its passes start
    with: the journal's mark, how many names each scope held, whether the loop ran before in
    this reading, how many names `_bind_in` had bound as the last pass started, what that
    pass's names held (renamed) and its token."""

    __slots__ = ("mark", "sizes", "again", "binds", "compared", "token")

    def __init__(self, mark: int, sizes: list[int], again: bool, binds: int) -> None:
        self.mark = mark
        self.sizes = sizes
        self.again = again
        self.binds = binds
        self.compared: dict[_Slot, tuple] = {}
        self.token: object = None


@dataclass(eq=False, slots=True)
class _Exit:
    """Where a `break`, `continue` or `return` takes the state: a loop, a labelled block, a
    closure (its `return`) or the function (whose `return` leaves what is read)."""

    kind: str
    """`loop`, `block`, `closure` or `fn`."""
    label: str | None = None
    mark: int = 0
    """The journal's length where it was entered: the states leaving by it are told from there."""
    breaks: list[_Change] = field(default_factory=list)
    """States leaving by `break` (a closure's: by `return`), joined after it."""
    continues: list[_Change] = field(default_factory=list)
    """States leaving a pass by `continue`, joined at the end of the pass."""
    returns: list[tuple[_Change, Value]] = field(default_factory=list)
    """What each `return` leaves (a function's or a closure's) and the value it returns."""


class _Shared:
    """A frozenset made of another and a few more members, sharing the other instead of copying
    it: each `let` of a chain derives from all the ones before it, and a copy per `let` would
    make a chain of n cost n². Read as a frozenset, built on first use; `|` shares again.

    Its members are held in a few blocks, frozensets each more than twice the size of the next
    (a new member's block is merged into the one before it while it is not): a query asks
    fewer than log2(n) blocks, and each member is copied into a larger block log2(n) times at
    most, so a chain costs n·log(n), not n² as a set built every few links would."""

    __slots__ = ("_blocks", "_set")

    def __init__(self, base: frozenset | _Shared, extra: frozenset) -> None:
        if type(base) is _Shared:
            blocks = [base._set] if base._set is not None else list(base._blocks)
        else:
            blocks = [base]
        blocks.append(extra)
        while len(blocks) > 1 and len(blocks[-2]) <= 2 * len(blocks[-1]):
            last = blocks.pop()
            blocks[-1] = blocks[-1] | last
        self._blocks: tuple[frozenset, ...] = tuple(blocks)
        self._set: frozenset | None = blocks[0] if len(blocks) == 1 else None

    def frozen(self) -> frozenset:
        """The members, as a frozenset (made once)."""
        if self._set is None:
            self._set = self._blocks[0].union(*self._blocks[1:])
        return self._set

    def __or__(self, other: Iterable) -> _Shared:
        return _Shared(self, other if type(other) is frozenset else frozenset(other))

    def __ror__(self, other: Iterable) -> frozenset | set | _Shared:
        if type(other) is set:  # `found |= sources`: a set that can still be added to
            return other | self.frozen()
        return self | other

    def union(self, *others: Iterable) -> frozenset | _Shared:
        result: frozenset | _Shared = self
        for other in others:
            result = _Shared(result, frozenset(other))
        return result

    def links(self) -> tuple[frozenset, ...]:
        """The blocks its members are held in."""
        return self._blocks

    def bound(self) -> int:
        """At least as many as its members (a member may be in two blocks), without a copy."""
        return len(self._set) if self._set is not None else sum(map(len, self._blocks))

    def __contains__(self, item: object) -> bool:
        if self._set is not None:
            return item in self._set
        return any(item in block for block in self._blocks)

    def isdisjoint(self, other: Iterable) -> bool:
        other = _plain(other)
        return all(part.isdisjoint(other) for part in self.links())

    def __iter__(self) -> Iterator:
        return iter(self.frozen())

    def __len__(self) -> int:
        return len(self.frozen())

    def __bool__(self) -> bool:
        return any(self._blocks)

    def __and__(self, other: Iterable) -> frozenset:
        return self.frozen() & _plain(other)

    def __rand__(self, other: Iterable) -> frozenset | set:
        return _plain(other) & self.frozen()

    def __sub__(self, other: Iterable) -> frozenset:
        return self.frozen() - _plain(other)

    def __rsub__(self, other: Iterable) -> frozenset:
        return _plain(other) - self.frozen()

    def __xor__(self, other: Iterable) -> frozenset:
        return self.frozen() ^ _plain(other)

    def __rxor__(self, other: Iterable) -> frozenset | set:
        return _plain(other) ^ self.frozen()

    def __eq__(self, other: object) -> bool:
        return self.frozen() == _plain(other)

    def __le__(self, other: Iterable) -> bool:
        other = _plain(other)
        return all(part <= other for part in self.links())

    def __lt__(self, other: Iterable) -> bool:
        return self.frozen() < _plain(other)

    def __ge__(self, other: Iterable) -> bool:
        return self.frozen() >= _plain(other)

    def __gt__(self, other: Iterable) -> bool:
        return self.frozen() > _plain(other)

    def __hash__(self) -> int:
        return hash(self.frozen())

    def __getattr__(self, name: str) -> object:
        return getattr(self.frozen(), name)  # intersection, issubset, isdisjoint ...

    def __repr__(self) -> str:
        return f"_Shared({set(self.frozen())!r})"


_SHARE_FROM = 16
"""A set smaller than this is copied (cheaper than a link to it)."""


def _every(
    made: frozenset | _Shared, test: Callable[[frozenset], bool], asked: dict[int, tuple]
) -> bool:
    """Whether `test` holds of every block of `made` (a `_Shared`): the blocks are shared by
    the sets of a chain, so each is asked once (`asked`, by id, with the block kept so that an
    id is not mistaken for another's)."""
    for block in made.links() if type(made) is _Shared else (made,):
        found = asked.get(id(block))
        if found is None or found[0] is not block:
            found = asked[id(block)] = (block, test(block))
        if not found[1]:
            return False
    return True


def _plain(value: object) -> object:
    return value.frozen() if type(value) is _Shared else value


def _common(sets: list[frozenset | _Shared]) -> frozenset:
    """What all of `sets` hold."""
    return _plain(sets[0]).intersection(*sets[1:])


def _plus(base: frozenset | _Shared, member: object) -> frozenset | _Shared:
    """`base | {member}`, sharing `base` when it is large."""
    if type(base) is frozenset and len(base) < _SHARE_FROM:
        return base | {member}
    return _Shared(base, frozenset((member,)))


def _union(sets: list[frozenset | _Shared]) -> frozenset | _Shared:
    """The union of `sets`, sharing the largest when it is large: a sum of n terms adds a
    term's sets to the sum's so far, and a copy per term would make it cost n²."""
    sizes = [len(s) if type(s) is frozenset else s.bound() for s in sets]
    largest = sets[sizes.index(max(sizes))]
    if max(sizes) < _SHARE_FROM:
        return frozenset().union(*sets)
    extra = frozenset(m for s in sets if s is not largest for m in s if m not in largest)
    return _Shared(largest, extra) if extra else largest


def _op(values: Iterable[Value]) -> Value:
    """The result of an op on `values`: tracked if any input is, with their definitions."""
    tracked = [v for v in values if v.requirement != Requirement.NONE]
    if not tracked:
        return _DATA
    if len(tracked) == 1:  # one input: its sets as they are (a copy would cost its length)
        sources, reads = tracked[0].sources, tracked[0].reads
    else:
        sources = _union([v.sources for v in tracked])
        reads = _union([v.reads for v in tracked])
    why = tracked[0].why or "from a tensor that requires grad"
    return Value(Requirement.GRAD_IN_BACKWARD, None, sources, why, reads=reads)


def _collection(parts: list[tuple[str, Value]]) -> Value:
    """A tuple, array, `vec!` or struct literal of `parts`."""
    value = _op(v for _, v in parts)
    return replace(value, parts=tuple(parts)) if value.requirement != Requirement.NONE else value


def _content(value: Value) -> bool:
    """Whether a tracked value is a tuple or struct (no collection): what an `Option` or a
    `Result` holds, walked by `map` as its one element (`_Places._element`)."""
    return bool(value.parts) and not any(key.startswith("[") for key, _ in value.parts or ())


def _leaves(value: Value) -> bool:
    """Whether a value is a leaf, or a tuple or struct whose tensors are all leaves (made by
    `require_grad` or read from a parameter): what any number of backwards may use."""
    if value.requirement == Requirement.GRAD:
        return True
    if value.requirement == Requirement.NONE or value.parts is None:
        return False
    return all(p.requirement == Requirement.NONE or _leaves(p) for _, p in value.parts)


def _join(values: list[Value]) -> Value:
    """What a value may be after branches that made `values`."""
    first = values[0]
    if all(v is first for v in values):
        return first
    if any(v.requirement == Requirement.GRAD_IN_BACKWARD for v in values):
        joined = _op(values)
        same = {v.origin for v in values if v.requirement == Requirement.GRAD_IN_BACKWARD}
        origin = next(iter(same))
        if (
            len(same) == 1
            and origin is not None
            and all(
                v.requirement == Requirement.GRAD or (v.origin is origin and v.parts is None)
                for v in values
            )
        ):
            # A new leaf on some paths, the very same tensor on the others (`if let Some(g) =
            # grad { from_data(..).require_grad() } else { param }`): that tensor, or a leaf.
            return replace(joined, origin=origin)
        kept = _same_or_made(values)
        if kept is not None:
            return replace(joined, same_or_made=kept)
        tracked = [v for v in values if v.requirement != Requirement.NONE]
        keys = [k for k, _ in tracked[0].parts or ()]
        if keys and all(v.parts is not None and [k for k, _ in v.parts] == keys for v in tracked):
            # Tuples or structs on every path (the rest data): each part joined on its own,
            # so that `state.1` after the join is what some path put in `.1`, not `.0` too.
            parts = [dict(v.parts or ()) for v in tracked]
            untracked = len(values) - len(tracked)
            joined = replace(
                joined,
                parts=tuple((k, _join([p[k] for p in parts] + [_DATA] * untracked)) for k in keys),
            )
        return joined
    if any(v.requirement == Requirement.GRAD for v in values):
        return Value(
            Requirement.GRAD, why=next(v.why for v in values if v.requirement == Requirement.GRAD)
        )
    return _FROZEN if all(v.frozen for v in values) else _DATA


def _same_or_made(values: list[Value]) -> Definition | None:
    """The tensor that branches' `values` are on some paths and are made from on the others
    (`Some(total) => total + loss, None => loss`: `loss`); None when they are anything else
    (two tensors, a tuple, a leaf or data on a path)."""
    tracked = [v for v in values if v.requirement == Requirement.GRAD_IN_BACKWARD]
    if len(tracked) != len(values) or any(v.parts is not None for v in tracked):
        return None
    itself = {v.origin or v.same_or_made for v in tracked} - {None}
    if len(itself) != 1:
        return None
    kept = next(iter(itself))
    made = [v for v in tracked if v.origin is None and v.same_or_made is None]
    if not made or any(kept not in v.sources for v in made):
        return None
    return kept


def _join_states(
    values: dict[_Slot, Value],
    consumed: dict[Definition, Backward],
    changes: list[_Change],
    results: Iterable[Value],
    live: Callable[[_Slot], bool],
    defaults: dict[_Slot, Value],
    holders: Callable[[_Change, dict, frozenset], Iterable[tuple[_Slot, Value]]],
    alias: Callable[[Definition], Definition | None] = lambda d: None,
) -> tuple[dict, dict | None, dict | None]:
    """The state after paths that reached a point with `changes` (two or more, none dead) from
    the state `values`, `consumed`: a name may hold what any path left in it (a field in
    `defaults` that a path never set, what it held before); a definition may have been consumed
    if a path consumed it and it is still reachable on that path, from a `live` name (one read
    again) or the `results` of the paths. (A path that consumed a tensor and let go of every
    handle to it, as a pass that backpropagates and then detaches its state, cannot reach it
    again: a later use comes from another path.) `holders(change, its consumed, wanted)` gives
    at least the names of a path that may hold one of `wanted`. A definition that stays
    consumed, held by a name only on paths that did not consume it (`pending` of `if i % 2 == 1
    { pending.backward(); pending = zeros }`, its loss kept consumed by a running sum), is held
    there as its `alias` (a tensor of its own, not consumed): no path holds it consumed there.

    Returned as writes: each name's value (`_MISSING`: none), and either the consumed
    definitions that change or, when some path let go of some, all that stay consumed."""
    slots = {slot for change in changes for slot in change.values}
    slots.update(slot for slot in defaults if slot not in values)
    writes: dict[_Slot, object] = {}
    for slot in slots:
        held_by = []
        for change in changes:
            held = change.values[slot] if slot in change.values else values.get(slot, _MISSING)
            held_by.append(defaults.get(slot, _MISSING) if held is _MISSING else held)
        if all(held is _MISSING for held in held_by):
            writes[slot] = _MISSING
            continue
        joined = [_DATA if held is _MISSING else held for held in held_by]
        first = joined[0]
        # Most names hold the very value they held before the branches: nothing to join.
        writes[slot] = first if all(v is first for v in joined) else _join(joined)
    definitions = {d for change in changes for d in change.consumed}

    def held(change: _Change, definition: Definition) -> object:
        if definition in change.consumed:
            return change.consumed[definition]
        return consumed.get(definition, _MISSING)

    if all(
        (held(change, d) is _MISSING) == (held(changes[0], d) is _MISSING)
        for d in definitions
        for change in changes[1:]
    ):
        # Every path consumed the same: nothing to tell apart; the first path's backward.
        chosen: dict[Definition, object] = {}
        for definition in definitions:
            chosen[definition] = next(
                (b for b in (held(c, definition) for c in changes) if b is not _MISSING),
                _MISSING,
            )
        return writes, chosen, None
    kept = frozenset().union(*(v.sources for v in results))
    asked: dict[_Slot, bool] = {}
    stay: dict[Definition, Backward] = {}
    for change in changes:
        full = dict(consumed)
        for definition, backward in change.consumed.items():
            if backward is _MISSING:
                full.pop(definition, None)
            else:
                full[definition] = backward
        # Only a name holding a consumed definition the results do not keep can matter, so
        # only such names are asked whether they are read again.
        wanted = frozenset(full.keys() - kept)
        reachable: set[Definition] = set()
        if wanted:
            for slot, v in holders(change, full, wanted):
                if v.sources and not v.sources.isdisjoint(wanted):
                    read = asked.get(slot)
                    if read is None:
                        read = asked[slot] = live(slot)
                    if read:
                        reachable.update(d for d in wanted if d in v.sources)
        for definition, backward in full.items():
            if definition in kept or definition in reachable:
                stay.setdefault(definition, backward)
    split = [d for d in stay if any(held(c, d) is _MISSING for c in changes)]
    if split:
        _split_holders(writes, values, changes, defaults, split, held, alias)
    return writes, None, stay


def _holds(value: object, definition: Definition) -> bool:
    return type(value) is Value and (
        definition in value.sources or bool(value.shared and definition in value.shared)
    )


def _split_holders(
    writes: dict,
    values: dict,
    changes: list[_Change],
    defaults: dict,
    split: list[Definition],
    held: Callable[[_Change, Definition], object],
    alias: Callable[[Definition], Definition | None],
) -> None:
    """Rewrite in `writes` each name that holds one of `split` (consumed on some paths, not on
    others) only on paths that did not consume it: there it holds the definition's alias."""
    aliases: dict[Definition, Definition | None] = {}
    for slot in list(writes):
        if writes[slot] is _MISSING:
            continue
        held_by = []
        for change in changes:
            value = change.values[slot] if slot in change.values else values.get(slot, _MISSING)
            held_by.append(defaults.get(slot, _MISSING) if value is _MISSING else value)
        changed = False
        for definition in split:
            paths = [
                (held(change, definition) is not _MISSING, value)
                for change, value in zip(changes, held_by, strict=True)
            ]
            if any(spent and _holds(v, definition) for spent, v in paths):
                continue  # a path holds it consumed here
            if not any(_holds(v, definition) for _, v in paths):
                continue
            if definition not in aliases:
                aliases[definition] = alias(definition)
            new = aliases[definition]
            if new is None:
                continue
            held_by = [_swap(v, definition, new) if _holds(v, definition) else v for v in held_by]
            changed = True
        if changed:
            joined = [_DATA if v is _MISSING else v for v in held_by]
            writes[slot] = _join(joined)


def _swap(value: Value, old: Definition, new: Definition, deep: bool = True) -> Value:
    """`value` with `new` where it held `old` (its reads' values too, one level deep)."""

    def swapped(made: frozenset | _Shared | None) -> frozenset | None:
        if made is None or old not in made:
            return made  # type: ignore[return-value]
        return frozenset(made - {old}) | {new}

    if not deep:
        return replace(
            value,
            origin=new if value.origin is old else value.origin,
            sources=swapped(value.sources),
        )
    return replace(
        value,
        origin=new if value.origin is old else value.origin,
        sources=swapped(value.sources),
        shared=swapped(value.shared),
        parts=tuple((k, _swap(p, old, new)) for k, p in value.parts) if value.parts else None,
        reads=frozenset(
            replace(r, value=_swap(r.value, old, new, False)) if old in r.value.sources else r
            for r in value.reads
        ),
    )
