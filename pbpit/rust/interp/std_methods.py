"""std's methods the interpreter runs, a row each (`builtins.Builtin`): numbers' (`FLOAT`,
`INT`, their values from `numbers.py`), `str`/`String`'s, `Vec`'s and arrays', `Option`'s,
`Result`'s, and Burn's `Device` and `TensorData` (an iterator's and a range's are
`iter_methods.py`'s). Each row is the method's arity, its types in words, and its behaviour
(`compile(compiler, e, recv, args)`)."""

from __future__ import annotations

from typing import Any

from pbpit.engine.tensor import seed
from pbpit.rust.format import Some
from pbpit.rust.interp import iter_mut_values, option_api, ref_defaults, std_results, vec_capacity
from pbpit.rust.interp.binary_heap import BINARY_HEAP
from pbpit.rust.interp.btreemap import BTREEMAP
from pbpit.rust.interp.builtins import Builtin, Code, Family, _inner, rows
from pbpit.rust.interp.char_methods import CHAR_METHODS, STR_CHARS  # noqa: F401 - `char`'s family, here with the others
from pbpit.rust.interp.check_tables import INT_DATA
from pbpit.rust.interp.core_panics import float_clamp, int_impl
from pbpit.rust.interp.error_types import FORMATTER_METHODS  # noqa: F401 - `f.write_str` in `fmt`
from pbpit.rust.interp.hashmap import ENTRY, HASHMAP, MAP_ITER
from pbpit.rust.interp.iter_methods import ITER
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
    FLOAT_TESTS,
    INT_METHODS,
    SIGNED_ONLY,
    UNSIGNED_ONLY,
    checked,
    int_pow,
    powi,
)
from pbpit.rust.interp.rc_refcell import RC_METHODS, REFCELL_METHODS
from pbpit.rust.interp.references import certainly_reference
from pbpit.rust.interp.sets import BTREESET, HASHSET
from pbpit.rust.interp.sorted_tests import sorted_rows
from pbpit.rust.interp.std_more import VEC_MORE, slice_more
from pbpit.rust.interp.std_option_more import OPTION_MORE, RESULT_MORE
from pbpit.rust.interp.std_options import OPTION_OPTIONS
from pbpit.rust.interp.std_sort import sort_rows
from pbpit.rust.interp.std_write import STR_WRITE
from pbpit.rust.interp.str_methods import STR_MORE
from pbpit.rust.interp.str_patterns import STR_PATTERNS
from pbpit.rust.interp.string_edits import refuse_str_value
from pbpit.rust.interp.types import (
    BOOL,
    INT_RANGES,
    TENSOR_DATA,
    UNIT,
    USIZE,
    Named,
    ParamT,
    Ty,
    Var,
    option,
    resolve,
    result,
    show,
    vec,
)
from pbpit.rust.interp.value_slots import vec_of_values
from pbpit.rust.interp.vec_append import VEC_APPEND
from pbpit.rust.interp.vec_resize import VEC_RESIZE
from pbpit.rust.interp.vec_split import VEC_SPLIT
from pbpit.rust.interp.vecdeque import VECDEQUE

# -- floats ---------------------------------------------------------------------------------------


def _single(e: Any) -> bool:
    return resolve(e.recv.ty).name == "f32"  # type: ignore[attr-defined]


