"""Lifetime elision in a function's signature (the Reference's "Lifetime elision" rules): a
reference in the return type written without a lifetime takes the lifetime of `&self` or
`&mut self` when there is one, else of the one lifetime the parameters hold; with none, or
more than one, rustc asks for it to be named (E0106, "missing lifetime specifier").
`fn longer(a: &str, b: &str) -> &str` is E0106; `fn first(v: &[f32]) -> &f32` is not.
Lifetimes are otherwise not checked: this is the one signature rustc rejects outright. A
parameter whose reference names no lifetime, returned where the return type names one, is
rustc's E0621; a reference to the body's own value returned, E0515."""

from __future__ import annotations

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import Node

# A `Fn(&str) -> &str` bound is its own elision scope: its references are not the function's.
_OWN_SCOPE = frozenset({"function_type"})


def _lifetimes(node: Node, text) -> tuple[list[Node], set[str]]:
    """The references written without a lifetime under `node`, and the lifetimes named there."""
    elided: list[Node] = []
    named: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in _OWN_SCOPE:
            continue
        if n.type == "reference_type" and not any(c.type == "lifetime" for c in n.children):
            elided.append(n)
        elif n.type == "lifetime":
            named.add(text(n))
        stack.extend(reversed(n.children))
    return elided, named


def missing_lifetime(fn: Node, text) -> Node | None:
    """The first reference of `fn`'s return type whose lifetime elision cannot fill, or None."""
    ret = fn.child_by_field_name("return_type")
    if ret is None:
        return None
    wanted, _ = _lifetimes(ret, text)
    if not wanted:
        return None
    params = fn.child_by_field_name("parameters")
    count = 0
    names: set[str] = set()
    for param in params.named_children if params is not None else ():
        if param.type == "self_parameter":
            if any(c.type == "&" for c in param.children):
                return None  # `&self` / `&mut self`: the output borrows from self
            continue
        kind = param.child_by_field_name("type")
        if kind is None:
            continue
        elided, named = _lifetimes(kind, text)
        count += len(elided)
        names |= named - {"'static"}
    return None if count + len(names) == 1 else wanted[0]


def refuse_returned_local(checker, fn) -> None:  # noqa: ANN001 - a Checker, a FnItem
    """`fn best(xs: &[f32]) -> &f32 { let v = xs.to_vec(); &v[0] }`: a function written to
    return a reference returns one to a variable of its own body, certainly a value (not a
    parameter, not a reference), or std's view of it (`s.as_str()`, `s.trim()`): rustc's E0515
    (the value is dropped as the function returns).
    The returned value is the body's tail and each `return` (a closure's are its own)."""
    from pbpit.rust.interp.nodes import Block, Closure, Let, Local, Return, children

    written = fn.node.child_by_field_name("return_type") if fn.node is not None else None
    if written is None or fn.body is None:
        return
    # `-> Option<&T>`: only a view chain of a local is judged (`local.first()`, `.get(0)`)
    optional = written.type == "generic_type" and written.text.replace(b" ", b"").startswith(
        b"Option<&"
    )
    if written.type != "reference_type" and not optional:
        return
    returned = _results(fn.body) if isinstance(fn.body, Block) else []  # (`if`'s branches)
    if not optional:
        _refuse_elided_returned(checker, fn, written)  # `-> &'a str` of `b: &str`: E0621
    lets: dict[int, object] = {}  # each `let` name's value (`let w = s.split(' ').next()..`)
    made: dict[int, object] = {}  # `let w = v.to_vec();`: a value of the body's own, its init
    picked: dict[int, object] = {}  # a name given a reference into what it was picked from
    stack = [fn.body]
    while stack:
        node = stack.pop()
        if isinstance(node, Return) and node.value is not None:
            returned.extend(_results(node.value))
        if isinstance(node, Let) and node.binding is not None and _made(node.init):
            made[id(node.binding)] = node.init
        if isinstance(node, Let) and node.binding is not None and node.init is not None:
            lets[id(node.binding)] = node.init
        _note_picked(node, picked)
        if not isinstance(node, Closure):
            stack.extend(children(node))
    for value in returned:
        root = _borrowed_root(value) if value is not None and value.borrowed else None
        if optional and root is not None:
            continue
        if value is not None and not value.borrowed:
            root = _viewed_root(value, made)  # `s.as_str()`, `s.trim()`: they borrow `s`
        if root is None and isinstance(value, Local) and not value.borrowed:
            given = lets.get(id(value.binding))  # `let w = s.trim(); w`
            root = _viewed_root(given, made) if given is not None else None
        if root is None and value is not None and not value.borrowed and not optional:
            root = _picked_root(value, picked)  # `Some(x) => x` of `match c.last()`
        if root is None or (root is not value and root.borrowed):
            continue
        binding = root.binding  # (`owned`: certainly not a reference, the checker's judgment)
        if getattr(binding, "argument", False) or binding.name == "self":
            continue
        if not binding.owned and id(binding) not in made:
            continue
        name = root.binding.name
        if value is root:
            what = f"cannot return reference to local variable `{name}`"
            label = "returns a reference to data owned by the current function"
        else:
            what = f"cannot return value referencing local variable `{name}`"
            label = "returns a value referencing data owned by the current function"
        where = (value.borrow_pos or value.pos) if value.borrowed else root.pos
        err = checker.fail(where, f"{what} (rustc rejects it: error[E0515])")
        err.label = label
        raise err


