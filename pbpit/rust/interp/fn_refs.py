"""A closure lent to a parameter bounded by a closure trait (`fn apply<F: Fn(f64) -> f64>(f: F)`
given `&scale`, `fn each<F: FnMut(i32)>(f: F)` given `&mut add`): std implements `Fn` for `&F`
when `F: Fn`, and `FnMut` for `&mut F` when `F: FnMut`, so rustc accepts the reference where
the parameter takes the closure by value (pbpit erases the reference: the call runs the
closure). `&mut f` where `Fn` is asked is rustc's E0277; a closure that changes what it
captures (or moves them out) lent as `&f` is refused by `closure_calls` (E0525, as rustc), for
any of the three bounds: `&F` implements them only when `F: Fn`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import FnT, resolve, show


def lent_to_fn_bound(wanted: Any, arg: Any, checker: Any = None) -> bool:
    """Whether `arg`, written `&closure` (`&mut closure`), is given where `wanted` (a
    parameter's type bounded by `Fn(..)`, `FnMut(..)`) is taken and rustc accepts it; with
    `checker`, rustc's E0277 for `&mut closure` where `Fn` is asked."""
    given = getattr(arg, "ty", None)
    wanted = resolve(wanted)
    if not arg.borrowed or given is None or type(wanted) is not FnT:
        return False
    if type(resolve(given)) is not FnT:
        return False
    if not arg.mut_borrow:  # `&f` is `Fn`, `FnMut`, `FnOnce` when `f: Fn` (closure_calls)
        return True
    if wanted.trait == "Fn" and checker is not None:
        shown = ", ".join(show(p) for p in wanted.params)
        what = f"expected a `Fn({shown})` closure, found `&mut {{closure}}`"
        err = checker.fail(arg.borrow_pos or arg.pos, rejects(what, "E0277"))
        err.label = what
        raise err
    return wanted.trait in ("FnMut", "FnOnce")


def method_value(lowerer: Any, node: Any, item: Any, name: str) -> Any | None:
    """`V::total` named as a value where it is `map`'s function over references
    (`items.iter().map(V::total)`, `fn total(&self)`): the closure `|v| V::total(v)`, the
    method called by its path. Else None (other uses of a method's path are not followed:
    given `into_iter()`'s values, `V::total` is rustc's E0631, which pbpit erasing the `&`
    would run)."""
    from pbpit.rust.interp.lower_paths import by_reference_map
    from pbpit.rust.interp.nodes import Call

    fn = item.methods.get(name) if item is not None else None
    if fn is not None and not fn.self_kind and not fn.type_params and not _generic(item):
        from pbpit.rust.interp.traits import FnRef  # (traits imports this module)

        return FnRef(lowerer.pos(node), fn)  # `map(R::sq)` of `fn sq(s: u32) -> Self`
    if fn is None or fn.self_kind != "ref" or len(fn.params) != 1 or fn.type_params:
        return None
    if by_reference_map(lowerer, node) is None:
        return None
    pos = lowerer.pos(node)
    return _receiver_closure(
        lowerer, pos, f"{item.name}::{name}", None, lambda r: Call(pos, fn, [r])
    )


def _generic(item: Any) -> bool:
    """Whether `item` has value parameters (`Stack<T>`): its functions' types depend on them."""
    return bool(getattr(item, "params", None))


def _receiver_closure(lowerer: Any, pos: Any, path: str, ty: Any, body: Any) -> Any:
    """The closure `|r| body(r)` a method's path stands for (`r` typed `ty`, None to infer),
    its one parameter a name no program writes."""
    from pbpit.rust.interp.nodes import Closure, FnScope, Local

    outer = lowerer.scope
    scope = FnScope(outer)
    lowerer.scope = scope
    saved = lowerer.open_scope(new_frame=True)
    param = lowerer.declare(f"{path} receiver", False)
    made = body(Local(pos, param, lowerer.scope))
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    lowerer.scope = outer
    return Closure(pos, [param], [ty], None, made, scope, False, visible)


_REF, _VALUE = "ref", "value"
_STR_REFS = (
    "parse trim trim_start trim_end to_string to_owned to_uppercase to_lowercase len is_empty "
    "to_ascii_uppercase to_ascii_lowercase chars bytes lines split_whitespace"
)
_CHAR_VALUES = "is_alphabetic is_alphanumeric is_numeric is_whitespace is_uppercase is_lowercase"
_CHAR_REFS = (
    "is_ascii is_ascii_digit is_ascii_alphabetic is_ascii_alphanumeric is_ascii_punctuation "
    "is_ascii_whitespace is_ascii_uppercase is_ascii_lowercase to_ascii_uppercase "
    "to_ascii_lowercase"
)
_STD_METHODS: dict[str, dict[str, str]] = {
    "Vec": dict.fromkeys(("len", "is_empty"), _REF),
    "String": dict.fromkeys(("len", "is_empty", "as_str", "clone"), _REF),
    "str": dict.fromkeys(_STR_REFS.split(), _REF),
    "char": {
        **dict.fromkeys(_CHAR_VALUES.split(), _VALUE),
        **dict.fromkeys(_CHAR_REFS.split(), _REF),
    },
    "Option": {
        **dict.fromkeys(("is_some", "is_none"), _REF),
        **dict.fromkeys(("unwrap", "unwrap_or_default", "flatten"), _VALUE),
    },
    "Result": {
        **dict.fromkeys(("is_ok", "is_err"), _REF),
        **dict.fromkeys(("unwrap", "unwrap_or_default", "ok", "err"), _VALUE),
    },
}
"""std's methods taking `self` or `&self` alone that a path names as a function value
(`rows.iter().map(Vec::len)`, `s.split(',').map(str::parse)`, `map(Result::unwrap)`,
`chars().all(char::is_alphanumeric)`), by their type, each with how it takes its receiver."""

_TAKERS = ("map", "filter_map", "flat_map", "position", "any", "all", "filter", "find")
_TAKERS += ("take_while", "skip_while", "map_while", "inspect", "for_each")
"""The adapters and methods given such a function of one item (`taker(f)`)."""
_LENDING_TAKERS = ("filter", "find", "take_while", "skip_while", "inspect")
"""Those of them that give their function a reference to the item (`filter(|x: &T| ..)`)."""
_REF_SOURCES = ("iter", "keys", "values")
_VALUE_SOURCES = (
    "chars copied cloned into_iter split split_whitespace lines split_terminator bytes drain "
    "rsplit splitn char_indices"
).split()
_SAME_ITEMS = ("rev", "skip", "take", "step_by", "peekable", "chain", "filter", "skip_while")
_SAME_ITEMS += ("take_while", "inspect")


def _references(lowerer: Any, node: Any) -> int | None:
    """How many references wrap what `taker(f)` gives its function `f` (`node`): a `&T` of
    `v.iter()`, one more for the lending takers (`v.iter().filter(f)` gives `&&T`); None when
    `node` is no such argument or its items' source is not one pbpit knows."""
    from pbpit.rust.interp.field_paths import method_called, receiver

    call = node.parent.parent if node.parent is not None else None
    taker = method_called(lowerer, call, 1) if call is not None else None
    if taker not in _TAKERS:
        return None
    source = receiver(call)
    while any(method_called(lowerer, source, n) in _SAME_ITEMS for n in (0, 1)):
        source = receiver(source)
    given = next((m for n in (0, 1, 2) if (m := method_called(lowerer, source, n))), None)
    if given in _REF_SOURCES:
        levels = 1
    elif given in _VALUE_SOURCES or _maps_by_path(lowerer, source):
        levels = 0
    else:
        return None
    return levels + (taker in _LENDING_TAKERS)


def _str_pattern(lowerer: Any, node: Any) -> bool:
    """Whether `node` is the pattern argument of a `str` method taking one (`s.split(f)`,
    `trim_end_matches(f)`: str_patterns.py), the method's last argument."""
    from pbpit.rust.interp.field_paths import method_called
    from pbpit.rust.interp.str_patterns import PATTERN_METHODS

    args = node.parent
    call = args.parent if args is not None else None
    if call is None or args.type != "arguments" or args.named_children[-1:] != [node]:
        return False
    return any(method_called(lowerer, call, n) in PATTERN_METHODS for n in (1, 2))


def _maps_by_path(lowerer: Any, source: Any) -> bool:
    """Whether `source` is `it.map(path)` / `it.filter_map(path)` of a function's path (`map(
    str::parse)`): its items what the function returns, values of their own."""
    from pbpit.rust.interp.field_paths import method_called

    if method_called(lowerer, source, 1) not in ("map", "filter_map"):
        return False
    (arg,) = lowerer.kids(source.child_by_field_name("arguments"))
    return arg.type in ("scoped_identifier", "generic_function")


def _mismatch(lowerer: Any, node: Any) -> Exception:
    return lowerer.fail(node, rejects("type mismatch in function arguments", "E0631"))


def std_method_value(
    lowerer: Any, node: Any, names: list[str], targs: list | None = None
) -> Any | None:
    """`Vec::len`, `str::parse`, `Result::unwrap`, `char::is_alphanumeric` (`_STD_METHODS`)
    named as the function of `map`, `filter`, `all`.. over items of a source pbpit knows
    (`g.iter().map(Vec::len)`, `s.split(',').map(str::parse)`): the closure `|v: &Vec<_>|
    v.len()`, its receiver typed so that items of another type are refused (rustc's E0631).
    None (left to the caller) when the items are not what the method takes: a `&self`
    method's `&T` (a `str` method's `&str`), a `self` method's `T`."""
    from pbpit.rust.interp.nodes import Method
    from pbpit.rust.interp.types import CHAR, STR, STRING, Var, dyn_result, option, vec

    if len(names) != 2 or names[1] not in _STD_METHODS.get(names[0], {}):
        return None
    takes = _STD_METHODS[names[0]][names[1]]
    wanted = 0 if takes == _VALUE or names[0] == "str" else 1  # (a `str`'s `&self` is `&str`)
    given = _references(lowerer, node)
    if names[0] == "char" and _str_pattern(lowerer, node):  # `trim_end_matches(char::is_numeric)`
        given = 0  # (a pattern's `FnMut(char) -> bool` is given each char by value)
        if takes == _REF:  # `char::is_ascii_digit` takes `&self`: rustc's E0631
            raise _mismatch(lowerer, node)
    if given is not None and given > wanted:  # `v.iter().map(Result::unwrap)`: a `&Result`
        raise _mismatch(lowerer, node)
    if given != wanted:  # (fewer: the items may be references pbpit does not see)
        return None
    pos = lowerer.pos(node)
    owners = {
        "Vec": vec(Var()),
        "String": STRING,
        "str": STR,
        "char": CHAR,
        "Option": option(Var()),
        "Result": dyn_result(Var(), Var()),
    }

    def call(receiver: Any) -> Any:
        made = Method(pos, receiver, names[1], targs or [], [])
        made.through = CALLED_BY_ITERATOR  # type: ignore[attr-defined]  # (its panics' place)
        return made

    return _receiver_closure(lowerer, pos, f"{names[0]}::{names[1]}", owners[names[0]], call)


CALLED_BY_ITERATOR = "FnOnce::call_once by an iterator"
"""The row of `core_panics` where a method named by its path and called by an iterator's
adapter (`map(Result::unwrap)`) reports its `#[track_caller]` panic: core's `call_once`."""


def generic_method_value(lowerer: Any, node: Any) -> Any | None:
    """`str::parse::<u8>` named as a function value (a `generic_function` node): as
    `std_method_value`, the method called with its type arguments; None for another."""
    function = node.child_by_field_name("function")
    if function.type != "scoped_identifier":
        return None
    names = [s[0] for s in lowerer.segments(function)]
    if names[:2] != ["str", "parse"] or len(names) != 2:
        return None
    targs = [lowerer.type(t) for t in lowerer.kids(node.child_by_field_name("type_arguments"))]
    return std_method_value(lowerer, node, names, targs)


def unify_params(checker: Any, closure: Any, params: list, expected: list) -> None:
    """The parameters of `closure` given the types its caller passes: for the closure a
    method's path stands for (`map(Vec::len)`), items of another type are rustc's E0631
    (type mismatch in function arguments) at the path; else the checker's `unify`."""
    from pbpit.rust.interp.types import Mismatch, unify

    for binding, param, ty in zip(closure.params, params, expected, strict=True):
        name = getattr(binding, "name", "")
        if not name.endswith(" receiver"):  # (`_receiver_closure`'s parameter)
            checker.unify(param, ty, closure.pos)
            continue
        try:
            unify(param, ty)
        except Mismatch:
            err = checker.fail(closure.pos, rejects("type mismatch in function arguments", "E0631"))
            err.label = f"expected function signature `fn({show(resolve(ty))}) -> _`"
            raise err from None


def variant_value(lowerer: Any, node: Any, name: str) -> Any | None:
    """`Some` and `Ok` named as function values (`map(Some)`, `.map(Ok)`): the closure `|x|
    Some(x)`; None for another name."""
    from pbpit.rust.interp.nodes import SomeLit, Static

    if name not in ("Some", "Ok") or lowerer.named_struct(name) is not None or name in lowerer.fns:
        return None
    pos = lowerer.pos(node)
    if name == "Some":
        return _receiver_closure(lowerer, pos, name, None, lambda r: SomeLit(pos, r))
    return _receiver_closure(lowerer, pos, name, None, lambda r: Static(pos, "Result::Ok", [r]))
