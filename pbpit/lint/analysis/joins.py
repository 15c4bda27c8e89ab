"""The joins of branches (`_Joins`): after an `if`, a `match` or the paths a jump ends, the state
is the reading's own and what other paths wrote since a journal mark; what a path wrote, undone
or written back; whether a name may be read after a point (what a join may forget)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from pbpit.lint.analysis.common import _WORD, _words
from pbpit.lint.analysis.state import _DATA, _MISSING, _Change, _join, _join_states, _Slot, _State
from pbpit.lint.values import Definition, Value

_FIELD_PATH = re.compile(r"[A-Za-z_]\w*(\.(?:[A-Za-z_]\w*|\d+))+")
"""A field reached from a name through fields only (`tracker.total`, `self.cache.h`)."""


class _Joins:
    """How `_Function` joins the states of paths that meet again."""

    def join(
        self,
        mark: int,
        states: list[_State | _Change],
        at: int,
        results: Iterable[Value] = (),
    ) -> None:
        """Make the state the one at file byte `at` after paths that ended in `states`: the
        reading's own state, where it is one of them, and what others wrote since journal
        `mark`; dead ones never get here."""
        here = self.state
        live = [s for s in states if not s.dead]
        if not live:
            self.state = _State(here.values, here.consumed, dead=True)  # never read
            return
        if len(live) == 1 and live[0] is here:
            return
        changes = [self._changes(mark) if s is here else s for s in live]
        self._undo(mark)
        self.state = _State(here.values, here.consumed)
        if len(changes) == 1:
            self._write(changes[0].values, changes[0].consumed)
            return
        writes, chosen, stay = _join_states(
            here.values,
            here.consumed,
            changes,
            results,
            lambda slot: self._read_after(slot, at),
            self.field_initial,
            self._holders,
            self._alias,
        )
        if stay is not None:
            chosen = {d: _MISSING for d in here.consumed if d not in stay}
            chosen.update(stay)
        self._write(writes, chosen or {})

    def _alias(self, definition: Definition) -> Definition | None:
        """A tensor of its own in `definition`'s place, made where it was, not consumed (see
        `_join_states`); None for what a summary marks (what the caller gives)."""
        if definition in self.markers or definition in self.taken:
            return None
        made = replace(definition)
        made.sources = (definition.sources - {definition}) | {made}
        if definition in self.born:
            self.born[made] = self.born[definition]
        return made

    def _changes(self, mark: int) -> _Change:
        """The state as what was written since journal `mark`."""
        values = self.state.values
        written: dict = {}
        taken: dict = {}
        journal = self.journal
        for target, key in zip(journal.targets[mark:], journal.entries[mark:], strict=True):
            into = written if target is values else taken
            if key not in into:
                into[key] = dict.get(target, key, _MISSING)
        return _Change(written, taken, self.state.dead)

    def _undo(self, mark: int) -> None:
        """Undo the writes since journal `mark`."""
        journal = self.journal
        entries, targets, olds, seqs = journal.entries, journal.targets, journal.olds, journal.seqs
        while len(entries) > mark:
            key, target, old = entries.pop(), targets.pop(), olds.pop()
            seqs.pop()
            if old is _MISSING:
                dict.pop(target, key, None)
            else:
                dict.__setitem__(target, key, old)

    def _write(self, values: dict, consumed: dict) -> None:
        """Write what differs of `values` and `consumed` (`_MISSING`: none) into the state."""
        for into, written in ((self.state.values, values), (self.state.consumed, consumed)):
            for key, value in written.items():
                if value is _MISSING:
                    into.pop(key, None)
                elif dict.get(into, key, _MISSING) is not value:
                    into[key] = value

    def _holders(
        self, change: _Change, consumed: dict, wanted: frozenset
    ) -> Iterator[tuple[_Slot, Value]]:
        """The names of the path `change` (from the state) that may hold one of `wanted`: all
        of them, or, when each of `wanted` was bound here, those written since the earliest
        was made (one made later cannot hold it)."""
        values = self.state.values
        written = change.values
        for slot, value in written.items():
            if value is not _MISSING:
                yield slot, value
        journal = self.journal
        entries = journal.entries
        births = [self.born.get(d) for d in wanted]
        if None not in births:
            since = bisect.bisect_left(journal.seqs, min(births))
            if len(entries) - since < len(values):
                seen: set[_Slot] = set()
                for index in range(since, len(entries)):
                    target, slot = journal.targets[index], entries[index]
                    if target is values and slot not in written and slot not in seen:
                        seen.add(slot)
                        value = values.get(slot, _MISSING)
                        if value is not _MISSING:
                            yield slot, value
                return
        for slot, value in values.items():
            if slot not in written:
                yield slot, value
        for slot, initial in self.field_initial.items():
            if (written[slot] if slot in written else values.get(slot, _MISSING)) is _MISSING:
                yield slot, initial

    def _read_after(self, slot: _Slot, at: int) -> bool:
        """Whether a name may be read after file byte `at`: it is named later in its scope, or
        anywhere in a loop around `at` that it was bound before (the next pass reads it), or
        in a closure bound by `let` (read where it is called). The elements a loop walked of a
        collection (`feats[..]`) are read where the collection is."""
        if "[.." in slot.name:  # `feats[..]`, or a field kept of its elements (`regs[..1].h`)
            slot = _Slot(slot.name.split("[..", 1)[0], slot.declared, slot.scope_end)
        starts = _words(self.data).get(slot.name.encode())
        if starts is None and not _WORD.fullmatch(slot.name.encode()):
            return self._read_after_by_search(slot, at)
        starts = starts or []
        size = len(slot.name.encode())

        def named(start: int, end: int) -> bool:
            index = bisect.bisect_left(starts, start)
            return index < len(starts) and starts[index] + size <= end

        if named(at, slot.scope_end):
            return True
        for key, _ in self.context:
            start, end = self.loop_spans[key]
            if start > slot.declared and named(start, end):
                return True
        return any(named(c.start_byte, c.end_byte) for c in self.closures.values())

    def _read_after_by_search(self, slot: _Slot, at: int) -> bool:
        """`_read_after` for a name that is not one ASCII word (`r#type`, `café`), or a field
        (`tracker.total`): that path, or its root other than by another field (`tracker.add(..)`
        and `step(&mut tracker)` may read it; `tracker.count` does not)."""
        pattern = self._names.get(slot.name)
        if pattern is None:
            name = rb"\b" + re.escape(slot.name.encode()) + rb"\b"
            if _FIELD_PATH.fullmatch(slot.name):
                # Its root, or a field on the way (`trainer.meter` of `trainer.meter.sum`,
                # `trainer.meter.flush(..)`), read other than by another field.
                parts = slot.name.split(".")
                for k in range(1, len(parts)):
                    way = rb"\s*\.\s*".join(re.escape(p.encode()) for p in parts[:k])
                    name += rb"|\b" + way + rb"\b(?!\s*\.\s*\w+\b(?!\s*[(:]))"
            pattern = re.compile(name)
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
        mark = len(self.journal.entries)
        states, values = [], []
        for arm in arms:
            self.state = _State(base.values, base.consumed, base.dead)
            values.append(arm())
            states.append(self._changes(mark))
            self._undo(mark)  # the next arm starts where this one did
        self.state = base
        live = [v for s, v in zip(states, values, strict=True) if not s.dead]
        self.join(mark, states, at, live)
        return _join(live) if live else _DATA
