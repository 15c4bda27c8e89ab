"""What a move check knows of a value without its type: whether an expression is certainly a
value of its own, not a reference (pbpit erases references, so its types cannot tell
`Option<&String>` from `Option<String>`), and whether a method takes its receiver by value.

`moves.MoveCheck` asks these (`made`, `holds_values`) as its walk reaches a `let` or a use;
`arm_values` and `method_results` ask them of a match's arms and a method's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbpit.engine.api import RUST_METHODS
from pbpit.rust.interp import (
    arm_values,
    burn_nn,
    method_results,
    place_moves,
    traits,
    user_iterators,
)
from pbpit.rust.interp.builtins import DYN
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Block,
    Call,
    Closure,
    Expr,
    Field,
    FnItem,
    Format,
    If,
    IfLet,
    Lit,
    Local,
    Match,
    Method,
    RangeLit,
    SomeLit,
    Static,
    StructLit,
    TupleLit,
)
from pbpit.rust.interp.types import DynT, TensorT, Wrap, resolve

if TYPE_CHECKING:
    from pbpit.rust.interp.moves import MoveCheck

# `Iterator`'s methods that take `self` (`next`, `nth`, `any`, `all`, `find`, `position` take
# `&mut self`, `len` `&self`: the iterator goes on after them).
_ITERATOR = (
    "map filter filter_map for_each enumerate zip skip take skip_while take_while cloned copied "
    "chain flat_map flatten peekable inspect scan count last fold reduce collect sum product "
    "max min max_by min_by max_by_key min_by_key"
).split()
# Methods of std's types that take `self` (the others pbpit runs take `&self` or `&mut self`).
_BY_VALUE = {
    "Option": {
        *("map", "unwrap", "expect", "unwrap_or"),
        *("and_then", "map_or", "map_or_else", "is_some_and", "filter", "unwrap_or_else"),
        *("unwrap_or_default", "or", "or_else", "xor", "zip", "ok_or", "ok_or_else", "flatten"),
    },
    "Result": {"unwrap", "expect"},
    "DynResult": {  # std's `Result<T, E>` (`Copy` when T and E are: `check_tables.not_copy`)
        *("unwrap", "expect", "ok", "err", "unwrap_or", "unwrap_or_else", "unwrap_or_default"),
        *("map", "map_err", "and_then", "unwrap_err", "?"),
    },
    "Vec": {"into_iter"},
    "VecDeque": {"into_iter"},
    "BTreeMap": {"into_iter", "into_keys", "into_values"},
    "HashMap": {"into_iter", "into_keys", "into_values"},
    "HashSet": {"into_iter"},  # (sets.py)
    "BTreeSet": {"into_iter"},
    "array": {"into_iter"},
    "Range": {"rev", "step_by", *_ITERATOR},
    "Iter": {"rev", "step_by", *_ITERATOR},
}
# Methods whose result is a value of its own, never a reference (`Vec`, `String`, a clone);
# what a `&mut self` method takes out (`pop`, `remove`) is a value when its receiver holds
# values (`method_results.py`: a `Vec<&String>`'s `pop()` gives a `Copy` `Option<&String>`).
_MADE = frozenset(("clone", "collect", "to_vec", "to_owned", "concat", "join"))
# ... and those taking an element out of a collection (a value if the collection holds values)
_TAKEN_OUT = frozenset(("pop_front", "pop_back", "pop_first", "pop_last"))


def made(check: MoveCheck, e: Expr | None) -> bool:
    """Whether `e` is certainly a value, not a reference, where the checker could not tell:
    what a method of the program's own returns by value (`q.shifted(1.0)`), a `clone()`
    (of a type that is `Clone`: pbpit runs no other), what `collect()` and the like make,
    an iterator or a range, `unwrap()` or `?` of such a value, `Box::new` of one, a variable
    given such a value."""
    if e is None or e.borrowed:
        return False
    if isinstance(e, Local):
        return e.binding.owned or e.binding in check.owned
    if isinstance(e, traits.BoxNew):
        return isinstance(e.value, StructLit) or made(check, e.value)
    if isinstance(e, RangeLit):
        return True  # a `Range` is not `Copy`
    if isinstance(e, Match | If | IfLet):  # each arm a value or none (arm_values.py)
        return arm_values.made(check, e)
    if isinstance(e, Block):  # `{ let kept = f.clone(); if c { kept } else { .. } }`: its tail
        return e.tail is not None and made(check, e.tail)
    if isinstance(e, Call) and isinstance(e.callee, Local) and not e.callee.borrowed:
        closure = check.bound_closures.get(e.callee.binding)  # `features()` of `|| feat.clone()`
        body = closure.body if closure is not None else None
        return body is not None and (made(check, body) or holds_values(check, body))
    if not isinstance(e, Method):
        return False
    ty = resolve(e.ty)
    if type(ty) is Wrap and ty.kind in ("Iter", "Range"):
        return True  # an iterator an adapter or `iter()` makes: a value, not `Copy`
    if e.user is not None:
        return e.user.ret_owned
    if e.impl is DYN:  # `agent.act(&x)` of `Box<dyn Policy>`, `T: Policy`: the trait's method
        return _dispatched_value(e)
    if e.name in _MADE or ty is burn_nn.NAMED_TYPES["GradientsParams"]:
        return True  # (`accumulator.grads()`: Burn hands the sum over, a value)
    if method_results.fresh_container(e):  # `heap.into_sorted_vec()`, `s.to_uppercase()`
        return True
    if method_results.hands_out_values(check, e, takes_self(e)) or _cloned_option(check, e):
        return True  # `o.take()`, `it.next()`, `o.unwrap_or(..)` of values: values
    if e.name in _TAKEN_OUT and isinstance(e.recv, Local):  # `q.pop_front()` of a
        # `VecDeque<String>` (`q: &mut VecDeque<Job>`): an element, not a reference
        return holds_values(check, e.recv) or e.recv.binding in check.behind
    # (`?` is lowered to the method `?`: `collect::<Result<Vec<_>, _>>()?` a value too)
    return e.name in ("unwrap", "expect", "unwrap_err", "?") and made(check, e.recv)


def _dispatched_value(e: Method) -> bool:
    """Whether the trait method a `dyn Trait` or `T: Trait` receiver dispatches to is written to
    return a value (`fn act(&mut self, x: &Tn) -> Tn`): no `&` in its result, nor a type
    parameter a call may fill with a reference."""
    recv = resolve(e.recv.ty)
    found = [recv.trait] if type(recv) is DynT else list(getattr(recv, "bounds", ()))
    seen: list[Any] = []
    while found:
        trait = found.pop(0)
        seen.append(trait)
        sig = trait.methods.get(e.name)
        if sig is not None:
            ret = sig.node.child_by_field_name("return_type")
            # (`Self::Item` may be a reference; `_generic` asks the `trait` too)
            return ret is not None and not {*b"&'_:"} & set(ret.text) and not _generic(sig.node)
        found.extend(t for t in trait.supertraits if t not in seen)
    return False


def _cloned_option(check: MoveCheck, e: Method) -> bool:
    """`o.as_ref().map(|b| b.clone())` of an `Option` holding values: a clone of `o`, a value
    (the closure's `b` is a `&T`, its clone a `T`)."""
    closure = e.args[0] if e.name == "map" and len(e.args) == 1 else None
    if not isinstance(closure, Closure) or len(closure.params) != 1 or closure.borrowed:
        return False
    body, recv = closure.body, e.recv
    if not isinstance(body, Method) or body.name != "clone" or body.borrowed or body.args:
        return False
    param = body.recv
    if not isinstance(param, Local) or param.borrowed or param.binding is not closure.params[0]:
        return False
    if not isinstance(recv, Method) or recv.name != "as_ref" or recv.args or recv.borrowed:
        return False
    ty = resolve(recv.recv.ty)
    return type(ty) is Wrap and ty.kind == "Option" and holds_values(check, recv.recv)


def holds_values(check: MoveCheck, e: Expr | None) -> bool:
    """Whether `e` is certainly made of values all through, no reference inside (pbpit
    erases references, so its types cannot tell `Option<&String>` from `Option<String>`):
    literals of such, a variable holding such, a call of a function whose written result
    has no `&`."""
    if e is None or e.borrowed:
        return False
    if isinstance(e, Lit):
        return e.kind != "str"
    if isinstance(e, Format | RangeLit):
        return True
    if _fresh_tensor(e):  # `Tensor::from_data(..)`, `x.matmul(w)` (of a `&Tensor` too)
        return True
    if isinstance(e, Static):  # `String::from("a")` (not `Vec::new()`: a push may give
        if type(resolve(e.ty)) is Wrap:  # it references)
            return False
        return all(holds_values(check, arg) or isinstance(arg, Lit) for arg in e.args)
    if isinstance(e, SomeLit):
        return e.value is None or holds_values(check, e.value)
    if isinstance(e, TupleLit | ArrayLit):
        return all(holds_values(check, part) for part in e.elems)
    if isinstance(e, ArrayRepeat):  # `vec![vec![0.5; 2]; 3]`
        return holds_values(check, e.elem)
    if isinstance(e, StructLit):
        return all(holds_values(check, part) for part in e.values)
    if isinstance(e, Block):  # `Config { name: tag("d"), ..base_config() }`
        return e.tail is not None and holds_values(check, e.tail)
    if isinstance(e, Field) and isinstance(e.base, Local) and not e.base.borrowed:
        return e.base.binding in check.values and place_moves.valued_field(e)
    if isinstance(e, Local):
        return e.binding in check.values
    if isinstance(e, Call) and isinstance(e.callee, FnItem):
        ret = e.callee.node.child_by_field_name("return_type")
        return ret is not None and b"&" not in ret.text
    if isinstance(e, Method) and e.user is not None and e.user.self_kind:
        # a method of the program's own, its written result without `&` (`h.chunk(2)` of
        # `fn chunk(self, n: usize) -> Vec<T>`), nor a type parameter a call may fill with one
        ret = e.user.node.child_by_field_name("return_type")
        return ret is not None and not {*b"&'"} & set(ret.text) and not _generic(e.user.node)
    if isinstance(e, Method) and e.name == "to_string":  # a `String`, whatever it formats
        return True
    if isinstance(e, Method) and e.name == "into" and e.user is None:  # `"exp".into()`
        return isinstance(e.recv, Lit) and not e.recv.borrowed or holds_values(check, e.recv)
    if isinstance(e, Method) and method_results.hands_out_values(check, e, takes_self(e)):
        return True  # `o.take()` of an `Option<Vec<f32>>` (method_results.py)
    return isinstance(e, Method) and e.name == "clone" and holds_values(check, e.recv)


def _fresh_tensor(e: Expr) -> bool:
    """Whether `e` is a tensor Burn makes: a function of Burn's (`Tensor::from_data`) or a
    method of a tensor (`x.clone()`, `a.matmul(b)`, of a `&Tensor` too), never a reference."""
    try:
        if type(resolve(e.ty)) is not TensorT:
            return False
        if isinstance(e, Static):
            return True
        return (
            isinstance(e, Method)
            and e.user is None
            and e.impl is not DYN
            and type(resolve(e.recv.ty)) is TensorT
        )
    except Exception:  # a type the checker left open
        return False


_GENERIC_ITEMS = ("function_item", "function_signature_item", "impl_item", "trait_item")


def _generic(node: Any) -> bool:
    """Whether a method's `fn` or its `impl` declares type parameters (`impl<T> Stack<T>`)."""
    while node is not None:
        if node.type in _GENERIC_ITEMS and node.child_by_field_name(
            "type_parameters"
        ):
            return True
        node = node.parent
    return False


def takes_self(e: Method) -> bool:
    """Whether the method takes its receiver by value (`self`), as Burn and std declare it."""
    recv = resolve(e.recv.ty)
    if hasattr(e.recv, user_iterators.AS_ITER):  # `counter.sum()` (user_iterators.py)
        return user_iterators.takes_self(e)
    if e.user is not None:
        return e.user.self_kind == "value"
    if e.name == "clone":
        return False
    if e.name == "into" and getattr(e.impl, "family", None) == "From":  # (error_from.py)
        return True
    if type(recv) is TensorT:
        row = RUST_METHODS.get(e.name)
        return row is not None and row.receiver == "self"
    if type(recv) is Wrap:
        return e.name in _BY_VALUE.get(recv.kind, ())
    if getattr(e.impl, "family", None) == "derived":  # `a.max(b)` of `#[derive(Ord)]`
        return e.name in ("max", "min", "clamp")
    return False
