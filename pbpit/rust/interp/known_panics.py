"""The integer operations that rustc refuses to compile because they would always panic.

rustc propagates constants through each function body (its `KnownPanicsLint`) and rejects an
operation whose operands it knows and that would panic: `let x: u8 = 255 + 1;` is the error
`this arithmetic operation will overflow` (lint `arithmetic_overflow`), `1 / 0` and `[1, 2][5]`
are `this operation will panic at runtime` (`unconditional_panic`). Both lints deny by default,
so such a program has no output to reproduce: pbpit refuses it before running, where it would
otherwise panic.

pbpit knows fewer values than rustc, and refuses a subset of what rustc rejects, never more:
it knows integer and bool literals, `i32::MAX`-like constants, `const` items, immutable `let`
bindings of such values in the same body, and `+ - * / %`, `& | ^ << >>`, unary `-` and `!`,
comparisons, `&&`, `||`, integer `as` casts and blocks of them. A closure's body starts knowing
nothing (its captures are not constants to rustc either); a mutable variable is never known.
rustc does not check a branch it knows is not taken (`if false { .. }`): pbpit checks inside an
`if` or `while` only when it knows the condition too, since rustc may know a condition pbpit
does not, or when the condition reads only what rustc cannot know either: parameters, `for`
variables, variables assigned again or borrowed `&mut` (`while n != 1 { n = if n % 2 == 0 {
n / 0 } .. }` is `unconditional_panic`).
"""

from __future__ import annotations

import re

from pbpit.rust.interp import item_refs, references
from pbpit.rust.interp.nodes import (
    AssertEq,
    Assign,
    Binary,
    Binding,
    Block,
    Call,
    Cast,
    Closure,
    ConstItem,
    ConstRef,
    Crate,
    Expr,
    ExprStmt,
    Field,
    For,
    Format,
    If,
    IfLet,
    Index,
    Let,
    Lit,
    Local,
    Match,
    Method,
    Pat,
    Unary,
    Unsupported,
    While,
    children,
    rules,
)
from pbpit.rust.interp.numbers import cast
from pbpit.rust.interp.types import INT_RANGES, Named, Wrap, resolve

OVERFLOW = "this arithmetic operation will overflow (rustc rejects it: `arithmetic_overflow`)"
PANIC = "this operation will panic at runtime (rustc rejects it: `unconditional_panic`)"
LITERAL = "rustc rejects it: `overflowing_literals`"


