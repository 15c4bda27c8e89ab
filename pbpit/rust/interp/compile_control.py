"""Compiling control flow: `if`, `if let`, loops with their labels, `break` with a value,
`continue`, `return`, `match` and its patterns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.interp import btreemap, map_loops, results, slice_patterns, std_reverse
from pbpit.rust.interp.nodes import (
    Break,
    Continue,
    For,
    If,
    IfLet,
    Loop,
    Match,
    Pat,
    Return,
    Unsupported,
    While,
)
from pbpit.rust.interp.runtime import (
    UNIT,
    BreakSignal,
    Code,
    ContinueSignal,
    ReturnSignal,
)
from pbpit.rust.interp.types import resolve


class ControlCompiler:
    """Control flow (a part of `Compiler`)."""

    # -- control flow -----------------------------------------------------------------------------

    def c_If(self, e: If) -> Code:  # noqa: N802
        cond, then = self.expr(e.cond), self.expr(e.then)
        els = self.expr(e.els) if e.els is not None else (lambda frame: UNIT)
        return lambda frame: then(frame) if cond(frame) else els(frame)

    def c_IfLet(self, e: IfLet) -> Code:  # noqa: N802
        value, then = self.expr(e.value), self.expr(e.then)
        els = self.expr(e.els) if e.els is not None else (lambda frame: UNIT)
        slot = e.binding.slot if e.binding is not None else None

        def if_let(frame: list) -> Any:
            option = value(frame)
            if option is None:
                return els(frame)
            if slot is not None:
                frame[slot] = option.value
            return then(frame)

        return if_let

    def loop_body(self, e: Loop | While | For) -> Code:
        assert e.body is not None
        body = self.expr(e.body)
        if not e.continues:
            return body

        def body_continuing(frame: list) -> Any:
            try:
                return body(frame)
            except ContinueSignal as signal:
                if signal.target is not e:
                    raise
                return UNIT

        return body_continuing

    def breaking(self, e: Loop | While | For, run: Code) -> Code:
        if not e.breaks:
            return run

        def run_breaking(frame: list) -> Any:
            try:
                return run(frame)
            except BreakSignal as signal:
                if signal.target is not e:
                    raise
                return signal.value

        return run_breaking

    def c_Loop(self, e: Loop) -> Code:  # noqa: N802
        body = self.loop_body(e)

        def loop(frame: list) -> Any:
            while True:
                body(frame)

        return self.breaking(e, loop)

    def c_While(self, e: While) -> Code:  # noqa: N802
        assert e.cond is not None
        cond, body = self.expr(e.cond), self.loop_body(e)

        def while_(frame: list) -> Any:
            while cond(frame):
                body(frame)
            return UNIT

        return self.breaking(e, while_)

    def c_For(self, e: For) -> Code:  # noqa: N802
        assert e.iterable is not None
        iterable, body = self.expr(e.iterable), self.loop_body(e)
        slot = e.binding.slot if e.binding is not None else 0
        if btreemap.is_btree_map(e.iterable.ty):  # `for (k, v) in &m`: in the keys' order
            table = iterable
            iterable = lambda frame: btreemap.entries(table(frame))  # noqa: E731
        elif getattr(e, "hash_order", False):  # a HashMap's entries, in an order the body
            map_loops.refuse_ordered(self, e)  # does not depend on (map_loops.py)
            if resolve(e.iterable.ty).kind == "HashMap":  # type: ignore[attr-defined]
                table = iterable
                iterable = lambda frame: list(table(frame).items())  # noqa: E731

        def for_(frame: list) -> Any:
            for item in iterable(frame):
                if slot:
                    frame[slot] = item
                body(frame)
            return UNIT

        return self.breaking(e, for_)

    def c_Break(self, e: Break) -> Code:  # noqa: N802
        value = self.expr(e.value) if e.value is not None else (lambda frame: UNIT)
        target = e.target

        def break_(frame: list) -> Any:
            raise BreakSignal(target, value(frame))

        return break_

    def c_Continue(self, e: Continue) -> Code:  # noqa: N802
        target = e.target

        def continue_(frame: list) -> Any:
            raise ContinueSignal(target)

        return continue_

    def c_Return(self, e: Return) -> Code:  # noqa: N802
        value = self.expr(e.value) if e.value is not None else (lambda frame: UNIT)
        rt, visible = self.rt, e.visible

        def return_(frame: list) -> Any:
            result = value(frame)
            if rt.hooks is not None:
                rt.report(frame, visible, True)
            raise ReturnSignal(result)

        return return_

    # -- `match` ----------------------------------------------------------------------------------

    def c_Match(self, e: Match) -> Code:  # noqa: N802
        value = self.expr(e.value)
        arms = [
            (self.matcher(a.pat), self.expr(a.guard) if a.guard else None, self.expr(a.body))
            for a in e.arms
        ]
        where = self.where(e.pos)

        def match(frame: list) -> Any:
            scrutinee = value(frame)
            for matches, guard, body in arms:
                if matches(scrutinee, frame) and (guard is None or guard(frame)):
                    return body(frame)
            raise Unsupported(where, "no arm of this `match` matched the value")

        return match

    def matcher(self, p: Pat) -> Callable[[Any, list], bool]:
        """Whether a value matches `p`, binding its names in the frame as it goes."""
        kind = p.kind
        subs = [self.matcher(q) for q in p.subs]
        if kind == "wild":
            return lambda v, frame: True
        if kind == "bind":
            assert p.binding is not None
            slot = p.binding.slot
            inner = subs[0] if subs else None

            def bind(v: Any, frame: list) -> bool:
                if inner is not None and not inner(v, frame):
                    return False
                frame[slot] = v
                return True

            return bind
        if kind == "lit":
            assert p.value is not None
            lit = self.expr(p.value)
            return lambda v, frame: v == lit(frame)
        if kind == "range":
            assert p.value is not None and p.hi is not None
            lo, hi = self.expr(p.value), self.expr(p.hi)
            if p.inclusive:
                return lambda v, frame: lo(frame) <= v <= hi(frame)
            return lambda v, frame: lo(frame) <= v < hi(frame)
        if kind == "or":
            return lambda v, frame: any(m(v, frame) for m in subs)
        if kind == "none":
            return lambda v, frame: v is None
        if kind == "some":
            (inner_some,) = subs
            return lambda v, frame: v is not None and inner_some(v.value, frame)
        if kind in ("ok", "err"):  # `Ok(p)`, `Err(p)` (results.py)
            return results.matcher(kind, subs[0])
        if kind == "reverse":  # `Reverse(p)` (std_reverse.py)
            return std_reverse.matcher(subs[0])
        if kind == "slice":  # `[first, .., last]` (slice_patterns.py)
            return slice_patterns.matcher(p, subs)
        if kind == "tuple":
            indexed = list(enumerate(subs))
            return lambda v, frame: all(m(v[i], frame) for i, m in indexed)
        assert p.item is not None
        fields = list(enumerate(subs))
        if p.item.enum is None:
            return lambda v, frame: all(m(v.fields[i], frame) for i, m in fields)
        variant = p.item.variant
        return lambda v, frame: (
            v.variant == variant and all(m(v.fields[i], frame) for i, m in fields)
        )
