"""`Iterator`'s adapters and consumers on `v.iter()`, `into_iter()` and ranges, a row each
(`builtins.Builtin`): its types (pbpit holds `&T` as `T`) and its behaviour, run lazily as
Rust's (`iterators.py`'s `Lazy`). `next`, `peekable`, `chain`, `max_by`.. are
`iterators.check_method`'s."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import dropwhile, takewhile
from typing import Any

from pbpit.rust.interp import (
    chars_as_str,
    exact_size,
    iter_eq,
    iter_try,
    iter_unzip,
    iterators,
    std_collect,
    sum_impls,
    vecdeque_layout,
)
from pbpit.rust.interp.builtins import Builtin, Code, rows
from pbpit.rust.interp.check_rules import collected_into
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.growth import pulled
from pbpit.rust.interp.nodes import Closure, Local, Method, Unsupported
from pbpit.rust.interp.range_methods import range_rows
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STR,
    STRING,
    UNIT,
    USIZE,
    Mismatch,
    TensorT,
    TupleT,
    Ty,
    Var,
    Wrap,
    is_int,
    is_number,
    option,
    resolve,
    show,
    unify,
    vec,
)

_ITER = "Iter"
_item = iterators._item


# -- types ----------------------------------------------------------------------------------------


def _closure_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`map`, `filter`, `for_each`, `any`, `all`, `position`: one closure of an item."""
    name, item = e.name, _item(recv)
    if name in ("any", "all", "position") and isinstance(e.recv, Local):
        ck.mutable_receiver(e)  # `&mut self`: they pull the variable's items
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [item])
    if name in ("filter", "any", "all", "position"):
        ck.unify(BOOL, fn.ret, e.args[0].pos)
    if name == "for_each":
        ck.unify(UNIT, fn.ret, e.args[0].pos)
    return {
        "map": Wrap(_ITER, fn.ret),
        "filter": Wrap(_ITER, item),
        "for_each": UNIT,
        "position": option(USIZE),
    }.get(name, BOOL)


def _rposition_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`v.iter().rposition(|&x| x == 32)` (`.copied()`, `.cloned()` between): one closure of an
    item, searched from the back (`ExactSizeIterator + DoubleEndedIterator`: pbpit takes it of a
    Vec's, an array's or a slice's `iter()` only, and refuses another iterator)."""
    it = e.recv
    while isinstance(it, Method) and it.name in ("copied", "cloned") and not it.borrowed:
        it = it.recv
    base = resolve(it.recv.ty) if isinstance(it, Method) and it.recv.ty is not None else None
    if not (isinstance(it, Method) and it.name == "iter" and not it.args and not e.recv.borrowed):
        raise ck.fail(e.pos, "`rposition` of another iterator than `v.iter()`")
    if not (type(base) is Wrap and base.kind in ("Vec", "array", "slice")):
        raise ck.fail(e.pos, "`rposition` of another iterator than `v.iter()`")
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [_item(recv)])
    ck.unify(BOOL, fn.ret, e.args[0].pos)
    return option(USIZE)


def _enumerate_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return Wrap(_ITER, TupleT([USIZE, _item(recv)]))


def _zip_type(ck: Any, e: Any, recv: Ty) -> Ty:
    (other,) = ck.args(e, Var())
    found = resolve(other)
    if not (type(found) is Wrap and found.kind in ("Vec", "array", "Range", _ITER)):
        raise ck.fail(e.args[0].pos, f"`{show(other)}` is not an iterator")
    return Wrap(_ITER, TupleT([_item(recv), found.inner]))


def _fold_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 2)
    written = resolve(ck.expected.pop(id(e), Var()))  # `let total: u64 = it.fold(0.0, ..)`
    acc = ck.expr(e.args[0])
    if type(written) is not Var or written.kind is not None:  # the result's type is the
        ck.unify(written, acc, e.args[0].pos)  # accumulator's, as rustc: E0308 at `0.0`
    fn = ck.closure_arg(e.args[1], [acc, _item(recv)])
    ck.unify(acc, fn.ret, e.args[1].pos)
    return acc