class KnownPanics:
    """Walks each body of a checked crate with the constants it knows: each expression kind by
    its `v_Kind` method, or by the method `DEFAULTS` names for it (`nodes.rules`)."""

    # Kinds whose value pbpit does not know: their sub-expressions are checked, in order.
    DEFAULTS = {
        name: "v_children"
        for name in (
            "Call Static Method Assign Loop For Break Continue Return ArrayLit ArrayRepeat "
            "RangeLit SomeLit StructLit TupleLit Field Format Print PanicMacro Assert AssertEq "
            "FnRef FloatFn BoxNew AssocConst AssocCall"
        ).split()
    }

    def __init__(self, crate: Crate) -> None:
        self.crate = crate
        self.known: dict[Binding, int | bool] = {}
        self.consts: dict[str, int | bool | None] = {}
        self.params: frozenset[Binding] = frozenset()  # the function's: never known to rustc
        self.unknowable: frozenset[Binding] = frozenset()  # (`opaque`)
        self.rules = rules(KnownPanics, "v_")

    def fail(self, e: Expr, what: str, label: str = "") -> Unsupported:
        err = Unsupported(f"{self.crate.path}:{e.pos[0]}:{e.pos[1]}", what)
        err.label = label  # rustc's, under the operation
        return err

    def run(self) -> None:
        # rustc rejects an integer literal out of its type's range first (a lint of its type
        # check, `overflowing_literals`): the operations of a file with one are not checked.
        for item in self.crate.consts.values():
            self.literals(item.value)
        for fn in self.crate.fns.values():
            self.literals(fn.body)
        for item in self.crate.consts.values():
            self.const_value(item)
        for fn in self.crate.fns.values():
            assert fn.body is not None
            self.params = frozenset(b for b in fn.params if b is not None)
            self.unknowable = self.params | _unknowable(fn.body)
            self.body(fn.body)

    def literals(self, node: object) -> None:
        """`overflowing_literals` at the first decimal integer literal out of its type's range
        in `node` (a negated literal, `-128i8`, is read with its sign, as rustc reads it)."""
        stack = [node]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            if isinstance(node, Pat) and node.kind == "range":
                self.range_end(node.value)
                self.range_end(node.hi)
                self.empty_range(node)
            if isinstance(node, Unary) and node.op == "-" and isinstance(node.operand, Lit):
                self.literal(node, node.operand, negated=True)
            elif isinstance(node, Lit):
                self.literal(node, node, negated=False)
            else:
                stack.extend(reversed(list(children(node))))

    def literal(self, at: Expr, lit: Lit, negated: bool) -> None:
        name = _int_type(lit.ty)
        if lit.kind != "int" or name is None:
            return
        value = -lit.value if negated else lit.value
        lo, hi = INT_RANGES[name]
        if lo <= value <= hi:
            return
        line = self.crate.source.lines[lit.pos[0] - 1][lit.pos[1] - 1 :]
        written = re.match(r"[0-9][0-9_]*(?:[iu](?:8|16|32|64|128|size))?\b", line)
        if written is None:
            return  # `0x1ff`: rustc's words differ; the compiler refuses it
        text = ("-" if negated else "") + written.group()
        err = self.fail(at, f"literal out of range for `{name}` ({LITERAL})")
        err.end = (at.pos[0], at.pos[1] + len(text))  # the literal, not what it starts
        err.notes = [
            f"the literal `{text}` does not fit into the type `{name}` whose range is `{lo}..={hi}`"
        ]
        err.help = _fitting_type(name, abs(value), negated)
        raise err

    def range_end(self, end: Expr | None) -> None:
        """An end of a range pattern out of its type's range (`1..=4294967295` of an `i32`):
        an error of rustc's pattern check, not the `overflowing_literals` lint."""
        value = _int_literal(end)
        lit = end.operand if isinstance(end, Unary) else end
        name = _int_type(lit.ty) if isinstance(lit, Lit) else None
        if value is None or name is None or end is None:
            return
        lo, hi = INT_RANGES[name]
        if lo <= value <= hi:
            return
        err = self.fail(end, f"literal out of range for `{name}` (rustc rejects it)")
        err.end = (end.pos[0], end.pos[1] + len(str(value)))
        err.label = f"this value does not fit into the type `{name}` whose range is `{lo}..={hi}`"
        raise err

    def empty_range(self, p: Pat) -> None:
        """`9..=5` or `5..5` as a pattern of integer literals: no value matches it, rustc's
        E0030 (E0579 for `..`), an error of its type check."""
        lo, hi = _int_literal(p.value), _int_literal(p.hi)
        if lo is None or hi is None or (lo <= hi if p.inclusive else lo < hi):
            return
        if p.inclusive:
            what = "lower bound for range pattern must be less than or equal to upper bound"
            code = "E0030"
        else:
            what, code = "lower bound for range pattern must be less than upper bound", "E0579"
        err = Unsupported(f"{self.crate.path}:{p.pos[0]}:{p.pos[1]}", f"{what} ({_rejects(code)})")
        assert p.hi is not None
        line, column = p.hi.pos
        written = re.match(
            r"-?[0-9][0-9_]*(?:[iu](?:8|16|32|64|128|size))?",
            (self.crate.source.lines[line - 1][column - 1 :]),
        )
        if written is not None:
            err.end = (line, column + len(written.group()))  # the pattern, not its arm
        if p.inclusive:
            err.label = "lower bound larger than upper bound"
        raise err

    def body(self, e: Expr) -> int | bool | None:
        saved, self.known = self.known, {}
        try:
            return self.value(e)
        finally:
            self.known = saved

    def const_value(self, item: ConstItem) -> int | bool | None:
        if item.name not in self.consts:
            self.consts[item.name] = None  # a const referring to itself: rustc's own error
            assert item.value is not None
            self.consts[item.name] = self.body(item.value)
        return self.consts[item.name]

    # -- values -----------------------------------------------------------------------------------

    def value(self, e: Expr | None) -> int | bool | None:
        """The value of `e` when it is an integer or bool pbpit knows, else None; checks every
        operation inside it that runs unless a condition rustc knows says otherwise."""
        if e is None or not isinstance(e, Expr):
            return None
        rule = self.rules.get(type(e))
        if rule is None:  # a kind `DEFAULTS` does not name either: tests/test_node_kinds.py
            raise TypeError(f"known_panics: no rule for a {type(e).__name__} expression")
        return getattr(self, rule)(e)

    def v_children(self, e: Expr) -> None:
        for child in children(e):
            self.value(child)

    def v_Lit(self, e: Lit) -> int | bool | None:  # noqa: N802 - named after the node class
        if e.kind == "bool":
            return e.value
        if _int_type(e.ty) is None or e.kind not in ("int", "value"):
            return None
        return e.value

    def v_Local(self, e: Local) -> int | bool | None:  # noqa: N802
        return self.known.get(e.binding)

    def v_ConstRef(self, e: ConstRef) -> int | bool | None:  # noqa: N802
        return self.const_value(e.item)

    def v_Block(self, e: Block) -> int | bool | None:  # noqa: N802
        for stmt in e.stmts:
            if isinstance(stmt, Let):
                value = self.value(stmt.init)
                binding = stmt.binding
                if binding is not None and not binding.mutable and value is not None:
                    if binding not in self.unknowable:  # (borrowed: `_unknowable`)
                        self.known[binding] = value
            else:
                assert isinstance(stmt, ExprStmt)
                self.value(stmt.expr)
        return self.value(e.tail)

    def v_Closure(self, e: Closure) -> None:  # noqa: N802
        self.body(e.body)

    def v_Unary(self, e: Unary) -> int | bool | None:  # noqa: N802
        value = self.value(e.operand)
        name = _int_type(e.ty)
        if e.op == "!":
            if isinstance(value, bool) or value is None or name is None:
                return (not value) if isinstance(value, bool) else None
            lo, hi = INT_RANGES[name]
            return hi - value if lo == 0 else ~value  # bitwise not
        if e.op != "-" or value is None or name is None:
            return None
        lo, hi = INT_RANGES[name]
        if not lo <= -value <= hi:
            shown = _const(value, name)
            raise self.fail(e, OVERFLOW, f"attempt to negate `{shown}`, which would overflow")
        return -value

    def v_Cast(self, e: Cast) -> int | None:  # noqa: N802
        value = self.value(e.operand)
        source, target = _int_type(e.operand.ty), _int_type(e.ty)
        if value is None or source is None or target is None:
            return None
        return cast(value, source, target)  # type: ignore[return-value]

    def v_Index(self, e: Index) -> None:  # noqa: N802
        self.value(e.base)
        index = self.value(e.index)
        base = resolve(e.base.ty)
        if type(base) is Wrap and base.kind == "array" and base.size is not None:
            if index is not None and index >= base.size:
                label = f"index out of bounds: the length is {base.size} but the index is {index}"
                raise self.fail(e, PANIC, label)

    # A branch rustc knows is never taken (`if false`) is not checked; nor, to refuse no
    # program rustc accepts, one behind a condition pbpit does not know (rustc may).

    def v_If(self, e: If) -> None:  # noqa: N802
        cond = self.value(e.cond)
        either = cond is None and self.opaque(e.cond)
        if cond is True or cond is None:
            self.branch(e.then, cond is True or either)
        if cond is False or cond is None:
            self.branch(e.els, cond is False or either)

    def v_IfLet(self, e: IfLet) -> None:  # noqa: N802
        self.value(e.value)

    def v_While(self, e: While) -> None:  # noqa: N802
        cond = self.value(e.cond)
        self.branch(e.body, cond is True or (cond is None and self.opaque(e.cond)))

    def opaque(self, cond: Expr | None) -> bool:
        """Whether rustc cannot know `cond` either: operators, casts and literals over at least
        one variable or call, each variable a parameter, a `for` variable or one assigned again
        (`unknowable`), each call's result (`v.len() > 5`) unknown to rustc's propagation."""
        seen = False
        stack = [cond]
        while stack:
            e = stack.pop()
            if isinstance(e, Local):
                if e.binding not in self.unknowable:
                    return False
                seen = True
            elif isinstance(e, Method | Call):
                seen = True  # a call's result: rustc's propagation does not enter calls
            elif isinstance(e, Binary) and e.kind == "logic":
                return False  # (`n > 3 && false`: rustc knows the branch is not taken)
            elif isinstance(e, Binary | Unary | Cast):
                stack.extend(children(e))
            elif not isinstance(e, Lit):
                return False
        return seen

    # A `match` on a value pbpit knows runs the arm its patterns pick; on a parameter (or a
    # value `opaque` to rustc), which rustc cannot know either, any arm up to the first
    # catch-all may run. On anything else
    # rustc may know the value (a `Some(1)` in a variable) and skip arms: none is checked.

    def v_Match(self, e: Match) -> None:  # noqa: N802
        value = self.value(e.value)
        if value is not None:
            for arm in e.arms:
                matched = self.matches(arm.pat, value)
                if matched and arm.guard is not None:
                    matched = self.value(arm.guard) if matched is True else None
                if matched is None or not isinstance(matched, bool):
                    return  # an arm pbpit cannot decide: which one runs is not known
                if matched:
                    self.branch(arm.body, True)
                    return
            return
        # (a `for` variable, a parameter, one assigned again: rustc cannot know it either)
        if not (isinstance(e.value, Local) and e.value.binding in self.params) and not (
            self.opaque(e.value)
        ):
            return
        for arm in e.arms:
            self.branch(arm.guard, True)
            self.branch(arm.body, True)
            if arm.guard is None and _catch_all(arm.pat):
                return  # a catch-all: the arms after it never run

    def matches(self, p: Pat, value: int | bool) -> bool | None:
        """Whether the known `value` matches `p`, or None if pbpit cannot tell."""
        if p.kind == "wild" or (p.kind == "bind" and not p.subs):
            return True
        if p.kind == "bind":
            return self.matches(p.subs[0], value)
        if p.kind == "lit":
            lit = self.value(p.value)
            return None if lit is None else lit == value
        if p.kind == "range":
            lo, hi = self.value(p.value), self.value(p.hi)
            if lo is None or hi is None:
                return None
            return lo <= value <= hi if p.inclusive else lo <= value < hi
        if p.kind == "or":
            found = [self.matches(q, value) for q in p.subs]
            if True in found:
                return True
            return None if None in found else False
        return None

    def branch(self, e: Expr | None, taken: bool) -> None:
        if taken:
            saved, self.known = self.known, dict(self.known)
            try:
                self.value(e)
            finally:
                self.known = saved

    def v_Binary(self, e: Binary) -> int | bool | None:  # noqa: N802
        if e.kind == "logic":
            left = self.value(e.left)
            if not isinstance(left, bool):
                return None
            if left != (e.op == "&&"):  # `false && ..`, `true || ..`: the right side never runs
                return left
            right = self.value(e.right)
            return right if isinstance(right, bool) else None
        left, right = self.value(e.left), self.value(e.right)
        if e.kind in ("cmp", "eq") and _int_type(e.left.ty) is not None:
            if left is None or right is None:
                return None
            compare = {
                "<": left < right,
                ">": left > right,
                "<=": left <= right,
                ">=": left >= right,
                "==": left == right,
                "!=": left != right,
            }
            return compare[e.op]
        if e.kind in ("bits", "shift", "bool"):
            return self.bits(e, left, right)
        name = _int_type(e.ty)
        if e.kind == "num" and item_refs.is_reference(e.left):
            return None  # `y % 0` of `filter(|y| ..)`: `&i32: Rem`'s call, no lint (it panics)
        if e.kind == "num" and name is not None and e.op in ("/", "%") and right == 0:
            if left is None:  # a divisor rustc knows is zero: whatever the dividend, `_`
                raise self.fail(e, PANIC, _by_zero(e.op, "_"))
        if e.kind != "num" or name is None or left is None or right is None:
            return None
        lo, hi = INT_RANGES[name]
        shown = f"`{_const(left, name)} {e.op} {_const(right, name)}`"
        if e.op in ("/", "%"):
            if right == 0:
                raise self.fail(e, PANIC, _by_zero(e.op, _const(left, name)))
            if left == lo and right == -1 and lo < 0:
                raise self.fail(e, PANIC, f"attempt to compute {shown}, which would overflow")
            quotient = abs(left) // abs(right)
            if e.op == "/":
                return -quotient if (left < 0) != (right < 0) else quotient
            rest = abs(left) % abs(right)
            return -rest if left < 0 else rest
        result = {"+": left + right, "-": left - right, "*": left * right}[e.op]
        if not lo <= result <= hi:
            raise self.fail(e, OVERFLOW, f"attempt to compute {shown}, which would overflow")
        return result

    def bits(self, e: Binary, left: object, right: object) -> int | bool | None:
        """`a & b`, `a | b`, `a ^ b` (integers or bools), `a << b`, `a >> b`: the value when
        both are known; a shift by an amount rustc knows to be out of the type's width is
        `arithmetic_overflow` (whatever `a` is)."""
        name = _int_type(e.ty)
        if e.kind == "shift" and references.certainly_reference(e.left):
            return None  # `x << 100` of `x: &i32`: `Shl for &i32`'s call, a panic as it runs
        if e.kind == "shift" and isinstance(right, int) and name is not None:
            lo, hi = INT_RANGES[name]
            width = (hi - lo).bit_length()
            if not 0 <= right < width:
                what = "left" if e.op == "<<" else "right"
                amount = _const(right, _int_type(e.right.ty) or name)
                raise self.fail(
                    e, OVERFLOW, f"attempt to shift {what} by `{amount}`, which would overflow"
                )
            if isinstance(left, int):
                if e.op == ">>":
                    return left >> right
                value = (left << right) & ((1 << width) - 1)
                return value - (1 << width) if value > hi else value
            return None
        if left is None or right is None or e.kind == "shift":
            return None
        combine = {"&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b}
        return combine[e.op](left, right)


def _unknowable(body: Expr) -> frozenset[Binding]:
    """The variables of `body` whose value rustc's constant propagation does not know: `for`
    variables, closure parameters, and variables assigned after their `let` (rustc keeps a
    variable assigned more than once only inside its own basic block) or borrowed anywhere,
    `&x`, `&mut x`, or by a formatting macro or `assert_eq!` that takes `&x` (rustc 1.95's
    `KnownPanicsLint` propagates no local whose address is taken: `let x = x * 2; .. x +
    i32::MAX ..; println!("{x}");` is no `arithmetic_overflow`, a panic as it runs)."""
    found: set[Binding] = set()
    stack: list[object] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, For) and node.binding is not None:
            found.add(node.binding)
        elif isinstance(node, Closure):
            found.update(b for b in node.params if b is not None)
        elif isinstance(node, Assign):
            root = node.target
            while isinstance(root, Field | Index | Unary):
                root = root.operand if isinstance(root, Unary) else root.base
            if isinstance(root, Local):
                found.add(root.binding)
        elif isinstance(node, Local) and node.borrowed:  # `&x`, `&mut x`
            found.add(node.binding)
        elif isinstance(node, Format | AssertEq):  # `println!("{x}")`, `assert_eq!(x, 3)`
            parts = node.args if isinstance(node, Format) else (node.left, node.right)
            found.update(part.binding for part in parts if isinstance(part, Local))
        stack.extend(children(node))
    return frozenset(found)


