"""Evaluation: the checked tree compiled into Python closures that run on pbpit's engine.

Every expression becomes a function of its frame (a list: slot 0 the enclosing frame, then one
slot per binding). Types are final by now, so each closure is specialised once: f32 or f64
arithmetic, the integer width whose overflow panics, the formatter of each placeholder. What
only types reveal as outside the subset is refused here, still before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp import (
    array_slices,
    char_ranges,
    cmp_impls,
    float_ranges,
    hashmap,
    index_impls,
    num_refs,
    rc_refcell,
    shapes,
    slices,
    std_generics,
    user_iterators,
    vec_capacity,
    vecdeque,
)
from pbpit.rust.interp.builtins import DYN, USER
from pbpit.rust.interp.compile_control import ControlCompiler
from pbpit.rust.interp.compile_dispatch import DispatchCompiler
from pbpit.rust.interp.compile_iters import IteratorCompiler
from pbpit.rust.interp.compile_macros import MacroCompiler
from pbpit.rust.interp.compile_ops import OperatorCompiler
from pbpit.rust.interp.compile_places import (
    PlaceCompiler,
)
from pbpit.rust.interp.copy_types import (
    captured_copies,
    copied,
    copy_captured,
    mark_copies,
    refuse_moves_out_of_references,
)
from pbpit.rust.interp.growth import footprint
from pbpit.rust.interp.library import Library
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Block,
    Call,
    Closure,
    ConstItem,
    ConstRef,
    Crate,
    Expr,
    FnItem,
    FnScope,
    Index,
    Let,
    Lit,
    Method,
    RangeLit,
    SomeLit,
    StructLit,
    TupleLit,
    Unsupported,
    Visible,
)
from pbpit.rust.interp.numbers import (
    literal,
)
from pbpit.rust.interp.ordering import MAX_RUST_CALLS, TOO_DEEP
from pbpit.rust.interp.runtime import (
    UNIT,
    UNSET,
    Code,
    ReturnSignal,
    Runtime,
    StructValue,
    check_allocation,
    clone_value,
    holds_vec,
)
from pbpit.rust.interp.types import (
    INT_RANGES,
    backend_of,
    is_float,
    resolve,
)


def snapshot(frame: list) -> list:
    """A copy of `frame` and of the frames enclosing it (slot 0), as a `move` closure takes."""
    top = frame = frame.copy()
    while frame[0] is not None:
        frame[0] = frame[0].copy()
        frame = frame[0]
    return top


class Compiler(
    PlaceCompiler,
    OperatorCompiler,
    ControlCompiler,
    MacroCompiler,
    IteratorCompiler,
    Library,
    DispatchCompiler,
):
    """Compiles one checked crate against one `Runtime`."""

    def __init__(self, crate: Crate, rt: Runtime) -> None:
        self.crate = crate
        self.rt = rt
        self.path = crate.path
        self.columns = crate.source.columns
        self.backend = backend_of(crate.source)  # how a tensor prints its device
        self.fn_cells: dict[str, list] = {name: [None] for name in crate.fns}
        self.const_cells: dict[str, list] = {name: [UNSET] for name in crate.consts}
        self.const_code: dict[str, Code] = {}
        self.plain_fns: dict[str, Callable[[list], Any]] = {}
        self.recorded_fns: dict[str, Callable[[list], Any]] = {}
        self.init_dispatch()

    def compile(self) -> None:
        mark_copies(self.crate)  # the uses by value of `Copy` structs (copy_types.py)
        refuse_moves_out_of_references(self.crate, self.fail)  # `Some(&s)` of a `String`
        for name, item in self.crate.consts.items():
            self.const_code[name] = self.const_value(item)
        self.instances: list[tuple[str, FnItem]] = []  # (std_generics.py)
        for name, fn in self.crate.fns.items():
            if std_generics.is_generic(fn):  # run as its instances, one per call's types
                std_generics.check_body(fn, self.fail)
                self.plain_fns[name] = self.recorded_fns[name] = std_generics.not_called
                continue
            self.fn_cells[name][0] = self.plain_fns[name] = self.function(fn)
        while self.instances:
            key, made = self.instances.pop()
            self.fn_cells[key][0] = self.plain_fns[key] = self.function(made)
        cmp_impls.bind(self.crate.structs, self.fn_cells)  # `impl Ord for S`: what `<` runs

    def reset(self) -> None:
        for cell in self.const_cells.values():
            cell[0] = UNSET
        # A recorded run's functions say their names to the recorder (`recorded`).
        fns = self.plain_fns if self.rt.hooks is None else self.recorded_fns
        for name, cell in self.fn_cells.items():
            cell[0] = fns[name]

    # -- functions and closures -------------------------------------------------------------------

    def function(self, fn: FnItem) -> Callable[[list], Any]:
        assert fn.body is not None and fn.scope is not None
        call = self.frame_call(fn.scope, fn.params, self.block(fn.body), fn.body.visible, fn.pos[0])
        self.recorded_fns[fn.name] = self.recorded(fn.name, call)
        return lambda args: call(args, None)

    def frame_call(
        self, scope: FnScope, params: list, body: Code, visible: Visible, line: int
    ) -> Callable[[list, list | None], Any]:
        """Calling a function or closure body: a new frame, one entry on `lines`, the
        recorder told when it returns."""
        template = [None] + [UNSET] * (scope.nslots - 1)
        slots = [(i, p.slot) for i, p in enumerate(params) if p is not None]
        rt = self.rt
        lines = rt.lines

        def call(args: list, parent: list | None) -> Any:
            frame = template.copy()
            frame[0] = parent
            for i, slot in slots:
                frame[slot] = args[i]
            lines.append(line)
            try:
                value = body(frame)
                if rt.hooks is not None:
                    rt.report(frame, visible, True)
                return value
            except ReturnSignal as signal:
                return signal.value
            finally:
                lines.pop()

        return call

    # -- the call stack a recorded run gives the recorder ------------------------------------------

    def recorded(
        self, name: str, call: Callable[[list, list | None], Any]
    ) -> Callable[[list], Any]:
        """`call` of the function `name` as a recorded run makes it: the frame's depth and
        name on `lines.functions` while it runs. `reset` puts it in the function's cell only
        when the run is recorded, so an unrecorded run pays nothing for it."""
        lines = self.rt.lines
        functions = lines.functions

        def recorded_call(args: list) -> Any:
            functions.append((len(lines), name))
            try:
                return call(args, None)
            finally:
                functions.pop()

        return recorded_call

    def c_Closure(self, e: Closure) -> Code:  # noqa: N802
        call = self.frame_call(e.scope, e.params, self.expr(e.body), e.visible, e.body.pos[0])
        is_move = e.is_move
        copies = captured_copies(e) if is_move else []  # `Copy` structs (copy_types.py)

        def closure(frame: list) -> Callable[..., Any]:
            # A `move` closure owns copies of what it captures, from every enclosing closure's
            # frame too; others see the frames themselves.
            parent = snapshot(frame) if is_move else frame
            if copies:
                copy_captured(parent, copies)
            return lambda *args: call(list(args), parent)

        return closure

    def const_value(self, item: ConstItem) -> Code:
        assert item.value is not None and item.scope is not None
        value = self.expr(item.value)
        nslots = item.scope.nslots
        return lambda _: value([None] + [UNSET] * (nslots - 1))

    def c_ConstRef(self, e: ConstRef) -> Code:  # noqa: N802
        cell = self.const_cells[e.item.name]
        codes = self.const_code
        name = e.item.name

        def const(frame: list) -> Any:
            if cell[0] is UNSET:
                cell[0] = codes[name](frame)
            return cell[0]

        return const

    def c_Call(self, e: Call) -> Code:  # noqa: N802
        if e.type_args:
            return self.generic_call(e)
        args = [self.expr(a) for a in e.args]
        if isinstance(e.callee, FnItem):
            cell = self.fn_cells[e.callee.name]
            lines, deepest, where = self.rt.lines, MAX_RUST_CALLS, self.where(e.pos)

            def call(frame: list) -> Any:  # rustfix: as deep as rustc's 8 MiB main stack goes
                if len(lines) > deepest:  # at most `deepest` frames under `main`
                    raise Unsupported(where, TOO_DEEP)
                return cell[0]([arg(frame) for arg in args])

            return call
        callee = self.expr(e.callee)
        return lambda frame: callee(frame)(*[arg(frame) for arg in args])

    # -- blocks and statements --------------------------------------------------------------------

    def expr(self, e: Expr) -> Code:
        if hasattr(e, user_iterators.AS_ITER):  # a struct pulled by its `next`
            plain = copied(e, getattr(self, "c_" + type(e).__name__)(e))
            return user_iterators.lazy_code(self, e, plain)
        # a `Copy` struct's value used by value: a copy (copy_types.py)
        if array_slices.lent(e):  # `clip(&mut a)` of an array `a`, a `&mut [T]` (array_slices.py)
            return array_slices.lent_code(self, e, getattr(self, "c_" + type(e).__name__)(e))
        if num_refs.at_site(e):  # `&mut x` of a number: a cell (num_refs.py)
            return num_refs.cell_code(
                self, e, lambda e: copied(e, getattr(self, "c_" + type(e).__name__)(e))
            )
        return copied(e, getattr(self, "c_" + type(e).__name__)(e))

    def block(self, e: Block) -> Code:
        guards = rc_refcell.mark_guards(e)  # `let st = rc.borrow_mut();` lives to the block's end
        stmts = []
        for stmt in e.stmts:
            if isinstance(stmt, Let):
                code = self.let(stmt)
            else:
                code = self.expr(stmt.expr)
            stmts.append((stmt.line, code, stmt.visible))
        tail = self.expr(e.tail) if e.tail is not None else None
        tail_line = e.tail.pos[0] if e.tail is not None else 0
        rt = self.rt
        lines = rt.lines

        def run(frame: list) -> Any:
            saved = lines[-1]
            try:
                for line, code, visible in stmts:
                    lines[-1] = line
                    code(frame)
                    if rt.hooks is not None:
                        rt.report(frame, visible, False)
                if tail is None:
                    return UNIT
                lines[-1] = tail_line
                return tail(frame)
            finally:
                lines[-1] = saved

        return rc_refcell.releasing(run) if guards else run

    c_Block = block  # noqa: N815

    def let(self, stmt: Let) -> Code:
        num_refs.refuse_moved(self, stmt)  # `let s = r;` of `r: &mut usize`
        init = self.expr(stmt.init) if stmt.init is not None else None
        binding = stmt.binding
        if init is None:
            if binding is None:
                return lambda frame: None
            unset = binding.slot

            def declare(frame: list) -> None:
                frame[unset] = UNSET  # a new binding each time round a loop

            return declare
        if binding is None:
            return init
        slot = binding.slot

        def let(frame: list) -> None:
            frame[slot] = init(frame)

        return let

    # -- literals ---------------------------------------------------------------------------------

    def c_Lit(self, e: Lit) -> Code:  # noqa: N802
        value = self.literal(e, negate=False)
        return lambda frame: value

    def literal(self, e: Lit, negate: bool) -> Any:
        name = getattr(e.ty, "name", "")
        if e.kind == "int":
            value = -e.value if negate else e.value
            lo, hi = INT_RANGES[name]
            if not lo <= value <= hi:
                raise self.fail(e.pos, f"literal out of range for `{name}`")
            return value
        if e.kind == "float":
            value = literal(e.value, name)
            if value == float("inf"):
                raise self.fail(e.pos, f"literal out of range for `{name}`")
            return -value if negate else value
        if negate:
            return -e.value
        return e.value

    def c_SomeLit(self, e: SomeLit) -> Code:  # noqa: N802
        if e.value is None:
            return lambda frame: None
        value = self.expr(e.value)
        return lambda frame: Some(value(frame))

    def c_ArrayLit(self, e: ArrayLit) -> Code:  # noqa: N802
        elems = [self.expr(x) for x in e.elems]
        if e.is_vec:  # `vec![..]`: allocated at its length (vec_capacity.py)
            return lambda frame: vec_capacity.made([x(frame) for x in elems], len(elems))
        return lambda frame: [x(frame) for x in elems]

    def c_ArrayRepeat(self, e: ArrayRepeat) -> Code:  # noqa: N802
        elem, count = self.expr(e.elem), self.expr(e.count)
        where = self.where(e.pos)
        what = "a `Vec`" if e.is_vec else "an array"
        if holds_vec(e.elem.ty):
            # `vec![v; n]` clones `v`: each element its own Vec (a later `push` changes one).
            def repeat_clones(frame: list) -> list:
                value, n = elem(frame), count(frame)
                check_allocation(n * footprint(value), where, what)  # (each clone's items too)
                made = [clone_value(value) for _ in range(n - 1)] + [value] if n else []
                return vec_capacity.made(made, n) if e.is_vec else made

            return repeat_clones

        def repeat(frame: list) -> list:
            value, n = elem(frame), count(frame)
            check_allocation(n, where, what)
            return vec_capacity.made([value] * n, n) if e.is_vec else [value] * n

        return repeat

    def c_RangeLit(self, e: RangeLit) -> Code:  # noqa: N802
        lo, hi = self.expr(e.lo), self.expr(e.hi)
        if char_ranges.is_char(e.lo.ty):  # `'a'..='e'`
            return char_ranges.compile_range(lo, hi, e.inclusive)
        if is_float(e.lo.ty):  # `(0.0..=1.0).contains(&x)` (float_ranges.py)
            return float_ranges.compile_range(lo, hi, e.inclusive, self.where(e.pos))
        if e.inclusive:
            return lambda frame: range(lo(frame), hi(frame) + 1)
        return lambda frame: range(lo(frame), hi(frame))

    def c_Index(self, e: Index) -> Code:  # noqa: N802
        if getattr(resolve(e.base.ty), "kind", None) in ("HashMap", "BTreeMap"):  # `m[&k]`
            return hashmap.compile_index(self, e)
        if resolve(e.base.ty) is shapes.SHAPE:  # `y.shape()[0]`
            return shapes.compile_index(self, e)
        if getattr(resolve(e.base.ty), "kind", None) == "VecDeque":  # `q[i]` (vecdeque.py)
            return vecdeque.compile_index(self, e)
        if getattr(e, "user_index", None) is not None:  # a struct's `impl Index` (index_impls)
            return index_impls.compile_index(self, e)
        base, index = self.expr(e.base), self.expr(e.index)
        # rustc 1.95: an array's built-in bounds check panics at the whole expression, `Vec`'s
        # `Index::index` at the `[` (the span it gives the `#[track_caller]` call).
        is_vec = resolve(e.base.ty).kind == "Vec"  # type: ignore[attr-defined]
        # (a slice's check is built in, as an array's)
        site = self.panic_site(e.bracket if is_vec and not slices.is_slice(e.base.ty) else e.pos)

        def get(frame: list) -> Any:
            items, i = base(frame), index(frame)
            if i >= len(items):
                raise site.panic(
                    f"index out of bounds: the len is {len(items)} but the index is {i}"
                )
            return items[i]

        return get

    # -- the program's own types: structs, their methods, tuples ----------------------------------

    def c_StructLit(self, e: StructLit) -> Code:  # noqa: N802
        values = [self.expr(v) for v in e.values]
        variant, owner = e.item.variant, e.item.owner
        if e.order is None:
            return lambda frame: StructValue([v(frame) for v in values], variant, owner)
        placed = list(zip(e.order, values, strict=True))
        n = len(e.item.fields)

        def struct(frame: list) -> StructValue:
            fields: list[Any] = [None] * n
            for index, value in placed:  # in the order written, as Rust evaluates them
                fields[index] = value(frame)
            return StructValue(fields, variant, owner)

        return struct

    def c_TupleLit(self, e: TupleLit) -> Code:  # noqa: N802
        elems = [self.expr(x) for x in e.elems]
        return lambda frame: tuple([x(frame) for x in elems])

    def c_Method(self, e: Method) -> Code:  # noqa: N802
        if e.impl.family == DYN.family:
            return self.dyn_method(e)
        if e.impl is not USER:
            return super().c_Method(e)
        assert e.user is not None
        if std_generics.is_generic(e.user):  # a method of `impl<T: Default> Acc<T>`
            return std_generics.method_instance(self, e)
        recv = self.expr(e.recv)
        args = [self.expr(a) for a in e.args]
        cell = self.fn_cells[e.user.name]
        return lambda frame: cell[0]([recv(frame), *[a(frame) for a in args]])