def _note_picked(node, picked: dict) -> None:  # noqa: ANN001 - a node
    """`x` of `match c.last() { Some(x) => .. }` (an `if let` too), of `let m =
    c.iter().max().unwrap();`: the expression it was picked from, by its binding's id."""
    from pbpit.rust.interp import ref_results
    from pbpit.rust.interp.nodes import IfLet, Let, Match

    if isinstance(node, Match) and ref_results.shape(node.value) == ref_results.OPTION_REF:
        for arm in node.arms:
            pat = arm.pat
            if pat.kind == "some" and pat.subs and pat.subs[0].kind == "bind":
                if pat.subs[0].binding is not None and not pat.subs[0].subs:
                    picked[id(pat.subs[0].binding)] = node.value
    if isinstance(node, IfLet) and node.binding is not None:
        if ref_results.shape(node.value) == ref_results.OPTION_REF:
            picked[id(node.binding)] = node.value
    if isinstance(node, Let) and node.binding is not None and node.init is not None:
        if not node.init.borrowed and ref_results.shape(node.init) == ref_results.REF:
            picked[id(node.binding)] = node.init


def _picked_root(value, picked: dict):  # noqa: ANN001, ANN202 - an Expr; a Local or None
    """The variable a name picked from it by reference borrows (`c` of `x`, `Some(x)` of
    `c.last()`): the chain's first receiver, a variable taken whole."""
    from pbpit.rust.interp.nodes import Local, Method

    if not isinstance(value, Local) or id(value.binding) not in picked:
        return None
    chain = picked[id(value.binding)]
    while isinstance(chain, Method) and not chain.borrowed:
        chain = chain.recv
    return chain if isinstance(chain, Local) and not chain.borrowed else None


def _refuse_elided_returned(checker, fn, written) -> None:  # noqa: ANN001
    """`fn pick<'a>(a: &'a str, b: &str) -> &'a str { .. b }`: a parameter whose reference
    type names no lifetime, returned as it is where the return type names one: rustc's E0621
    ("explicit lifetime required in the type of `b`"), whatever the callers give."""
    from pbpit.rust.interp.nodes import Block, Closure, Local, Return, children

    named = next((c for c in written.children if c.type == "lifetime"), None)
    if named is None or named.text == b"'static":
        return
    elided: dict[str, Node] = {}  # each parameter written `name: &T`
    params = fn.node.child_by_field_name("parameters")
    for param in params.named_children if params is not None else ():
        pattern, kind = param.child_by_field_name("pattern"), param.child_by_field_name("type")
        if pattern is None or kind is None or pattern.type != "identifier":
            continue
        if kind.type == "reference_type" and not any(c.type == "lifetime" for c in kind.children):
            elided[pattern.text.decode()] = kind
    if not elided:
        return
    returned = _results(fn.body.tail) if isinstance(fn.body, Block) and fn.body.tail else []
    stack = [fn.body]
    while stack:
        node = stack.pop()
        if isinstance(node, Return) and node.value is not None:
            returned.extend(_results(node.value))
        if not isinstance(node, Closure):
            stack.extend(children(node))
    for value in returned:
        if not isinstance(value, Local) or value.borrowed:
            continue
        binding = value.binding
        if getattr(binding, "argument", False) and binding.name in elided:
            what = f"explicit lifetime required in the type of `{binding.name}`"
            err = checker.fail(value.pos, rejects(what, "E0621"))
            err.label = f"lifetime `{named.text.decode()}` required"
            raise err


