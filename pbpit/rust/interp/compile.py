"""Evaluation: the checked tree compiled into Python closures that run on pbpit's engine.

Every expression becomes a function of its frame (a list: slot 0 the enclosing frame, then one
slot per binding). Types are final by now, so each closure is specialised once: f32 or f64
arithmetic, the integer width whose overflow panics, the formatter of each placeholder. What
only types reveal as outside the subset is refused here, still before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from pbpit.engine.int_tensor import IntTensor
from pbpit.engine.tensor import Tensor
from pbpit.rust.format import Some
from pbpit.rust.interp import iterators, traits
from pbpit.rust.interp.format import FormatError, Spec, formatter
from pbpit.rust.interp.library import Library
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Assert,
    AssertEq,
    Assign,
    Binary,
    Block,
    Break,
    Call,
    Cast,
    Closure,
    ConstItem,
    ConstRef,
    Continue,
    Crate,
    Expr,
    Field,
    FnItem,
    FnScope,
    For,
    Format,
    If,
    IfLet,
    Index,
    Let,
    Lit,
    Local,
    Loop,
    Match,
    Method,
    PanicMacro,
    Pat,
    Pos,
    Print,
    RangeLit,
    Return,
    SomeLit,
    StructLit,
    TupleLit,
    Unary,
    Unsupported,
    Visible,
    While,
)
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
    cast,
    checked,
    f32,
    fdiv,
    frem,
    int_div,
    int_rem,
    literal,
)
from pbpit.rust.interp.ordering import MAX_RUST_CALLS, TOO_DEEP, comparison
from pbpit.rust.interp.runtime import (
    UNIT,
    UNSET,
    BreakSignal,
    Code,
    ContinueSignal,
    ReturnSignal,
    Runtime,
    StructValue,
    check_allocation,
    clone_value,
    comparable,
    engine_scalar,
    holds_vec,
    rust_eq,
)
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    STRING,
    Named,
    ParamT,
    StructT,
    TensorT,
    Ty,
    backend_of,
    resolve,
    show,
)


def concat(text: str, more: str) -> str:
    """`s += "x"` on a `String`."""
    return text + more


def snapshot(frame: list) -> list:
    """A copy of `frame` and of the frames enclosing it (slot 0), as a `move` closure takes."""
    top = frame = frame.copy()
    while frame[0] is not None:
        frame[0] = frame[0].copy()
        frame = frame[0]
    return top


# -- traits used for dispatch: methods found at run time, type parameters' types ------------------


class DispatchCompiler:
    """The compiler's rules for traits used for dispatch (a part of `Compiler`): a method on a
    `T: Shape` or `dyn Shape` value runs the method of the value's struct; a generic call
    pushes the types it gives its type parameters, read by `T::NAME` and `T::new(..)`."""

    def init_dispatch(self: Any) -> None:
        self.type_args: list[dict[ParamT, Any]] = [{}]  # per generic call: `T` -> its struct

    def item_of(self: Any, ty: Ty) -> Callable[[], Any]:
        """The struct a call's type for `T` is: known now, or the caller's own parameter's."""
        ty = resolve(ty)
        if type(ty) is StructT:
            item = ty.item
            return lambda: item
        stack = self.type_args
        return lambda: stack[-1].get(ty)

    def generic_call(self: Any, e: Call) -> Code:
        mapping = [(param, self.item_of(ty)) for param, ty in e.type_args.items()]
        e.type_args = {}
        call = self.c_Call(e)
        stack = self.type_args

        def generic(frame: list) -> Any:
            types = {param: item() for param, item in mapping}
            stack.append(types)
            try:
                return call(frame)
            finally:
                stack.pop()

        return generic

    def method_cell(self: Any, item: Any, name: str) -> list:
        fn = item.methods.get(name)
        if fn is None:
            raise Unsupported(self.where((0, 0)), f"the method `{name}` of `{item.name}`")
        return self.fn_cells[fn.name]

    def dyn_method(self: Any, e: Method) -> Code:
        recv = self.expr(e.recv)
        if e.impl == "dyn.as_ref":
            return recv
        args = [self.expr(a) for a in e.args]
        name, cells = e.name, {}

        def dispatch(frame: list) -> Any:
            value = recv(frame)
            cell = cells.get(value.item)
            if cell is None:
                cell = cells[value.item] = self.method_cell(value.item, name)
            return cell[0]([value, *[a(frame) for a in args]])

        return dispatch

    def c_BoxNew(self: Any, e: traits.BoxNew) -> Code:  # noqa: N802
        return self.expr(e.value)

    def c_FnRef(self: Any, e: traits.FnRef) -> Code:  # noqa: N802
        cell = self.fn_cells[e.fn.name]

        def function(*args: Any) -> Any:
            return cell[0](list(args))

        return lambda frame: function

    def c_FloatFn(self: Any, e: traits.FloatFn) -> Code:  # noqa: N802
        _, on_f32, on_f64 = FLOAT_METHODS[e.name]
        function = on_f32 if e.owner == "f32" else on_f64
        return lambda frame: function

    def c_AssocConst(self: Any, e: traits.AssocConst) -> Code:  # noqa: N802
        stack, name, cells, codes = self.type_args, e.name, self.const_cells, self.const_code
        param = e.param

        def const(frame: list) -> Any:
            key = f"{stack[-1][param].name}::{name}"
            cell = cells[key]
            if cell[0] is UNSET:
                cell[0] = codes[key](frame)
            return cell[0]

        return const

    def c_AssocCall(self: Any, e: traits.AssocCall) -> Code:  # noqa: N802
        stack, name, param = self.type_args, e.name, e.param
        args = [self.expr(a) for a in e.args]

        def call(frame: list) -> Any:
            cell = self.method_cell(stack[-1][param], name)
            return cell[0]([a(frame) for a in args])

        return call