def _fitting_type(name: str, value: int, negative: bool) -> str:
    """rustc's help for a signed literal out of range: the first type that holds it (the
    unsigned one of its width, for a positive value, then the wider signed ones)."""
    widths = ("8", "16", "32", "64", "128")
    if name[0] != "i" or name == "isize":
        return ""
    wider = [f"i{w}" for w in widths[widths.index(name[1:]) + 1 :]]
    for candidate in ([] if negative else [f"u{name[1:]}"]) + wider:
        lo, hi = INT_RANGES[candidate]
        if (-value if negative else value) >= lo and value <= hi + (1 if negative else 0):
            return f"consider using the type `{candidate}` instead"
    return ""


def _by_zero(op: str, left: str) -> str:
    """rustc's label for `left / 0` or `left % 0` (`_` for a dividend it does not know)."""
    if op == "/":
        return f"attempt to divide `{left}` by zero"
    return f"attempt to calculate the remainder of `{left}` with a divisor of zero"


def _const(value: int, name: str) -> str:
    """An integer as rustc's lints show it: `i32::MAX`, `i32::MIN` (a signed type's), `7_i32`."""
    lo, hi = INT_RANGES[name]
    if value == hi:
        return f"{name}::MAX"
    if value == lo and lo < 0:
        return f"{name}::MIN"
    return f"{value}_{name}"


def _int_literal(e: Expr | None) -> int | None:
    """The value of an integer literal, negated or not (`-3`), else None."""
    negated = isinstance(e, Unary) and e.op == "-"
    lit = e.operand if isinstance(e, Unary) and negated else e
    if not isinstance(lit, Lit) or lit.kind != "int" or not isinstance(lit.value, int):
        return None
    return -lit.value if negated else lit.value


def _rejects(code: str) -> str:
    return f"rustc rejects it: error[{code}]"


def _catch_all(p: Pat) -> bool:
    return p.kind == "wild" or (p.kind == "bind" and (not p.subs or _catch_all(p.subs[0])))


def _int_type(ty: object) -> str | None:
    ty = resolve(ty)  # type: ignore[arg-type]
    return ty.name if type(ty) is Named and ty.name in INT_RANGES else None


def refuse_known_panics(crate: Crate) -> None:
    """`Unsupported` at the first integer operation rustc's deny lints reject (see above)."""
    KnownPanics(crate).run()