def _reduce_type(ck: Any, e: Any, recv: Ty) -> Ty:
    item = _item(recv)
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [item, item])
    ck.unify(item, fn.ret, e.args[0].pos)
    return option(item)


def _collect_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.iter_mut_values import refuse_collected  # (it imports the rows)

    ck.args(e)
    refuse_collected(ck, e)  # `v.iter_mut().collect()`: `&mut` items
    if len(e.targs) > 1:
        raise ck.fail(e.pos, "`collect` takes one type argument")
    item = _item(recv)
    written = resolve(ck.expected.pop(id(e), Var()))  # `let s: String = it.collect();`
    if e.targs or written is STRING or (type(written) is Wrap and written.kind != "Vec"):
        return _collected(ck, e, item, resolve(e.targs[0]) if e.targs else written)
    later = getattr(ck, "settle_later", None)
    # `let d = it.collect();`: its uses decide; but tensors are collected into a `Vec` (what
    # `Tensor::cat` takes), and the item's kind (`Tensor<1, Int>`) is kept so
    if type(written) is Var and later is not None and type(resolve(item)) is not TensorT:
        made: Ty = Var()

        def settle() -> None:
            target = resolve(made)
            if type(target) is Var:  # nothing gave it a type: rustc's E0283
                raise ck.fail(e.pos, rejects("type annotations needed", "E0283"))
            ck.unify(target, _collected(ck, e, item, target), e.pos)

        later.insert(0, settle)  # (before `parse`'s, which the items' type it gives decides)
        return made
    return vec(item)


def _collected(ck: Any, e: Any, item: Ty, target: Ty) -> Ty:
    """The type of `collect` into `target` (`String`, `Vec<T>`, `VecDeque<T>`, an `Option` or
    `Result` of a `Vec`), the items checked against it."""
    if target is STRING and resolve(item) in (CHAR, STR, STRING):
        return STRING  # rustc: `String: FromIterator<char>` (and `<&str>`, `<String>`)
    if target is STRING and (is_number(resolve(item)) or resolve(item) is BOOL):
        shown = show(resolve(item))  # `let s: String = v.iter().map(|w| w.len()).collect();`
        what = "a value of type `String` cannot be built from an iterator over elements of "
        what += f"type `{shown}`"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    shorted = std_collect.collected_type(ck, e, item, target)
    if shorted is not None:  # `Option<Vec<T>>`, `Result<Vec<T>, E>` (std_collect.py)
        return shorted
    if type(target) is Wrap and target.kind == "VecDeque":  # held as a `Vec` is
        collected_into(ck, target, Wrap("VecDeque", item), item, e.pos)
        return target
    if not (type(target) is Wrap and target.kind == "Vec"):
        raise ck.fail(e.pos, f"`collect` into `{show(target)}` (pbpit collects a `Vec`)")
    result = vec(item)
    collected_into(ck, target, result, item, e.pos)
    return result