def _float_powi(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    single, (n,) = _single(e), args
    return lambda frame: powi(recv(frame), n(frame), single)


def _float_test(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    _, test_f32, test_f64 = FLOAT_TESTS[e.name]
    test = test_f32 if _single(e) else test_f64
    return lambda frame: test(recv(frame))


def _float_method(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """A method computed by `numbers.FLOAT_METHODS`' f32 or f64 function."""
    name, single = e.name, _single(e)
    arity, on_f32, on_f64 = FLOAT_METHODS[name]
    function = on_f32 if single else on_f64
    if name == "clamp":  # core's `assert!(min <= max)`
        function = float_clamp(function, single)
    if arity == 0:
        return lambda frame: function(recv(frame))
    if arity == 2:
        first, second = args
        return lambda frame: function(recv(frame), first(frame), second(frame))
    (arg,) = args
    return lambda frame: function(recv(frame), arg(frame))


FLOAT = rows(
    "float",
    Builtin("float", "powi", ("i32",), "self", _float_powi),
    *(
        Builtin("float", name, ("self",) * arity, "self", _float_method)
        for name, (arity, _, _) in FLOAT_METHODS.items()
    ),
    *(
        Builtin("float", name, (), gives, _float_test)
        for name, (gives, _, _) in FLOAT_TESTS.items()
    ),
)

# -- integers -------------------------------------------------------------------------------------


def _int_type(e: Any) -> tuple[str, int, int]:
    type_name = resolve(e.recv.ty).name  # type: ignore[attr-defined]
    return (type_name, *INT_RANGES[type_name])


def _int_abs(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    type_name, lo, hi = _int_type(e)
    absolute = int_impl(lambda a: checked(abs(a), lo, hi, "negate"), type_name)
    return lambda frame: absolute(recv(frame))


def _int_pow(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    type_name, lo, hi = _int_type(e)
    (arg,) = args
    power = int_impl(lambda a, n: int_pow(a, n, lo, hi), type_name)
    return lambda frame: power(recv(frame), arg(frame))


def _int_pick(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (arg,) = args
    pick = max if e.name == "max" else min
    return lambda frame: pick(recv(frame), arg(frame))


def _int_clamp(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`Ord::clamp`: core's `assert!(min <= max, ..)`, `#[track_caller]` (at the method)."""
    low, high = args
    site = comp.panic_site(e.pos)

    def clamp(frame: list) -> Any:
        x, lo, hi = recv(frame), low(frame), high(frame)
        if lo > hi:
            raise site.panic(f"min > max. min = {lo}, max = {hi}")
        return max(lo, min(x, hi))

    return clamp


# Integer methods whose panic rustc 1.95 reports at the call (`0u64.ilog2()`: `argument of
# integer logarithm must be positive` at the method's name).
_AT_CALLER = frozenset(("ilog2", "ilog10"))


def _int_method(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """A method computed by `numbers.INT_METHODS`' function of the receiver's range."""
    type_name, lo, hi = _int_type(e)
    _, result, method = INT_METHODS[e.name]
    if e.name in _AT_CALLER:  # `#[track_caller]` in core: the program's panic at the method
        run = comp.panicking(method, e.pos)
    else:
        run = comp.in_core(method, e.pos, f"`{type_name}::{e.name}`")
    if result == "option":
        return lambda frame: _some(run(recv(frame), *(a(frame) for a in args), lo, hi))
    return lambda frame: run(recv(frame), *(a(frame) for a in args), lo, hi)


def _some(value: Any) -> Any:
    """`Some(value)`, or `None` for Python's None (a `checked_` method's overflow)."""
    return None if value is None else Some(value)


def _int_receivers(name: str) -> frozenset[str] | None:
    if name in SIGNED_ONLY:
        return frozenset(("signed",))
    if name in UNSIGNED_ONLY:
        return frozenset(("unsigned",))
    return None


INT = rows(
    "int",
    Builtin("int", "abs", (), "self", _int_abs, receivers=frozenset(("signed",))),
    Builtin("int", "pow", ("u32",), "self", _int_pow),
    Builtin("int", "max", ("self",), "self", _int_pick),
    Builtin("int", "min", ("self",), "self", _int_pick),
    Builtin("int", "clamp", ("self", "self"), "self", _int_clamp),
    *(
        Builtin("int", name, params, gives, _int_method, receivers=_int_receivers(name))
        for name, (params, gives, _) in INT_METHODS.items()
    ),
)

# -- str and String -------------------------------------------------------------------------------


def _push_str_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.args(e, Var())
    refuse_str_value(ck, e.args[0])  # rustc: `push_str` takes a `&str` (string_edits.py)
    return UNIT


def _push_str(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    # the `String` replaced in its place: a variable, a field, an element (`v[0].push_str(..)`)
    update, (arg,) = comp.element_updater(e.recv), args

    def push_str(frame: list) -> Any:
        update(frame, lambda text: text + arg(frame))
        return UNIT

    return push_str


def _clear_string_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)  # `&mut self`
    ck.arity(e, 0)
    return UNIT


def _clear_string(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    update = comp.element_updater(e.recv)  # the `String` emptied in its place

    def clear(frame: list) -> Any:
        update(frame, lambda text: "")
        return UNIT

    return clear


STR_METHODS = rows(
    "str",
    Builtin("str", "len", (), "usize", lambda c, e, recv, a: lambda frame: len(
        recv(frame).encode("utf-8")
    )),
    Builtin("str", "is_empty", (), "bool", lambda c, e, recv, a: lambda frame: not recv(frame)),
    Builtin("str", "as_str", (), "str", lambda c, e, recv, a: recv),
    Builtin(
        "str",
        "push_str",
        None,
        "()",
        _push_str,
        _push_str_type,
        receivers=frozenset(("String",)),
        mutates=True,
    ),
    Builtin(
        "str",
        "clear",
        None,
        "()",
        _clear_string,
        _clear_string_type,
        receivers=frozenset(("String",)),
        mutates=True,
    ),
    *STR_MORE,  # `parse`, `trim`, `to_uppercase`.. (str_methods.py)
    *STR_WRITE,  # `write!(s, ..)` (std_write.py)
    *STR_CHARS,  # `String::push`, `chars` (char_methods.py)
    *STR_PATTERNS,  # `contains`, `split`, `find`.. with a char or `&str` (str_patterns.py)
)

# -- Vec and arrays -------------------------------------------------------------------------------


def _end(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    index = 0 if e.name == "first" else -1
    return lambda frame: Some(items[index]) if (items := recv(frame)) else None


def _get(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`v.get(i)`: `Some(&v[i])`, `None` past the end (the reference erased, as `first`'s);
    `v.get(a..b)`: `slice_get_range`'s."""
    from pbpit.rust.interp import slice_get_range

    if slice_get_range.is_range(e.args[0]):
        return slice_get_range.compile(comp, e, recv)
    (index,) = args

    def get(frame: list) -> Any:
        items, i = recv(frame), index(frame)
        return Some(items[i]) if i < len(items) else None

    return get


def _get_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`v.get(i)`: `i` a `usize` (`v.get(&i)` is rustc's E0277: no `SliceIndex` for `&usize`)."""
    from pbpit.rust.interp import slice_get_range
    from pbpit.rust.interp.check_rules import refuse_slice_index
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.nodes import Local

    if len(e.args) == 1 and slice_get_range.is_range(e.args[0]):  # `v.get(a..b)`: a sub-slice
        return slice_get_range.check(ck, e, recv)
    ck.arity(e, 1)
    found = ck.expr(e.args[0])
    if not e.args[0].borrowed:
        refuse_slice_index(ck, e.args[0], found, recv)  # `v.get(1u8)`: E0277, not E0308
    ck.unify(USIZE, found, e.args[0].pos)
    if e.args[0].borrowed:
        what = f"the type `[{show(_inner(recv))}]` cannot be indexed by `&usize`"
        err = ck.fail(e.args[0].borrow_pos or e.args[0].pos, rejects(what, "E0277"))
        err.label = "slice indices are of type `usize` or ranges of `usize`"
        if isinstance(e.args[0], Local):  # `&i`: the span ends with the variable's name
            err.end = (e.args[0].pos[0], e.args[0].pos[1] + len(e.args[0].binding.name))
        raise err
    return option(_inner(recv))


def _push(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (arg,) = args

    def push(frame: list) -> Any:
        items = recv(frame)
        items.append(arg(frame))
        return UNIT

    return push


def _push_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.args(e, recv.inner)  # type: ignore[attr-defined]
    given = e.args[0].borrowed or certainly_reference(e.args[0])  # `&w`, `w` of `for w in &ws`
    if given and (vec_of_values(e.recv) or _of_param(recv)):  # `words.push(&w)`
        shown, where = show(e.args[0].ty), e.args[0].borrow_pos or e.args[0].pos
        raise ck.fail(where, f"mismatched types: expected `{shown}`, found `&{shown}`")
    from pbpit.rust.interp.check_rules import refuse_pushed_parts

    refuse_pushed_parts(ck, e.recv, e.args[0])  # `slots.push(Some(&v))`, `Vec<Option<f32>>`
    return UNIT


def _of_param(recv: Ty) -> bool:
    """Whether `recv` is a `Vec<T>` of a type parameter (`items: Vec<T>` of `Stack<T>`): a
    `&x` is a `&T`, never a `T`."""
    return type(resolve(_inner(recv))) is ParamT


def _clear(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def clear(frame: list) -> Any:
        recv(frame).clear()
        return UNIT

    return clear


def _slice_rows(family: str) -> list[Builtin]:
    """What a `Vec` and an array both have (a slice's methods)."""
    return [
        Builtin(family, "len", (), "usize", lambda c, e, recv, a: lambda frame: len(recv(frame))),
        Builtin(
            family, "is_empty", (), "bool", lambda c, e, recv, a: lambda frame: not recv(frame)
        ),
        Builtin(family, "iter", (), "iter", lambda c, e, recv, a: recv),
        Builtin(family, "into_iter", (), "iter", lambda c, e, recv, a: recv),
        *iter_mut_values.rows(family),  # `layers.iter_mut().map(..)` (iter_mut_values.py)
        Builtin(family, "first", (), "option_inner", _end),
        Builtin(family, "last", (), "option_inner", _end),
        Builtin(family, "get", ("usize",), "option_inner", _get, _get_type),
        *sort_rows(family),  # `sort`, `sort_by`, `sort_by_key`.. (std_sort.py)
        *slice_more(family),  # `split_at` (std_more.py)
        *sorted_rows(family),  # `is_sorted`, `is_sorted_by_key` (sorted_tests.py)
    ]


VEC = vec_capacity.follow(rows(  # a `Vec`'s capacity followed (vec_capacity.py)
    "Vec",
    *_slice_rows("Vec"),
    Builtin("Vec", "push", ("inner",), "()", _push, mutates=True, check=_push_type),
    Builtin("Vec", "clear", (), "()", _clear, mutates=True),
    Builtin(
        "Vec", "pop", (), "option_inner", mutates=True,
        compile=lambda c, e, recv, a: lambda frame: (
            Some(items.pop()) if (items := recv(frame)) else None
        ),
    ),
    *VEC_MORE,  # `insert`, `remove`, `reverse`..
    *VEC_SPLIT,  # `split_off` (vec_split.py)
    *VEC_APPEND,  # `append`, `as_slice` (vec_append.py)
    *VEC_RESIZE,  # `resize` (vec_resize.py)
    vec_capacity.CAPACITY,
))
ARRAY = rows("array", *_slice_rows("array"))

# -- Option ---------------------------------------------------------------------------------------


def _map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [resolve(recv).inner])  # type: ignore[attr-defined]
    return option(fn.ret)


def _map(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def map_(frame: list) -> Any:
        option_, f = recv(frame), function(frame)
        return None if option_ is None else Some(f(option_.value))

    return map_


def _unwrap(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import UNWRAP_NONE  # (runtime imports the nodes)

    site = comp.method_site(e)  # (`map(Option::unwrap)`: inside core)
    message = args[0] if args else (lambda frame: UNWRAP_NONE)

    def unwrap(frame: list) -> Any:
        option_ = recv(frame)
        if option_ is None:
            raise site.panic(message(frame))
        return option_.value

    return unwrap


def _unwrap_or(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (default,) = args

    def unwrap_or(frame: list) -> Any:
        option_, value = recv(frame), default(frame)
        return value if option_ is None else option_.value

    return unwrap_or


def _or(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (other,) = args

    def or_(frame: list) -> Any:
        option_, fallback = recv(frame), other(frame)
        return fallback if option_ is None else option_

    return or_


def _take(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """The value out of its place (a variable, a field), `None` left there."""
    update = comp.element_updater(e.recv)

    def take(frame: list) -> Any:
        taken: list[Any] = []
        update(frame, lambda old: taken.append(old))  # (append returns None)
        return taken[0]

    return take


OPTION = rows(
    "Option",
    Builtin("Option", "map", None, "", _map, _map_type),
    Builtin("Option", "unwrap", (), "inner", _unwrap),
    Builtin("Option", "expect", ("str",), "inner", _unwrap),
    Builtin("Option", "as_ref", (), "self", lambda c, e, recv, a: recv),
    Builtin(
        "Option", "is_some", (), "bool", lambda c, e, recv, a: lambda frame: recv(frame) is not None
    ),
    Builtin(
        "Option", "is_none", (), "bool", lambda c, e, recv, a: lambda frame: recv(frame) is None
    ),
    Builtin("Option", "unwrap_or", ("inner",), "inner", _unwrap_or, ref_defaults.unwrap_or_type),
    Builtin("Option", "or", ("self",), "self", _or),  # `a.or(b)`: `b` evaluated either way
    Builtin("Option", "take", (), "self", _take, mutates=True),  # `&mut self`
    *OPTION_MORE,  # `and_then`, `map_or`, `filter`..
    *option_api.ITERATION,  # `o.iter()`, `o.into_iter()`
    *OPTION_OPTIONS,  # `or_else` (std_options.py)
)

# -- Result (pbpit's Results are all `Ok`) -------------------------------------------------------


def _result(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp import results  # (`Err` and what may hold one)

    return results.compile_method(comp, e, recv, args)


def _result_try(checker: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp import results

    return results.check_try(checker, e, recv)


def _result_error(checker: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp import results

    return results.check_unwrap_err(checker, e, recv)


RESULT = rows(
    "Result",
    # `x?`: its error converts into `Box<dyn Error>` (DataError: Error)
    Builtin("Result", "?", None, "", _result, check=_result_try),
    Builtin("Result", "unwrap", (), "inner", _result),
    Builtin("Result", "expect", ("str",), "inner", _result),
    Builtin("Result", "is_ok", (), "bool", _result),
    Builtin("Result", "is_err", (), "bool", _result),
    Builtin("Result", "unwrap_or", ("inner",), "inner", _result),
    Builtin("Result", "unwrap_err", (), "", _result, check=_result_error),
    *RESULT_MORE,  # `map_err`, `map`, `and_then`, `unwrap_or_else`, `ok` (std_option_more.py)
    *std_results.ROWS,  # `err`, `unwrap_or_default`, `as_ref` (std_results.py)
)

# -- Burn's `Device` and `TensorData` -------------------------------------------------------------


def _seed(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (value,) = args  # Burn 0.22's `device.seed(n)`: `B::seed(&device, n)`'s seeding
    return lambda frame: seed(value(frame))


DEVICE_METHODS = rows(
    "Device",
    Builtin("Device", "autodiff", (), "Device", lambda c, e, recv, a: lambda frame: recv(
        frame
    ).autodiff()),
    # the device without autodiff
    Builtin("Device", "inner", (), "Device", lambda c, e, recv, a: lambda frame: recv(
        frame
    ).inner()),
    Builtin("Device", "seed", ("u64",), "()", _seed),
)


def _to_vec(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    return lambda frame: Ok(list(recv(frame).values))


def _data_type(ck: Any, e: Any, data: Ty) -> Ty:
    """`data.to_vec::<E>()`: a float tensor's data as the numbers E asks (settled with the
    program's other data reads); an Int tensor's as the backend's Int element (Flex's and
    Wgpu's i32, NdArray's i64), a Bool tensor's as `bool`, and only so."""
    if len(e.targs) > 1:
        raise ck.fail(e.pos, f"`{e.name}` takes one type argument")
    if data is TENSOR_DATA:
        elem = e.targs[0] if e.targs else Var()
        ck.data_elems.append((elem, e.pos))
        ck.args(e)
        return result(vec(elem))
    elem = resolve(e.targs[0]) if e.targs else Var()
    kind, held = ("Int", ck.int_elem) if data is INT_DATA else ("Bool", BOOL)
    if type(elem) is Named and elem is not held:
        what = f"reading {kind} tensor data as `{show(elem)}` (the data is {show(held)})"
        raise ck.fail(e.pos, what)
    ck.unify(held, elem, e.pos)
    ck.args(e)
    return result(vec(held))


DATA = rows(
    "TensorData",
    Builtin("TensorData", "to_vec", None, "", _to_vec, _data_type),
    Builtin("TensorData", "as_slice", None, "", _to_vec, _data_type),
)


def family_of(kind: str) -> Family | None:
    """The family of a `Wrap`'s kind (`Vec`, `Option`, ...), None for one with no rows."""
    return _WRAPS.get(kind)


_WRAPS = {
    "Option": OPTION,
    "Result": RESULT,
    "DynResult": RESULT,
    "Vec": VEC,
    "array": ARRAY,
    "Range": ITER,  # a range is an iterator
    "Iter": ITER,
    "HashMap": HASHMAP,  # (hashmap.py)
    "BTreeMap": BTREEMAP,  # (btreemap.py)
    "Entry": ENTRY,
    "MapIter": MAP_ITER,
    "VecDeque": VECDEQUE,  # (vecdeque.py)
    "BinaryHeap": BINARY_HEAP,  # (binary_heap.py)
    "Rc": RC_METHODS,  # (rc_refcell.py)
    "RefCell": REFCELL_METHODS,
    "HashSet": HASHSET,  # (sets.py)
    "BTreeSet": BTREESET,
}


# -- families typed by rules of their own ---------------------------------------------------------

TENSOR = Family(
    "tensor", compile=lambda comp, e, recv, args: comp.tensor_method(e, recv, args)
)
"""A tensor's methods: `engine/api.py`'s rows (`RUST_METHODS`, `RUST_KIND_METHODS`) are their
arity, types and behaviour; `check_methods.tensor_method` and `Library.tensor_method` read them."""
ELEM = Family(
    "elem", compile=lambda comp, e, recv, args: comp.m_elem(e, e.impl.owner, recv, args)
)
"""Burn's `x.elem::<E>()` (`owner`: the receiver's number type), typed by `check_methods.elem`."""
