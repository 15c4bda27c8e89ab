"""Functions the interpreter runs called by a path, a row each (`builtins.Function`): std's
(`Vec::new`, `String::from`, `Default::default`, `Ok`), Burn's `Device::..`, and Burn's math
(`activation::..`, `TensorData::..`, `Distribution::..`, typed and run by the checker's and the
compiler's `math_static`). `Tensor::..` functions are `engine/api.py`'s rows (`RUST_FUNCTIONS`)."""

from __future__ import annotations

from typing import Any

from pbpit.engine.tensor import Device
from pbpit.rust.interp import (
    binary_heap,
    btreemap,
    error_from,
    error_types,
    hashmap,
    map_loops,
    mem_functions,
    open_ranges,
    rc_refcell,
    results,
    sets,
    std_cmp,
    std_convert,
    string_utf8,
    type_names,
    vec_capacity,
    vecdeque,
)
from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import (
    CHAR,
    DEVICE,
    STR,
    STRING,
    USIZE,
    Ty,
    Var,
    dyn_result,
    resolve,
    show,
    vec,
)


def _after_args(rule: Any) -> Any:
    """`rule`, run once the call's arguments are typed."""

    def check(ck: Any, e: Any) -> Ty:
        for arg in e.args:
            ck.expr(arg)
        return rule(ck, e)

    return check


@_after_args
def _device(ck: Any, e: Any) -> Ty:
    return DEVICE


@_after_args
def _new_vec(ck: Any, e: Any) -> Ty:
    if e.args:  # `Vec::with_capacity(n)`
        ck.unify(USIZE, e.args[0].ty, e.args[0].pos)
    return vec(Var())


def _new_list() -> list:
    return vec_capacity.made([], 0)


