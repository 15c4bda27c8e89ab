"""What a `HashMap`'s random order lets run of its `keys()`, `values()`, `iter()` and
`into_iter()` (a `MapIter`): counted, summed (integers only: a float sum's rounding follows the
order), searched for its `max` or `min`, `cloned`/`copied`, mapped by a closure that neither fails
nor changes anything, filtered by such a test, or collected into a `Vec` the next statement sorts
(`mark_sorted_collects`; the sort refuses a run where it finds two entries equal that differ).
Rust's `HashMap` visits its entries in an order that changes from run to run (`RandomState`
seeds each map's hasher at random); any other use is refused (hashmap.py)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, rows
from pbpit.rust.interp.types import Ty, Wrap, is_int, resolve, show

_ORDER_FREE = ("count", "sum", "product", "max", "min")
"""The methods of `keys()`, `values()`, `iter()` whose result the map's order does not change."""
_RANDOM_ORDER = (
    "a HashMap's order is random in Rust (each run's differs); pbpit runs only the order-free "
    f"uses of its keys(), values() and iter(): {', '.join(_ORDER_FREE)}"
)


# -- the order-free uses of `keys()`, `values()`, `iter()` --------------------------------------


def _map_iter_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.iter_methods import ITER
    from pbpit.rust.interp.iterators import ITERATORS

    item = resolve(recv).inner  # type: ignore[attr-defined]
    if e.name in ("cloned", "copied"):  # each item cloned: the order still the map's
        ck.args(e)
        e.impl = MAP_ITER[e.name]
        e.row = ITER[e.name]
        return Wrap("MapIter", item)
    if e.name == "collect":
        return _collect_type(ck, e, item)
    if e.name in ("map", "filter"):  # each entry mapped or tested (`order_free`): the order still
        made = ITER[e.name].types(ck, e, Wrap("Iter", item))  # the map's
        e.impl = MAP_ITER[e.name]
        e.row = ITER[e.name]
        return Wrap("MapIter", resolve(made).inner)  # type: ignore[attr-defined]
    if e.name in ("sum", "product"):
        ck.settle_later.append(lambda: _exact_total(ck, e, item))
    row = ITER.get(e.name) or ITERATORS.get(e.name)
    assert row is not None
    as_iter = Wrap("Iter", item)
    made = row.types(ck, e, as_iter)
    e.impl = MAP_ITER[e.name]
    e.row = row  # the iterator's row this one runs
    return made


def _exact_total(ck: Any, e: Any, item: Ty) -> None:
    if not is_int(item):
        what = f"`{e.name}` of a HashMap's `{show(item)}`s (Rust adds them in the map's random "
        raise ck.fail(e.pos, what + "order, which changes the rounding of floats)")


def _map_iter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    target = resolve(e.ty)
    if e.name == "collect" and type(target) is Wrap and target.kind in ("HashMap", "BTreeMap"):
        return _collect_keyed(comp, e, recv)
    return e.row.compile(comp, e, recv, args)


_PURE_METHODS = frozenset(
    (
        *("clone", "to_string", "to_owned", "as_str", "len", "is_empty", "contains"),
        *("starts_with", "ends_with", "trim", "to_lowercase", "to_uppercase", "chars", "count"),
        *("is_ascii_digit", "is_alphabetic", "is_numeric", "is_alphanumeric", "is_whitespace"),
        *("is_uppercase", "is_lowercase", "is_ascii", "is_ascii_alphabetic"),
        *("is_ascii_alphanumeric", "is_ascii_uppercase", "is_ascii_lowercase"),
        *("to_ascii_lowercase", "to_ascii_uppercase", "is_some", "is_none", "is_ok", "is_err"),
        *("min", "max", "eq", "ne", "lt", "le", "gt", "ge", "cmp", "partial_cmp"),
        *("count_ones", "count_zeros", "leading_zeros", "trailing_zeros", "is_power_of_two"),
        *("is_positive", "is_negative", "signum", "abs_diff", "is_nan", "is_finite"),
        *("is_infinite", "is_sign_negative", "is_sign_positive", "floor", "ceil", "round"),
        *("trunc", "sqrt", "fract", "contains_key", "get", "copied", "cloned", "unwrap_or"),
        *("wrapping_add", "wrapping_sub", "wrapping_mul", "saturating_add", "saturating_sub"),
        *("saturating_mul", "checked_add", "checked_sub", "checked_mul", "checked_div"),
    )
)
"""The `&self` methods of std an order-free closure may call: none fails or changes anything
for any receiver that has it (`abs`, `pow`, `unwrap` may panic: not here). A method of the
program's own of one of these names is refused once typed (`settle`)."""
_COMPARING = ("==", "!=", "<", ">", "<=", ">=", "&&", "||")
_TOTAL = ("&", "|", "^")
"""The operators that give a value for any operands (bits and bools): `&`, `|`, `^`."""
_ARITHMETIC = ("+", "-", "*", "/")
_BY_LITERAL = ("%", "/")
"""An integer's `%` and `/` by a literal other than zero cannot fail (`MIN / -1` needs `-`)."""
_SHIFT_BOUND = 8
"""A shift by a literal below this cannot overflow, whatever the integer's width (`u8`'s 8)."""


