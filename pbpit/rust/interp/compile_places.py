"""Compiling places: reading a variable (of this frame or an enclosing one), assigning it, a
struct's field, an element of a `Vec` (in place) or an array (a changed copy)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from pbpit.rust.interp import index_impls, num_refs, op_traits, slices, vecdeque
from pbpit.rust.interp.nodes import (
    Assign,
    Expr,
    Field,
    Index,
    Local,
    Pos,
    Unary,
    Unsupported,
)
from pbpit.rust.interp.runtime import (
    UNIT,
    UNSET,
    Code,
)
from pbpit.rust.interp.types import (
    STRING,
    Ty,
    resolve,
)


def concat(text: str, more: str) -> str:
    """`s += "x"` on a `String`."""
    return text + more


class PlaceCompiler:
    """Variables, fields and elements (a part of `Compiler`)."""

    # -- names ------------------------------------------------------------------------------------

    @staticmethod
    def depth(e: Local) -> int:
        depth, scope = 0, e.scope
        while scope is not e.binding.scope:
            assert scope.parent is not None
            scope, depth = scope.parent, depth + 1
        return depth

    def c_Local(self, e: Local) -> Code:  # noqa: N802
        read = self.read(e.binding.slot, self.depth(e))
        if num_refs.holds_cell(e.binding):  # `n` of `n: &mut usize`: the number it reaches
            return num_refs.read(read)
        if e.binding.initialized:
            return read
        # `let x;` assigned later: rustc rejects a read it cannot prove comes after the
        # assignment; pbpit refuses the read that does not.
        where, name = self.where(e.pos), e.binding.name

        def read_assigned(frame: list) -> Any:
            value = read(frame)
            if value is UNSET:
                raise Unsupported(where, f"used binding `{name}` isn't initialized")
            return value

        return read_assigned

    @staticmethod
    def read(slot: int, depth: int) -> Code:
        if depth == 0:
            return itemgetter(slot)
        if depth == 1:
            return lambda frame: frame[0][slot]

        def outer(frame: list) -> Any:
            for _ in range(depth):
                frame = frame[0]
            return frame[slot]

        return outer

    def setter(self, e: Local) -> Callable[[list, Any], None]:
        slot, depth = e.binding.slot, self.depth(e)

        def store(frame: list, value: Any) -> None:
            for _ in range(depth):
                frame = frame[0]
            frame[slot] = value

        return store

    def c_Assign(self, e: Assign) -> Code:  # noqa: N802
        if getattr(e, "user", None) is not None:  # a struct's `AddAssign` (op_traits.py)
            return op_traits.assign_code(self, e)
        if isinstance(e.target, Field) and type(resolve(e.target.base.ty)).__name__ != "TupleT":
            return self.field_assign(e, e.target)
        if isinstance(e.target, Index | Unary | Field):  # a tuple's element: `pair.0 = x`
            return self.index_assign(e, e.target)
        store = self.setter(e.target)
        value = self.expr(e.value)
        if e.op is None:

            def assign(frame: list) -> Any:
                store(frame, value(frame))
                return UNIT

            return assign
        current = self.expr(e.target)
        op = self.compound(e.op, e.target.ty, e.pos)

        def update(frame: list) -> Any:
            store(frame, op(current(frame), value(frame)))
            return UNIT

        return update

    def c_Field(self, e: Field) -> Code:  # noqa: N802
        base, index = self.expr(e.base), e.index
        if e.base.ty is not None and type(resolve(e.base.ty)).__name__ == "TupleT":
            return lambda frame: base(frame)[index]
        return lambda frame: base(frame).fields[index]

    def compound(self, op: str, ty: Ty, pos: Pos) -> Callable[[Any, Any], Any]:
        """The operation of `x op= y`: a number's arithmetic, or `String`'s `+= &str`."""
        return concat if ty is STRING else self.arithmetic(op, ty, pos)

    def field_assign(self, e: Assign, target: Field) -> Code:
        """`self.w = x` and `m.count += 1`: the struct's field, in place (every binding that
        holds the struct sees it: in Rust only one can, the one it was moved to)."""
        base, index, value = self.expr(target.base), target.index, self.expr(e.value)
        if e.op is None:

            def assign(frame: list) -> Any:
                new = value(frame)
                base(frame).fields[index] = new
                return UNIT

            return assign
        op = self.compound(e.op, target.ty, e.pos)

        def update(frame: list) -> Any:
            new = value(frame)  # Rust evaluates the right side of `+=` first, for numbers
            struct = base(frame)
            struct.fields[index] = op(struct.fields[index], new)
            return UNIT

        return update

    def index_assign(self, e: Assign, target: Index) -> Code:
        """`v[i] = x`, `m[i][j] += x`: the value first (Rust's order), then the element. A `Vec`
        is changed in place (every `&mut` to it sees it); an array, a value, is replaced by its
        copy with the element changed, in the place it was read from."""
        value, update = self.expr(e.value), self.element_updater(target)
        if e.op is None:

            def assign(frame: list) -> Any:
                new = value(frame)
                update(frame, lambda _old: new)
                return UNIT

            return assign
        op = self.compound(e.op, target.ty, e.pos)

        def compound(frame: list) -> Any:
            new = value(frame)
            update(frame, lambda old: op(old, new))
            return UNIT

        return compound

    def element_updater(self, e: Expr) -> Callable[[list, Callable[[Any], Any]], None]:
        """How to replace the value at the place `e` (a variable, a struct's field, an element)
        by a function of it."""
        if isinstance(e, Local) and num_refs.holds_cell(e.binding):  # `log.push_str(..)` of
            return num_refs.updater(self.read(e.binding.slot, self.depth(e)))  # `&mut String`
        if isinstance(e, Local):
            read, store = self.expr(e), self.setter(e)
            return lambda frame, change: store(frame, change(read(frame)))
        if isinstance(e, Field) and type(resolve(e.base.ty)).__name__ == "TupleT":
            # a tuple, a value held as a Python tuple: replaced by its copy with the element
            # changed, in the place it was read from
            at, index = self.element_updater(e.base), e.index

            def in_tuple(frame: list, change: Callable[[Any], Any]) -> None:
                at(frame, lambda t: (*t[:index], change(t[index]), *t[index + 1 :]))

            return in_tuple
        if isinstance(e, Field):
            base, field = self.expr(e.base), e.index

            def in_field(frame: list, change: Callable[[Any], Any]) -> None:
                struct = base(frame)
                struct.fields[field] = change(struct.fields[field])

            return in_field
        if isinstance(e, Unary) and isinstance(e.operand, Local) and num_refs.holds_cell(
            e.operand.binding
        ):  # `*n = ..` of `n: &mut usize` (num_refs.py)
            return num_refs.updater(self.read(e.operand.binding.slot, self.depth(e.operand)))
        if isinstance(e, Unary):  # `*r`: what `r` reaches, changed in place
            reach = self.expr(e.operand)

            def in_place(frame: list, change: Callable[[Any], Any]) -> None:
                old = reach(frame)
                replace_in_place(old, change(old))

            return in_place
        assert isinstance(e, Index)
        if getattr(e, "user_index", None) is not None:  # `m[(r, c)] = x` (index_impls.py)
            return index_impls.index_updater(self, e)
        index = self.expr(e.index)
        if resolve(e.base.ty).kind in ("HashMap", "BTreeMap"):  # type: ignore[attr-defined]
            table = self.expr(e.base)  # `*v += 1` of `for (k, v) in &mut m` (map_loops.py)

            def in_map(frame: list, change: Callable[[Any], Any]) -> None:
                entries, key = table(frame), index(frame)
                entries[key] = change(entries[key])

            return in_map
        if resolve(e.base.ty).kind == "VecDeque":  # type: ignore[attr-defined]  # `q[i] = x`
            return vecdeque.index_updater(self, e)
        is_vec = resolve(e.base.ty).kind == "Vec"  # type: ignore[attr-defined]
        # (a slice, written in place as a `Vec`, checks its bounds as an array)
        site = self.panic_site(e.bracket if is_vec and not slices.is_slice(e.base.ty) else e.pos)

        def element(items: list, i: int, change: Callable[[Any], Any]) -> None:
            if i >= len(items):
                raise site.panic(
                    f"index out of bounds: the len is {len(items)} but the index is {i}"
                )
            items[i] = change(items[i])

        if is_vec:
            base = self.expr(e.base)
            return lambda frame, change: element(base(frame), index(frame), change)
        outer = self.element_updater(e.base)

        def in_array(frame: list, change: Callable[[Any], Any]) -> None:
            i = index(frame)

            def copy_changed(items: list) -> list:
                items = list(items)
                element(items, i, change)
                return items

            outer(frame, copy_changed)

        return in_array


def replace_in_place(old: Any, new: Any) -> None:
    """`*r = new` where `r: &mut T`: the one value every binding of it shares takes `new`'s
    contents (a `Vec`'s elements, a struct's fields and variant)."""
    if isinstance(old, list):
        old[:] = new
        return
    old.fields[:] = new.fields
    old.variant, old.item = new.variant, new.item