class Compiler(Library, DispatchCompiler):
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
        for name, item in self.crate.consts.items():
            self.const_code[name] = self.const_value(item)
        for name, fn in self.crate.fns.items():
            self.fn_cells[name][0] = self.plain_fns[name] = self.function(fn)

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

        def closure(frame: list) -> Callable[..., Any]:
            # A `move` closure owns copies of what it captures, from every enclosing closure's
            # frame too; others see the frames themselves.
            parent = snapshot(frame) if is_move else frame
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
        return getattr(self, "c_" + type(e).__name__)(e)

    def block(self, e: Block) -> Code:
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

        return run

    c_Block = block  # noqa: N815

    def let(self, stmt: Let) -> Code:
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
        if isinstance(e.target, Field):
            return self.field_assign(e, e.target)
        if isinstance(e.target, Index):
            return self.index_assign(e, e.target)
        store = self.setter(e.target)
        value = self.expr(e.value)
        if e.op is None:

            def assign(frame: list) -> Any:
                store(frame, value(frame))
                return UNIT

            return assign
        current = self.expr(e.target)
        op = self.arithmetic(e.op, e.target.ty, e.pos) if e.target.ty is not STRING else concat

        def update(frame: list) -> Any:
            store(frame, op(current(frame), value(frame)))
            return UNIT

        return update

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
        return lambda frame: [x(frame) for x in elems]

    def c_ArrayRepeat(self, e: ArrayRepeat) -> Code:  # noqa: N802
        elem, count = self.expr(e.elem), self.expr(e.count)
        where = self.where(e.pos)
        what = "a `Vec`" if e.is_vec else "an array"
        if holds_vec(e.elem.ty):
            # `vec![v; n]` clones `v`: each element its own Vec (a later `push` changes one).
            def repeat_clones(frame: list) -> list:
                value, n = elem(frame), count(frame)
                check_allocation(n, where, what)
                return [clone_value(value) for _ in range(n - 1)] + [value] if n else []

            return repeat_clones

        def repeat(frame: list) -> list:
            value, n = elem(frame), count(frame)
            check_allocation(n, where, what)
            return [value] * n

        return repeat

    def c_RangeLit(self, e: RangeLit) -> Code:  # noqa: N802
        lo, hi = self.expr(e.lo), self.expr(e.hi)
        if e.inclusive:
            return lambda frame: range(lo(frame), hi(frame) + 1)
        return lambda frame: range(lo(frame), hi(frame))

    def c_Index(self, e: Index) -> Code:  # noqa: N802
        base, index = self.expr(e.base), self.expr(e.index)
        # rustc 1.95: an array's built-in bounds check panics at the whole expression, `Vec`'s
        # `Index::index` at the `[` (the span it gives the `#[track_caller]` call).
        is_vec = resolve(e.base.ty).kind == "Vec"  # type: ignore[attr-defined]
        site = self.panic_site(e.bracket if is_vec else e.pos)

        def get(frame: list) -> Any:
            items, i = base(frame), index(frame)
            if i >= len(items):
                raise site.panic(
                    f"index out of bounds: the len is {len(items)} but the index is {i}"
                )
            return items[i]

        return get

    # -- operators --------------------------------------------------------------------------------

    def arithmetic(self, op: str, ty: Ty, pos: Pos) -> Callable[[Any, Any], Any]:
        name = resolve(ty).name  # type: ignore[attr-defined]
        if name == "f32":
            return {
                "+": lambda a, b: f32(a + b),
                "-": lambda a, b: f32(a - b),
                "*": lambda a, b: f32(a * b),
                "/": lambda a, b: f32(fdiv(a, b)),
                "%": frem,
            }[op]
        if name == "f64":
            return {
                "+": lambda a, b: a + b,
                "-": lambda a, b: a - b,
                "*": lambda a, b: a * b,
                "/": fdiv,
                "%": frem,
            }[op]
        lo, hi = INT_RANGES[name]
        if op == "/":
            return self.panicking(lambda a, b: int_div(a, b, lo, hi), pos)
        if op == "%":
            return self.panicking(lambda a, b: int_rem(a, b, lo, hi), pos)
        site = self.panic_site(pos)
        what = {"+": "add", "-": "subtract", "*": "multiply"}[op]
        combine = {"+": int.__add__, "-": int.__sub__, "*": int.__mul__}[op]

        def int_op(a: int, b: int) -> int:
            value = combine(a, b)
            if value < lo or value > hi:
                raise site.panic(f"attempt to {what} with overflow")
            return value

        return int_op

    def c_Binary(self, e: Binary) -> Code:  # noqa: N802
        left, right = self.expr(e.left), self.expr(e.right)
        op, kind = e.op, e.kind
        if kind == "logic":
            if op == "&&":
                return lambda frame: left(frame) and right(frame)
            return lambda frame: left(frame) or right(frame)
        if kind == "eq":
            if not comparable(e.left.ty):
                raise self.fail(e.pos, f"`{op}` on `{show(e.left.ty)}`")
            if type(resolve(e.left.ty)) is Named:
                if op == "==":
                    return lambda frame: left(frame) == right(frame)
                return lambda frame: left(frame) != right(frame)
            if op == "==":
                return lambda frame: rust_eq(left(frame), right(frame))
            return lambda frame: not rust_eq(left(frame), right(frame))
        if kind == "cmp":
            compare = {
                "<": lambda a, b: a < b,
                ">": lambda a, b: a > b,
                "<=": lambda a, b: a <= b,
                ">=": lambda a, b: a >= b,
            }[op]
            return lambda frame: compare(left(frame), right(frame))
        if kind == "order":  # rustfix: `PartialOrd` of str, Option, Vec, arrays (ordering.py)
            ordered = comparison(op)
            return lambda frame: ordered(left(frame), right(frame))
        if kind == "concat":  # rustfix: `String + &str`
            return lambda frame: left(frame) + right(frame)
        if kind == "num":
            arith = self.arithmetic(op, e.ty, e.pos)
            return lambda frame: arith(left(frame), right(frame))
        return self.tensor_binary(e, left, right)

    def tensor_binary(self, e: Binary, left: Code, right: Code) -> Code:
        op, kind = e.op, e.kind
        name = {"+": "add", "-": "sub", "*": "mul", "/": "div"}[op]
        engine = self.engine(e.pos)
        if resolve(e.ty).kind == "Int":  # type: ignore[attr-defined]  # Burn's Numeric Int ops
            method = getattr(IntTensor, name if kind == "tensor" else name + "_scalar")
            return lambda frame: engine(method, left(frame), right(frame))
        if kind == "tensor":
            method = getattr(Tensor, name)
            return lambda frame: engine(method, left(frame), right(frame))
        if kind == "tensor-scalar":
            method = getattr(Tensor, name + "_scalar")
            to_scalar = engine_scalar(e.right.ty)
            return lambda frame: engine(method, left(frame), to_scalar(right(frame)))
        scalar_ty = resolve(e.left.ty).name  # type: ignore[attr-defined]
        allowed = ("f32", "f64") if op == "/" else ("f32", "f64", "i32", "i64", "u32", "u64")
        if scalar_ty not in allowed:
            raise self.fail(e.pos, f"cannot apply `{op}` to `{scalar_ty}` and a tensor")
        to_scalar = engine_scalar(e.left.ty)
        # As Burn implements `c + x`, `c * x`, `c - x`, `c / x` (the last two: two ops).
        scalar_first: dict[str, Callable[[Tensor, float], Tensor]] = {
            "+": Tensor.add_scalar,
            "*": Tensor.mul_scalar,
            "-": lambda t, c: t.neg().add_scalar(c),
            "/": lambda t, c: t.recip().mul_scalar(c),
        }
        method = scalar_first[op]

        def scalar_tensor(frame: list) -> Tensor:
            scalar = to_scalar(left(frame))
            return engine(method, right(frame), scalar)

        return scalar_tensor

    def c_Unary(self, e: Unary) -> Code:  # noqa: N802
        if e.op == "*":
            return self.expr(e.operand)
        if e.op == "!":
            operand = self.expr(e.operand)
            return lambda frame: not operand(frame)
        ty = resolve(e.ty)
        if type(ty) is TensorT:
            operand = self.expr(e.operand)
            engine = self.engine(e.pos)
            neg = IntTensor.neg if ty.kind == "Int" else Tensor.neg
            return lambda frame: engine(neg, operand(frame))
        name = ty.name  # type: ignore[attr-defined]
        if isinstance(e.operand, Lit) and e.operand.kind in ("int", "float"):
            if name in INT_RANGES and INT_RANGES[name][0] == 0:
                raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{name}`")
            value = self.literal(e.operand, negate=True)
            return lambda frame: value
        operand = self.expr(e.operand)
        if name in FLOAT_NAMES:
            return lambda frame: -operand(frame)
        lo, hi = INT_RANGES[name]
        if lo == 0:
            raise self.fail(e.pos, f"cannot apply unary operator `-` to type `{name}`")
        negate = self.panicking(lambda a: checked(-a, lo, hi, "negate"), e.pos)
        return lambda frame: negate(operand(frame))

    def c_Cast(self, e: Cast) -> Code:  # noqa: N802
        operand = self.expr(e.operand)
        source = resolve(e.operand.ty).name  # type: ignore[attr-defined]
        target = resolve(e.ty).name  # type: ignore[attr-defined]
        if source == target:
            return operand
        return lambda frame: cast(operand(frame), source, target)

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

    # -- macros -----------------------------------------------------------------------------------

    def c_Format(self, e: Format) -> Callable[[list], str]:  # noqa: N802
        args = [self.expr(a) for a in e.args]
        parts: list[str | tuple[int, Callable[[Any], str]]] = []
        for piece in e.pieces:
            if isinstance(piece, str):
                parts.append(piece)
                continue
            assert isinstance(piece.arg, int)
            arg = e.args[piece.arg]
            try:
                parts.append((piece.arg, formatter(arg.ty, piece, self.backend)))
            except FormatError as err:
                raise self.fail(arg.pos, str(err)) from None
        if len(parts) == 1 and isinstance(parts[0], str):
            text = parts[0]
            return lambda frame: text

        where = self.where(e.pos)

        def format_(frame: list) -> str:
            values = [a(frame) for a in args]
            try:
                return "".join(p if type(p) is str else p[1](values[p[0]]) for p in parts)
            except ValueError as err:  # a char whose `{:?}` depends on the Unicode version
                raise Unsupported(where, str(err)) from None

        return format_

    def c_Print(self, e: Print) -> Code:  # noqa: N802
        text = self.c_Format(e.fmt)
        end = "\n" if e.newline else ""
        rt = self.rt
        to_stderr = e.to_stderr

        def print_(frame: list) -> Any:
            (rt.stderr if to_stderr else rt.stdout).write(text(frame) + end)
            return UNIT

        return print_

    def c_PanicMacro(self, e: PanicMacro) -> Code:  # noqa: N802
        text = self.c_Format(e.fmt) if e.fmt is not None else (lambda frame: "")
        site, prefix = self.panic_site(e.pos), e.prefix

        def panic(frame: list) -> Any:
            raise site.panic(prefix + text(frame))

        return panic

    def c_Assert(self, e: Assert) -> Code:  # noqa: N802
        cond = self.expr(e.cond)
        default = f"assertion failed: {e.text}"
        text = self.c_Format(e.fmt) if e.fmt is not None else (lambda frame: default)
        where, site = self.where(e.pos), self.panic_site(e.pos)
        if e.fmt is None and e.text is None:

            def text(frame: list) -> str:
                raise Unsupported(
                    where,
                    "the message of this failed `assert!`: rustc re-prints the condition, "
                    "and pbpit cannot for this one (too long for one line, or a construct it "
                    "does not re-print); give `assert!` a message",
                )

        def assert_(frame: list) -> Any:
            if not cond(frame):
                raise site.panic(text(frame))
            return UNIT

        return assert_

    def c_AssertEq(self, e: AssertEq) -> Code:  # noqa: N802
        left, right = self.expr(e.left), self.expr(e.right)
        if not comparable(e.left.ty):
            raise self.fail(e.pos, f"`assert_eq!` on `{show(e.left.ty)}`")
        try:
            debug = formatter(e.left.ty, Spec(None, debug=True))
        except FormatError as err:
            raise self.fail(e.left.pos, str(err)) from None
        message = self.c_Format(e.fmt) if e.fmt is not None else None
        where, site, equal = self.where(e.pos), self.panic_site(e.pos), e.equal
        head = "assertion `left == right` failed" if equal else "assertion `left != right` failed"

        def assert_eq(frame: list) -> Any:
            a, b = left(frame), right(frame)
            if rust_eq(a, b) != equal:
                text = head + (f": {message(frame)}" if message is not None else "")
                try:
                    shown = f"\n  left: {debug(a)}\n right: {debug(b)}"
                except ValueError as err:  # a char whose `{:?}` depends on the Unicode version
                    raise Unsupported(where, str(err)) from None
                raise site.panic(text + shown)
            return UNIT

        return assert_eq

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

    def c_Field(self, e: Field) -> Code:  # noqa: N802
        base, index = self.expr(e.base), e.index
        if e.base.ty is not None and type(resolve(e.base.ty)).__name__ == "TupleT":
            return lambda frame: base(frame)[index]
        return lambda frame: base(frame).fields[index]

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
        op = self.arithmetic(e.op, target.ty, e.pos)

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
        op = self.arithmetic(e.op, target.ty, e.pos)

        def compound(frame: list) -> Any:
            new = value(frame)
            update(frame, lambda old: op(old, new))
            return UNIT

        return compound

    def element_updater(self, e: Expr) -> Callable[[list, Callable[[Any], Any]], None]:
        """How to replace the value at the place `e` (a variable, a struct's field, an element)
        by a function of it."""
        if isinstance(e, Local):
            read, store = self.expr(e), self.setter(e)
            return lambda frame, change: store(frame, change(read(frame)))
        if isinstance(e, Field):
            base, field = self.expr(e.base), e.index

            def in_field(frame: list, change: Callable[[Any], Any]) -> None:
                struct = base(frame)
                struct.fields[field] = change(struct.fields[field])

            return in_field
        assert isinstance(e, Index)
        index = self.expr(e.index)
        is_vec = resolve(e.base.ty).kind == "Vec"  # type: ignore[attr-defined]
        site = self.panic_site(e.bracket if is_vec else e.pos)

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

    def c_Method(self, e: Method) -> Code:  # noqa: N802
        if e.impl.startswith("dyn"):
            return self.dyn_method(e)
        if e.impl != "user":
            return super().c_Method(e)
        assert e.user is not None
        recv = self.expr(e.recv)
        args = [self.expr(a) for a in e.args]
        cell = self.fn_cells[e.user.name]
        return lambda frame: cell[0]([recv(frame), *[a(frame) for a in args]])

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

    # -- iterator chains (iterators.py): adapters stay lazy, consumers pull ----------------------

    def m_Iter(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:  # noqa: N802
        where = self.where(e.pos)
        if name == "rev":
            return lambda frame: iterators.reversed_(recv(frame), where)
        if name == "step_by":
            (step,) = args
            on_sequence = super().m_Range

            def step_by(frame: list) -> Any:
                items, n = recv(frame), step(frame)
                if type(items) is iterators.Lazy and n:
                    return iterators.stepped(items, n)
                return on_sequence(e, name, lambda _: items, [lambda _: n])(frame)

            return step_by
        adapters: dict[str, Callable[..., Any]] = {
            "map": iterators.mapped, "filter": iterators.filtered,
            "enumerate": iterators.enumerated, "zip": iterators.zipped,
            "position": iterators.position, "reduce": iterators.reduce,
        }
        if name in ("map", "filter", "enumerate", "zip", "position", "reduce"):
            adapter = adapters[name]
            return lambda frame: adapter(recv(frame), *[a(frame) for a in args])
        if name in ("any", "all"):
            (test,) = args
            pick = any if name == "any" else all
            return lambda frame: pick(map(test(frame), iterators.lazy(recv(frame))))
        if name == "for_each":
            (function,) = args

            def for_each(frame: list) -> Any:
                f = function(frame)
                for item in iterators.lazy(recv(frame)):
                    f(item)
                return UNIT

            return for_each
        if name in ("skip", "take"):
            (n,) = args
            return lambda frame: iterators.sliced(recv(frame), name, n(frame))
        if name in ("cloned", "copied"):
            return lambda frame: iterators.mapped(recv(frame), clone_value)
        if name in ("count", "len"):
            return lambda frame: iterators.count(recv(frame))
        if name == "last":
            return lambda frame: iterators.last(recv(frame))
        if name == "collect":
            return lambda frame: list(iterators.lazy(recv(frame)))
        if name == "fold":
            init, function = args

            def fold(frame: list) -> Any:
                acc, f = init(frame), function(frame)
                for item in iterators.lazy(recv(frame)):
                    acc = f(acc, item)
                return acc

            return fold
        if name in ("sum", "product"):
            return self.accumulate(e, name, recv)
        raise self.fail(e.pos, f"the method `{name}`")

    m_Range = m_Iter  # noqa: N815 - `(0..n).map(..)`: a range is an iterator

    # -- iterators.py's methods: `next`, `peekable`, `chain`, `windows`, `max_by`... -----------

    def m_iterators(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        return iterators.compile_method(self, e, name, recv, args)

    def accumulate(self, e: Method, name: str, recv: Code) -> Code:
        """`sum()`/`product()` as core's `Sum`/`Product` for numbers: floats start at -0.0 (or
        1), rounding each step; integers panic on overflow inside core's library."""
        ty = resolve(e.ty)
        op = "+" if name == "sum" else "*"
        if ty.name in FLOAT_NAMES:  # type: ignore[attr-defined]
            combine = self.arithmetic(op, ty, e.pos)
            start: Any = -0.0 if name == "sum" else 1.0

            def floats(frame: list) -> Any:
                acc = start
                for item in iterators.lazy(recv(frame)):
                    acc = combine(acc, item)
                return acc

            return floats
        lo, hi = INT_RANGES[ty.name]  # type: ignore[attr-defined]
        where = self.where(e.pos)
        what = "add" if name == "sum" else "multiply"

        def ints(frame: list) -> Any:
            acc = 0 if name == "sum" else 1
            for item in iterators.lazy(recv(frame)):
                acc = acc + item if name == "sum" else acc * item
                if acc < lo or acc > hi:
                    raise Unsupported(
                        where,
                        f"`{name}` panics here (attempt to {what} with overflow) inside Rust's "
                        "core library, at a location that depends on the Rust toolchain",
                    )
            return acc

        return ints