def order_free(closure: Any, arithmetic: list | None = None) -> bool:
    """Whether a closure a `HashMap`'s or `HashSet`'s entries are given one at a time, in the
    random order (`map` and `filter` of its `iter()`, `retain`), can neither fail nor change
    anything, so that the order shows nowhere but in the order of its results: its body only
    names, literals, fields, tuples, `Some(..)`, derefs, `!`, casts, comparisons, `&&`, `||`,
    `&`, `|`, `^`, `%` and `/` by a literal that is not zero, shifts by a literal below 8,
    `if`/`else` and `match` of such parts, calls of `_PURE_METHODS`, and `let`s taking the
    closure's parameters apart (`|(k, v)|`, `|&x|`). With `arithmetic`, `+ - * /` and `-x` too,
    and each method call, each put in that list for the caller to `settle` once typed: a
    float's arithmetic cannot fail, an integer's may overflow or divide by zero; a method must
    be std's."""
    from pbpit.rust.interp.nodes import (
        Binary,
        Block,
        Cast,
        Closure,
        Field,
        If,
        Let,
        Lit,
        Local,
        Match,
        Method,
        SomeLit,
        TupleLit,
        Unary,
        children,
    )

    if not isinstance(closure, Closure):
        return False
    todo = [closure.body]
    while todo:
        node = todo.pop()
        if isinstance(node, Block):  # `|(k, v)|` taken apart: `let k = ..;` each, then the body
            if node.tail is None or not all(
                type(st) is Let and st.init is not None for st in node.stmts
            ):
                return False
            todo.extend((node.tail, *(st.init for st in node.stmts)))
        elif isinstance(node, Binary) and node.op in (*_COMPARING, *_TOTAL):
            todo.extend((node.left, node.right))
        elif isinstance(node, Binary) and node.op in _BY_LITERAL and _not_zero(node.right):
            todo.append(node.left)
        elif isinstance(node, Binary) and node.op in ("<<", ">>") and _small(node.right):
            todo.append(node.left)
        elif isinstance(node, Binary) and arithmetic is not None and node.op in _ARITHMETIC:
            arithmetic.append(node)
            todo.extend((node.left, node.right))
        elif isinstance(node, Unary) and node.op in ("*", "!"):
            todo.append(node.operand)
        elif isinstance(node, Unary) and node.op == "-" and arithmetic is not None:
            arithmetic.append(node)  # (`-x` overflows at an integer's `MIN`)
            todo.append(node.operand)
        elif isinstance(node, Method) and node.name in _PURE_METHODS and arithmetic is not None:
            arithmetic.append(node)
            todo.extend((node.recv, *node.args))
        elif isinstance(node, Match):  # (its patterns bind, test, and cannot fail)
            todo.append(node.value)
            todo.extend(part for arm in node.arms for part in (arm.guard, arm.body) if part)
        elif isinstance(node, If | Field | Cast | TupleLit | SomeLit):
            todo.extend(children(node))
        elif not isinstance(node, Local | Lit):
            return False
    return True


def _not_zero(e: Any) -> bool:
    """A literal divisor `%` and `/` cannot fail by: a float, or an integer other than 0 (a
    literal is never negative: `-1` is `-` of `1`)."""
    from pbpit.rust.interp.nodes import Lit

    return isinstance(e, Lit) and (e.kind == "float" or (e.kind == "int" and e.value != 0))


def _small(e: Any) -> bool:
    from pbpit.rust.interp.nodes import Lit

    return isinstance(e, Lit) and e.kind == "int" and e.value < _SHIFT_BOUND


def settle(parts: list) -> Any | None:
    """The first part `order_free` left to its types that may fail or change something: an
    integer's `+ - * /` or `-x`, a method of the program's own (or of a `dyn`); or None."""
    from pbpit.rust.interp.builtins import DYN, USER
    from pbpit.rust.interp.nodes import Method
    from pbpit.rust.interp.types import is_float

    for node in parts:
        if isinstance(node, Method):
            if getattr(node, "impl", None) in (None, USER, DYN):
                return node
        elif not is_float(resolve(node.ty)):
            return node
    return None