# Methods whose result is a new value, never a reference, whatever their receiver (not `clone`:
# of a `&str`, a `&str`)
_MAKING = frozenset(("to_vec", "collect", "to_string", "to_owned"))


def _made(init) -> bool:  # noqa: ANN001 - an Expr or None
    from pbpit.rust.interp.nodes import Method

    if isinstance(init, Method) and init.name == "clone" and not init.args and not init.borrowed:
        return _cloned_value(init)  # `let local = v.clone();` of a `&Vec<f32>`: a `Vec`
    from pbpit.rust.interp.method_results import fresh_container
    from pbpit.rust.interp.nodes import Format

    if isinstance(init, Format) or fresh_container(init):  # `text.to_uppercase()`
        return True
    return isinstance(init, Method) and init.name in _MAKING and not init.borrowed


def _cloned_value(e) -> bool:  # noqa: ANN001 - a Method `clone`
    """Whether `x.clone()` certainly makes a value: of a `Vec`, a `String`, a map, a struct that
    derives `Clone` (of a type not `Clone` it would copy the reference)."""
    from pbpit.rust.interp.types import STRING, StructT, Wrap, resolve

    made = resolve(e.ty)
    if type(made) is StructT:
        return "Clone" in made.item.derives
    return made is STRING or type(made) is Wrap and made.kind in ("Vec", "HashMap", "VecDeque")


# std's methods returning a reference into their receiver (`&str`, `&[T]`), as a function whose
# return type is a reference returns them
_VIEWS = frozenset(("as_str", "as_slice", "as_bytes", "trim", "trim_start", "trim_end"))


def _viewed_root(e, made: dict):  # noqa: ANN001, ANN202 - an Expr; a Local or None
    """The variable a chain of std's views of it borrows: `s` of `s.as_str()`,
    `s.trim().trim_end()`; None for anything else."""
    from pbpit.rust.interp.builtins import Builtin
    from pbpit.rust.interp.nodes import Local, Method

    if not (isinstance(e, Method) and e.name in _VIEWS | _CHAINED and isinstance(e.impl, Builtin)):
        return None
    chained = False
    while isinstance(e, Method) and e.name in _VIEWS | _CHAINED and isinstance(e.impl, Builtin):
        if e.args and e.name not in _PATTERNED or e.borrowed:
            return None
        chained = chained or e.name in _CHAINED
        e = e.recv
    # (the variable itself: of a field or an element, `w.name.trim()`, the view may borrow
    # what a `&str` there points to, not the variable: not judged)
    if not isinstance(e, Local) or e.borrowed:  # (not `(&s).as_str()`)
        return None
    return e if not chained or _owns_data(e, made) else None


# ... and the chains that hand out a view of it through an iterator or an `Option`
# (`owned.split(' ').next().unwrap()`, `v.iter().max().unwrap()`, `v.first().unwrap()`): the
# result borrows the receiver when that is a `String` or a collection (an `Option<&str>`
# variable's `unwrap()` gives the reference it holds)
_CHAINED = frozenset(
    ("split", "split_whitespace", "lines", "split_terminator", "iter", "next", "last", "max")
    + ("min", "first", "unwrap", "expect", "rev", "peekable")
)
_CHAINED |= {"get", "max_by", "min_by", "max_by_key", "min_by_key", "find"}
# (a pattern, a message, an index, a closure comparing or testing items: none gives the result)
_PATTERNED = frozenset(
    ("split", "split_terminator", "expect", "get", "max_by", "min_by", "max_by_key")
    + ("min_by_key", "find")
)