def _total_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`sum`/`product`: the type the use asks for (settled with the checker's `sums`)."""
    name, item = e.name, _item(recv)
    ck.args(e)
    if len(e.targs) > 1:
        raise ck.fail(e.pos, f"`{name}` takes one type argument")
    if type(resolve(item)) is TensorT:
        raise ck.fail(
            e.pos,
            f"`{name}` of tensors (Burn's `Tensor` implements no `Sum`; write "
            "`.reduce(|a, b| a + b)` or `Tensor::cat`)",
        )
    total = e.targs[0] if e.targs else Var()
    ck.sums.append((total, item, e))
    return total


def settle_totals(ck: Any, last: bool = True) -> None:
    """The `sum()`/`product()`s of the body (`ck.sums`, `_total_type`'s) given the type their
    use asks for (rustc: `S: Sum<&T>`); pbpit sums numbers of the items' own type. Not `last`:
    one still open is kept for the last call (`.map(|c| ..sum()).collect()`, typed by the
    function's result once the collect is settled)."""
    from pbpit.rust.interp.check_rules import unify_sum
    from pbpit.rust.interp.check_tables import is_open
    from pbpit.rust.interp.types import is_number

    kept = [s for s in ck.sums if is_open(s[0]) and not last]
    for total, item, e in (s for s in ck.sums if not (is_open(s[0]) and not last)):
        if is_open(total):
            raise ck.fail(e.pos, "type annotations needed")
        total, item = iter_try.settle_total(ck, total, item, e) or (total, item)  # `Result`s
        if sum_impls.settle(ck, total, item, e):  # `impl Sum for M` of the file's (sum_impls)
            continue
        unify_sum(ck, total, item, e)  # E0277 for another item type
        if not is_number(resolve(total)):
            raise ck.fail(e.pos, f"`{e.name}` of `{show(item)}` (pbpit sums numbers)")
    ck.sums = kept


def _while_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`take_while`, `skip_while`: a test of an item (`&Self::Item`)."""
    ck.arity(e, 1)
    ck.unify(BOOL, ck.closure_arg(e.args[0], [_item(recv)]).ret, e.args[0].pos)
    return Wrap(_ITER, _item(recv))


def _filter_map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`filter_map(f)`: `f` gives an `Option<B>` of each item; the `B`s of its `Some`s."""
    ck.arity(e, 1)
    found: Ty = Var()
    ck.unify(option(found), ck.closure_arg(e.args[0], [_item(recv)]).ret, e.args[0].pos)
    return Wrap(_ITER, found)


def _find_map_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`find_map(f)`: the first `Some` `f` gives (`&mut self`: a variable's items pulled)."""
    if isinstance(e.recv, Local):
        ck.mutable_receiver(e)
    ck.arity(e, 1)
    found = option(Var())
    ck.unify(found, ck.closure_arg(e.args[0], [_item(recv)]).ret, e.args[0].pos)
    return found


def _inspect_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`inspect(f)`: each item, `f` called with it (`&Self::Item`) as it passes."""
    ck.arity(e, 1)
    ck.unify(UNIT, ck.closure_arg(e.args[0], [_item(recv)]).ret, e.args[0].pos)
    return Wrap(_ITER, _item(recv))


def _scan_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`scan(init, |state, x| ..)`: the state (`&mut St`, St the initial value's type) and each
    item give an `Option<B>`; the `B`s until the first `None`."""
    ck.arity(e, 2)
    state = ck.expr(e.args[0])
    found: Ty = Var()
    closure = e.args[1]
    if not isinstance(closure, Closure) or len(closure.params) != 2:
        raise ck.fail(closure.pos, "`scan` with other than a closure `|state, x| ..` written there")
    written = closure.param_tys[0]  # `|st: &mut Option<f32>, &x|`: the state's type written
    if written is not None:
        from pbpit.rust.interp.value_slots import plainly_value

        state_node = getattr(closure.params[0], "written", None)
        borrowed = e.args[0].borrowed and plainly_value(state_node)  # `scan(&None, ..)`
        try:
            if borrowed:
                raise Mismatch(written, state)
            unify(written, state)
        except Mismatch:  # `scan(0.0, |acc: &mut u32, x| ..)`
            err = ck.fail(e.pos, rejects("type mismatch in closure arguments", "E0631"))
            err.label, err.end = "expected due to this", (e.pos[0], e.pos[1] + len("scan"))
            raise err from None
    ck.unify(option(found), ck.closure_arg(closure, [state, _item(recv)]).ret, closure.pos)
    return Wrap(_ITER, found)


def _partition_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`partition(f)`: two collections of the items, those `f` accepts first; pbpit makes
    `Vec`s, whose type the program writes (`let (a, b): (Vec<_>, Vec<_>) = ..`, or
    `partition::<Vec<_>, _>`), as rustc needs it written or inferred."""
    item = _item(recv)
    ck.arity(e, 1)
    ck.unify(BOOL, ck.closure_arg(e.args[0], [item]).ret, e.args[0].pos)
    if len(e.targs) > 2:
        raise ck.fail(e.pos, "`partition` takes two type arguments")
    written = resolve(ck.expected.pop(id(e), Var()))
    made = vec(item)
    if e.targs:
        target = resolve(e.targs[0])
    elif type(written) is TupleT and len(written.elems) == 2:
        target = resolve(written.elems[0])
    else:
        raise ck.fail(e.pos, "`partition` without its collections' type written (write `let "
                      "(a, b): (Vec<_>, Vec<_>) = ..`)")
    if not (type(target) is Wrap and target.kind == "Vec"):
        raise ck.fail(e.pos, f"`partition` into `{show(target)}` (pbpit makes `Vec`s)")
    try:
        unify(target.inner, item)
    except Mismatch:  # `(0u32..10).partition::<Vec<i32>, _>(..)`: `Vec<i32>: Extend<u32>`
        extend = f"Extend<{show(resolve(item))}>"
        what = f"the trait bound `{show(target)}: {extend}` is not satisfied"
        err = ck.fail(e.pos, rejects(what, "E0277"))
        err.label = f"the trait `{extend}` is not implemented for `{show(target)}`"
        raise err from None
    ck.unify(target, made, e.pos)
    return TupleT([made, made])


# -- behaviour ------------------------------------------------------------------------------------


def _take_while(items: Any, test: Callable[[Any], bool]) -> iterators.Lazy:
    src = iterators.lazy(items)
    return iterators.Lazy(lambda: takewhile(test, src.front()))


def _skip_while(items: Any, test: Callable[[Any], bool]) -> iterators.Lazy:
    src = iterators.lazy(items)
    return iterators.Lazy(lambda: dropwhile(test, src.front()))


def _filter_map(items: Any, f: Callable[[Any], Any]) -> iterators.Lazy:
    """The values of `f`'s `Some`s, from the front or (a double-ended source) the back."""
    src = iterators.lazy(items)

    def kept(pulled: Iterator[Any]) -> Iterator[Any]:
        return (found.value for found in map(f, pulled) if found is not None)

    back = src.back
    return iterators.Lazy(lambda: kept(src.front()), (lambda: kept(back())) if back else None)


def _find_map(items: Any, f: Callable[[Any], Any]) -> Any:
    for item in iterators.lazy(items).front():
        found = f(item)
        if found is not None:
            return found
    return None


def _inspect(items: Any, f: Callable[[Any], Any]) -> iterators.Lazy:
    def seen(item: Any) -> Any:
        f(item)
        return item

    return iterators.mapped(items, seen)


def _partition(items: Any, test: Callable[[Any], bool]) -> tuple[list, list]:
    accepted: list[Any] = []
    rejected: list[Any] = []
    for item in iterators.lazy(items).front():
        (accepted if test(item) else rejected).append(item)
    return (accepted, rejected)


def _scan(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`scan(init, |state, x| ..)`: the closure runs with `state` a variable of its own frame
    (`*state += x` assigns it: `lower_exprs.e_closure_expression`), and what it holds when the
    closure returns is the state the next item sees; the items end at the first `None`."""
    from pbpit.rust.interp.compile import snapshot  # (compile imports the rows)
    from pbpit.rust.interp.runtime import ReturnSignal

    init, closure = args[0], e.args[1]
    state_slot = closure.params[0].slot
    body = comp.expr(closure.body)

    def run(frame: list) -> Any:
        try:
            value = body(frame)
        except ReturnSignal as signal:  # `return` in the closure
            value = signal.value
        return value, frame[state_slot]

    call = comp.frame_call(closure.scope, closure.params, run, closure.visible, closure.body.pos[0])
    is_move = closure.is_move

    def scan(frame: list) -> Any:
        src, state = iterators.lazy(recv(frame)), init(frame)
        parent = snapshot(frame) if is_move else frame

        def pulled() -> Iterator[Any]:
            held = state
            for item in src.front():
                found, held = call([held, item], parent)
                if found is None:
                    return
                yield found.value

        return iterators.Lazy(pulled)

    return scan




def _rev(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    where = comp.where(e.pos)
    return lambda frame: iterators.reversed_(recv(frame), where)


def _cycle_type(ck: Any, e: Any, recv: Any) -> Any:
    """`it.cycle()` needs `it: Clone`: a closure of the chain that assigns (a captured `&mut`,
    not `Clone`: rustc's E0277) is refused."""
    from pbpit.rust.interp.nodes import Assign, Method, children

    ck.args(e)
    it = e.recv
    while isinstance(it, Method):
        todo = [a for a in it.args if isinstance(a, Closure)]
        while todo:
            node = todo.pop()
            if isinstance(node, Assign) or (isinstance(node, Method) and node.name == "push"):
                what = "`cycle()` of an iterator whose closure changes what it captures"
                raise ck.fail(e.pos, what + " (rustc: E0277, such a closure is not `Clone`)")
            todo.extend(children(node))
        it = it.recv
    return recv


def _cycle(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`it.cycle()`: the iterator cloned at its start each time it runs out (so a `map`'s
    closure runs again each round, as Rust's clone does); none for an empty one. An iterator
    already stepped by hand (`it.next()` then `it.cycle()`) is refused: its clone is its state
    then, which pbpit does not keep."""
    where = comp.where(e.pos)

    def cycle(frame: list) -> Any:
        src = iterators.lazy(recv(frame))
        if src.cursor is not None:
            raise Unsupported(where, "`cycle()` of an iterator already stepped")

        def rounds() -> Any:
            while True:
                empty = True
                for item in src.front():
                    empty = False
                    yield item
                if empty:
                    return

        return iterators.Lazy(rounds)

    return cycle


def _step_by(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """Every n-th item: a lazy iterator stepped as it is pulled, a sequence sliced; `step_by(0)`
    panics inside core (`core_panics`)."""
    from pbpit.rust.interp.core_panics import core_panic

    (step,) = args

    def step_by(frame: list) -> Any:
        items, n = recv(frame), step(frame)
        if type(items) is iterators.Lazy and n:
            return iterators.stepped(items, n)
        if n == 0:
            raise core_panic("Iterator::step_by")
        return items[::n]

    return step_by


_ADAPTERS: dict[str, Callable[..., Any]] = {
    "map": iterators.mapped,
    "filter": iterators.filtered,
    "enumerate": iterators.enumerated,
    "zip": iterators.zipped,
    "position": iterators.position,
    "rposition": iterators.rposition,
    "reduce": iterators.reduce,
    "take_while": _take_while,
    "skip_while": _skip_while,
    "filter_map": _filter_map,
    "partition": _partition,
    "find_map": _find_map,
    "inspect": _inspect,
}


def _adapter(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    adapter = _ADAPTERS[e.name]
    if e.name in ("position", "find_map"):  # `&mut self`: a variable's items pulled are gone
        recv = iterators.advancing(comp, e, recv)
    return lambda frame: adapter(recv(frame), *[a(frame) for a in args])


def _any_all(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    recv = iterators.advancing(comp, e, recv)  # `&mut self`
    (test,) = args
    pick = any if e.name == "any" else all
    return lambda frame: pick(map(test(frame), iterators.lazy(recv(frame))))


def _for_each(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def for_each(frame: list) -> Any:
        f = function(frame)
        for item in iterators.lazy(recv(frame)):
            f(item)
        return UNIT

    return for_each


def _sliced(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (n,), name = args, e.name
    return lambda frame: iterators.sliced(recv(frame), name, n(frame))


def _fold(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    init, function = args

    def fold(frame: list) -> Any:
        acc, f = init(frame), function(frame)
        for item in iterators.lazy(recv(frame)):
            acc = f(acc, item)
        return acc

    return fold


def _consumer(pull: Callable[[Any], Any]) -> Any:
    """A row's behaviour that pulls the iterator through `pull`."""
    return lambda comp, e, recv, args: lambda frame: pull(recv(frame))


def _collect(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """Into a `Vec`, or a `String` of chars or texts, joined (as many as pbpit holds)."""
    where = comp.where(e.pos)
    if resolve(e.ty) is STRING:
        return lambda frame: "".join(pulled(recv(frame), where, "a `String` collected"))
    shorted = std_collect.collector(e.ty)  # into an `Option` or a `Result` (std_collect.py)
    kind = getattr(resolve(e.ty), "kind", None)
    if shorted is not None and kind in ("HashMap", "BTreeMap", "HashSet", "BTreeSet"):
        what = f"a `{kind}` collected"  # (each item pulled, as many as pbpit holds)
        return lambda frame: shorted(pulled(recv(frame), where, what))
    if shorted is not None:  # (an `Option`, a `Result`: pulled to the first `None` or `Err`)
        return lambda frame: shorted(recv(frame))
    if getattr(resolve(e.ty), "kind", None) == "VecDeque" and vecdeque_layout.collected(e):
        return lambda frame: vecdeque_layout.made(
            made := pulled(recv(frame), where, "a `VecDeque` collected"), len(made)
        )  # (a trusted length: that capacity, vecdeque_layout.py)
    return lambda frame: pulled(recv(frame), where, "a `Vec` collected")


def _total(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp import range_from_ends  # (it imports core_panics, which ..)

    if range_from_ends.endless(e) and is_int(e.ty):  # `(1..).sum()`: the panic it ends with
        return range_from_ends.total_code(comp, e)
    own = sum_impls.total_code(comp, e, recv)  # `impl Sum for M` (sum_impls.py)
    if own is not None:
        return own
    shorted = iter_try.total(comp, e, recv)  # into an `Option` or a `Result` (iter_try.py)
    return shorted or comp.accumulate(e, e.name, recv)  # rounded as core's `Sum`/`Product`


def _cloned(item: Any) -> Any:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    return clone_value(item)


ITER = rows(
    _ITER,
    Builtin(_ITER, "rev", (), "self", _rev, exact_size.rev_type),
    Builtin(_ITER, "step_by", ("usize",), "self", _step_by),
    Builtin(_ITER, "cycle", None, "", _cycle, _cycle_type),
    *(Builtin(_ITER, n, None, "", _adapter, _closure_type) for n in ("map", "filter", "position")),
    *(Builtin(_ITER, n, None, "", _any_all, _closure_type) for n in ("any", "all")),
    Builtin(_ITER, "for_each", None, "", _for_each, _closure_type),
    Builtin(_ITER, "rposition", None, "", _adapter, _rposition_type),
    Builtin(_ITER, "enumerate", None, "", _adapter, _enumerate_type),
    *(Builtin(_ITER, n, None, "", _adapter, _while_type) for n in ("take_while", "skip_while")),
    Builtin(_ITER, "filter_map", None, "", _adapter, _filter_map_type),
    Builtin(_ITER, "partition", None, "", _adapter, _partition_type),
    Builtin(_ITER, "find_map", None, "", _adapter, _find_map_type),
    Builtin(_ITER, "inspect", None, "", _adapter, _inspect_type),
    Builtin(_ITER, "scan", None, "", _scan, _scan_type),
    Builtin(_ITER, "zip", None, "", _adapter, _zip_type),
    Builtin(_ITER, "skip", ("usize",), "iter", _sliced),
    Builtin(_ITER, "take", ("usize",), "iter", _sliced),
    *(
        Builtin(_ITER, n, (), "iter", _consumer(lambda it: iterators.mapped(it, _cloned)))
        for n in ("cloned", "copied")
    ),
    Builtin(_ITER, "count", (), "usize", _consumer(iterators.count)),
    Builtin(_ITER, "len", (), "usize", _consumer(iterators.length), exact_size.len_type),
    Builtin(_ITER, "last", (), "option_inner", _consumer(iterators.last)),
    Builtin(_ITER, "fold", None, "", _fold, _fold_type),
    Builtin(_ITER, "reduce", None, "", _adapter, _reduce_type),
    Builtin(
        _ITER, "collect", None, "", _collect, _collect_type
    ),
    *(Builtin(_ITER, n, None, "", _total, _total_type) for n in ("sum", "product")),
    *range_rows(_ITER),  # a range's own: `contains`, `is_empty` (range_methods.py)
    *iter_try.ROWS,  # `try_fold` (iter_try.py)
    *iter_unzip.ROWS,  # `unzip` (iter_unzip.py)
    *iter_eq.ROWS,  # `eq`, `ne` (iter_eq.py)
    *chars_as_str.ROWS,  # `Chars::as_str` (chars_as_str.py)
)
"""The rows of a range's and an iterator's methods (`v.iter().map(..)`, `(0..n).rev()`)."""