def _with_capacity(comp: Any, e: Any, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import check_allocation  # (runtime imports the nodes)

    (n,), where = args, comp.where(e.pos)

    def with_capacity(frame: list) -> list:
        size = n(frame)
        check_allocation(size, where, "`Vec::with_capacity`")
        return vec_capacity.made([], size)

    return with_capacity


@_after_args
def _new_string(ck: Any, e: Any) -> Ty:
    if e.args:  # `String::with_capacity(n)`
        ck.unify(USIZE, e.args[0].ty, e.args[0].pos)
    return STRING


def _string_with_capacity(comp: Any, e: Any, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import check_allocation  # (runtime imports the nodes)

    (n,), where = args, comp.where(e.pos)

    def with_capacity(frame: list) -> str:
        check_allocation(n(frame), where, "`String::with_capacity`")
        return ""

    return with_capacity


@_after_args
def _string_from(ck: Any, e: Any) -> Ty:
    """`String::from(x)` of a `&str`, a `String` or a `char`; as a value given `&T` items
    (`v.iter().map(String::from)`), of a `&String` only: `&&str`, `&char` are rustc's E0277."""
    arg = resolve(e.args[0].ty)
    at = getattr(e, "items_by_reference", None)
    if at is not None and arg in (STR, CHAR):
        shown = "&&str" if arg is STR else "&char"
        what = f"the trait bound `String: From<{shown}>` is not satisfied"
        err = ck.fail(at, rejects(what, "E0277"))
        err.label = f"the trait `From<{shown}>` is not implemented for `String`"
        raise err
    # a `char` certainly no `&char` (`From<&char>`: rustc's E0277): a value, or `.chars()`'s
    by_value = getattr(e, "items_by_value", False) or ck.owned(e.args[0])
    if arg not in (STR, STRING, CHAR) or (arg is CHAR and not by_value):
        raise ck.fail(e.args[0].pos, f"`String::from` of `{show(e.args[0].ty)}`")
    return STRING


def _ok(comp: Any, e: Any, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    (value,) = args
    return lambda frame: Ok(value(frame))


def _math_type(ck: Any, e: Any) -> Ty:
    return ck.math_static(e, *e.name.split("::"))


def _math(comp: Any, e: Any, args: list[Code]) -> Code:
    return comp.math_static(e, *e.name.split("::"), args)


_STD = [
    Function("Device", "flex", 0, _device, lambda comp, e, args: lambda frame: Device.flex()),
    # Burn 0.22's deprecated NdArray device: its tensors print `NdArray(Cpu)` (types.backend_of)
    Function("Device", "ndarray", 0, _device, lambda comp, e, args: lambda frame: Device.flex()),
    Function("Device", "default", 0, _device, lambda comp, e, args: comp.default_device()),
    Function(
        "Default", "default", 0, _after_args(lambda ck, e: Var()),
        lambda comp, e, args: comp.default(e),
    ),
    Function("Vec", "new", 0, _new_vec, lambda comp, e, args: lambda frame: _new_list()),
    Function("Vec", "with_capacity", 1, _new_vec, _with_capacity),
    Function("String", "new", 0, _new_string, lambda comp, e, args: lambda frame: ""),
    Function("String", "with_capacity", 1, _new_string, _string_with_capacity),
    Function("String", "from", 1, _string_from, lambda comp, e, args: args[0]),
    # `Ok(x)`: a `Result<T, E>`, E what its uses say (`Box<dyn Error>`, `String`..)
    Function("Result", "Ok", 1, _after_args(lambda ck, e: dyn_result(e.args[0].ty, Var())), _ok),
    *results.FUNCTIONS,  # `Err(..)`
    *error_types.FUNCTIONS,  # `write!(f, ..)` in `impl Display`
    *error_from.FUNCTIONS,  # `MyErr::from(e)` of its `impl From<E>`
    *hashmap.FUNCTIONS,  # `HashMap::new()`
    *type_names.FUNCTIONS,  # `std::any::type_name::<T>()`
    *map_loops.FUNCTIONS,  # the keys of `for (k, v) in &mut m`
    *btreemap.FUNCTIONS,  # `BTreeMap::new()`
    *mem_functions.FUNCTIONS,  # `std::mem::take(&mut v)`
    *std_cmp.FUNCTIONS,  # `std::cmp::max(a, b)`, `std::iter::repeat(x)`
    *open_ranges.FUNCTIONS,  # `..=k`, `..k` of `m.range(..=k)`
    *binary_heap.FUNCTIONS,  # `BinaryHeap::new()`
    *std_convert.FUNCTIONS,  # `i32::try_from(x)`, `f64::from(x)`, `char::from(b)`
    *string_utf8.FUNCTIONS,  # `String::from_utf8(bytes)` (string_utf8.py)
    *vecdeque.FUNCTIONS,  # `VecDeque::new()`
    *rc_refcell.FUNCTIONS,  # `Rc::new(RefCell::new(x))`, `Rc::clone(&rc)`
    *sets.FUNCTIONS,  # `HashSet::new()`, `BTreeSet::new()`
]
STD_FUNCTIONS = {f.path: f for f in _STD}

_MATH = [
    *(
        Function("activation", name, 1, _math_type, _math)
        for name in ("relu", "sigmoid", "tanh", "gelu", "silu", "log_sigmoid")
    ),
    *(
        Function("activation", name, 2, _math_type, _math)
        for name in ("softmax", "log_softmax", "quiet_softmax", "leaky_relu", "softplus")
    ),
    Function("TensorData", "new", 2, _math_type, _math),
    Function("TensorData", "from", 1, _math_type, _math),
    Function("Distribution", "Uniform", 2, _math_type, _math),
    Function("Distribution", "Normal", 2, _math_type, _math),
    Function("Distribution", "Bernoulli", 1, _math_type, _math),
]
MATH_FUNCTIONS = {f.path: f for f in _MATH}
FUNCTIONS = {**STD_FUNCTIONS, **MATH_FUNCTIONS}
"""Every function called by a path the interpreter runs, but `Tensor::..` (engine/api.py)."""