def _owns_data(e, made: dict) -> bool:  # noqa: ANN001 - a Local
    """Whether the variable is a `String`, or a collection of values (what a view of it points
    into; a view of a `Vec<&str>`'s item reborrows the `&str`, not the `Vec`): its element type
    written as a value (`let v: Vec<f64>`), its literal's items made in place, or a copy
    (`to_vec()`, `clone()`) of a parameter so written (`xs: &[i32]`)."""
    from pbpit.rust.interp.element_values import ELEMENTS_WRITTEN, element_written
    from pbpit.rust.interp.made_items import MADE_ITEMS
    from pbpit.rust.interp.nodes import Local, Method
    from pbpit.rust.interp.types import STRING, Wrap, resolve
    from pbpit.rust.interp.value_slots import plainly_value

    try:
        ty = resolve(e.ty)
    except Exception:  # (a type the checker left open)
        return False
    if ty is STRING:
        return True
    if type(ty) is not Wrap or ty.kind not in ("Vec", "VecDeque", "array"):
        return False
    binding = e.binding
    if getattr(binding, MADE_ITEMS, False):
        return True
    init = made.get(id(binding))
    if isinstance(init, Method) and init.name in ("to_vec", "clone"):
        if isinstance(init.recv, Local):
            binding = init.recv.binding  # (the parameter copied)
    written = getattr(binding, "written", None) or getattr(binding, ELEMENTS_WRITTEN, None)
    return plainly_value(element_written(written))


def _borrowed_root(e):  # noqa: ANN001, ANN202 - an Expr; a Local or None
    """The variable at the bottom of a borrowed place: `v` of `&v[0]`, `&v[..2]`, `&s.name[1..]`
    (a range index is a `Method` named `[..]`)."""
    from pbpit.rust.interp.nodes import Field, Index, Local, Method
    from pbpit.rust.interp.slices import RANGE_INDEX

    while isinstance(e, Field | Index) or isinstance(e, Method) and e.name == RANGE_INDEX:
        e = e.recv if isinstance(e, Method) else e.base
    return e if isinstance(e, Local) else None


def _results(e) -> list:  # noqa: ANN001 - an Expr
    """The expressions `e` gives its value as: a block's tail, each branch of an `if` or a
    `match`."""
    from pbpit.rust.interp.nodes import Block, If, IfLet, Match

    if isinstance(e, Block):
        return _results(e.tail) if e.tail is not None else []
    if isinstance(e, If | IfLet):
        return _results(e.then) + (_results(e.els) if e.els is not None else [])
    if isinstance(e, Match):
        return [found for arm in e.arms for found in _results(arm.body)]
    return [e]


def refuse_closure_returned_local(checker, closure) -> None:  # noqa: ANN001 - a Checker, a Closure
    """`|&x| Some(&x)`, `|x| &x`, `|n| { let y = n + 1; (&y, 2) }`, `|i| Ok(&i)`,
    `|&x| Reverse(&x)`: a closure returns a borrow of its own parameter or local, dropped as
    the closure returns. With no
    return type written nothing coerces `&x` (a `&&T` of a reference `x` too); with one
    (`-> Option<&i32>`), only a variable certainly not a reference is judged. rustc rejects it
    either way: E0515 where the types fit, else the type error it meets first (the borrow
    collected into a `Vec<i32>`: E0277), which pbpit cannot tell with references erased, so
    the refusal names no code."""
    from pbpit.rust.interp.nodes import (
        ArrayLit,
        Closure,
        Local,
        Return,
        SomeLit,
        Static,
        TupleLit,
        children,
    )

    returned = _results(closure.body)
    stack = [closure.body]
    while stack:
        node = stack.pop()
        if isinstance(node, Return) and node.value is not None:
            returned.extend(_results(node.value))
        if not isinstance(node, Closure):
            stack.extend(children(node))
    for value in returned:
        parts = [value]
        if isinstance(value, SomeLit):
            parts = [value.value]
        elif isinstance(value, Static) and value.name.endswith(("::Ok", "::Err", "cmp::Reverse")):
            parts = list(value.args)
        elif isinstance(value, TupleLit | ArrayLit):
            parts = list(getattr(value, "elems", ()))
        for part in parts:
            if not (isinstance(part, Local) and part.borrowed):
                continue
            binding = part.binding
            if binding.scope is not closure.scope or (
                closure.ret is not None and not binding.owned
            ):
                continue
            whose = (
                "function parameter" if getattr(binding, "argument", False) else "local variable"
            )
            if part is value:
                what = f"cannot return reference to {whose} `{binding.name}`"
                label = "returns a reference to data owned by the current function"
                where = part.borrow_pos or part.pos
            else:
                what = f"cannot return value referencing {whose} `{binding.name}`"
                label = "returns a value referencing data owned by the current function"
                where = value.pos
            err = checker.fail(where, rejects(what))  # (E0515, or a type error first)
            err.label = label
            raise err