def check_order(ck: Any, e: Any, recv: Ty) -> None:
    """A method of a `MapIter` other than the order-free ones (and a `map` of a closure that
    neither fails nor changes anything, whose results keep the map's order to a sort):
    refused."""
    sums: list = []
    if e.name in ("map", "filter") and len(e.args) == 1:
        if order_free(e.args[0], arithmetic=sums):
            if sums:  # (typed once the closure is: `total / (k * n as f64)`)
                ck.settle_later.append(lambda: _float_only(ck, e, sums))
            return
    if e.name not in (*_ORDER_FREE, *_ORDER_KEPT):
        raise ck.fail(e.pos, f"`{e.name}` of a HashMap's entries ({_RANDOM_ORDER})")


def _float_only(ck: Any, e: Any, sums: list) -> None:
    """The arithmetic of a `map`'s or `filter`'s closure over a map's entries: floats only (an
    integer's may panic, at an entry the random order decides); its methods std's."""
    if settle(sums) is not None:
        raise ck.fail(e.pos, f"`{e.name}` of a HashMap's entries ({_RANDOM_ORDER})")


# -- `let mut v: Vec<_> = m.iter().collect(); v.sort();`: collected, then sorted at once ---------


def mark_sorted_collects(stmts: list) -> None:
    """In a block's statements, each `let mut v = <..>.collect();` followed at once by a sort of
    `v` (`v.sort()`, `v.sort_by(..)`..): the `collect` is given that sort (`sorted_by`), the only
    use of a map's entries collected in their random order that pbpit runs."""
    from pbpit.rust.interp.nodes import ExprStmt, Let, Local, Method
    from pbpit.rust.interp.std_sort import SORTS

    for stmt, after in zip(stmts, stmts[1:], strict=False):
        init = getattr(stmt, "init", None)
        if not (type(stmt) is Let and isinstance(init, Method) and init.name == "collect"):
            continue
        sort = after.expr if type(after) is ExprStmt else None
        if (
            isinstance(sort, Method)
            and sort.name in SORTS
            and isinstance(sort.recv, Local)
            and sort.recv.binding is stmt.binding
        ):
            init.sorted_by = sort  # type: ignore[attr-defined]


_KEYED = ("HashMap", "BTreeMap", "HashSet", "BTreeSet")
"""What a map's entries may be collected into in any order: a map (its keys' order its own, or
random) or a set (`collect_keyed` refuses a run where two entries give one key two values)."""


def _collect_type(ck: Any, e: Any, item: Ty) -> Ty:
    """`collect` of a map's entries: into a `Vec` sorted by the next statement, which must then
    leave no two entries it finds equal in the map's order (the sort's `map_order`); or into a
    map or a set, which holds the same entries whatever the order they came in (`_KEYED`)."""
    from pbpit.rust.interp.iter_methods import ITER

    sort = getattr(e, "sorted_by", None)
    written = resolve(ck.expected.get(id(e))) if id(e) in ck.expected else None
    targs = resolve(e.targs[0]) if e.targs else None
    keyed = any(type(t) is Wrap and t.kind in _KEYED for t in (written, targs))
    if sort is None and not keyed:
        what = f"`collect` of a HashMap's entries not sorted at once ({_RANDOM_ORDER}; or "
        raise ck.fail(e.pos, what + "`let mut v: Vec<_> = m.iter().collect(); v.sort();`)")
    made = ITER["collect"].types(ck, e, Wrap("Iter", item))
    found = resolve(made)
    if keyed and type(found) is Wrap and found.kind in _KEYED:
        e.impl = MAP_ITER["collect"]
        e.row = ITER["collect"]
        return made
    if not (type(found) is Wrap and found.kind == "Vec") or sort is None:
        raise ck.fail(e.pos, f"`collect` of a HashMap's entries into `{show(made)}`")
    e.impl = MAP_ITER["collect"]
    e.row = ITER["collect"]
    sort.map_order = True
    return made


def _collect_keyed(comp: Any, e: Any, recv: Code) -> Code:
    """`collect` of a map's entries into a map: each key given one value whatever the order
    (a key given two values, the later kept, would show the order: the run is refused)."""
    from pbpit.rust.interp.iterators import lazy
    from pbpit.rust.interp.runtime import Unsupported, rust_eq  # (runtime imports the nodes)

    where = comp.where(e.pos)

    def collect(frame: list) -> Any:
        made: dict = {}
        for key, value in lazy(recv(frame)).front():
            if key in made and not rust_eq(made[key], value):
                what = "`collect` of a HashMap's entries giving one key two values (the one "
                raise Unsupported(where, what + "kept follows the map's random order in Rust)")
            made[key] = value
        return made

    return collect


_ORDER_KEPT = ("cloned", "copied", "collect")
"""The methods of a `MapIter` that keep the map's order to a sort (`mark_sorted_collects`)."""
MAP_ITER = rows(
    "MapIter",
    *(
        Builtin("MapIter", n, None, "", _map_iter, _map_iter_type)
        for n in (*_ORDER_FREE, *_ORDER_KEPT, "map", "filter")
    ),
)
