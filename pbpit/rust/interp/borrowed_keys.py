"""A map looked up by a reference to a reference: `m.get_mut(&name)` of `name: &str` on a
`HashMap<String, V>` (or `&k` of `k: &String`): the lookup takes `&Q` with `String: Borrow<Q>`,
and `String` borrows as `str` and as itself only, so `&&str` is rustc's E0277 (`String:
Borrow<&str>` is not satisfied). pbpit erases references and would find the entry.

Judged where the key type is `String` (certainly no reference: a `&str` key is `str` to
pbpit) and what `&` is put before is certainly a reference: a `str` (a `str` is only ever
behind one) or a variable `references.certainly_reference` knows (a `&String` parameter, an
item of `v.iter()`)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from pbpit.rust.interp.check_tables import is_open
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.param_types import PARAM_WRITTEN
from pbpit.rust.interp.types import STR, STRING, resolve, show


def str_depth(e: Any) -> int:
    """How many `&` certainly stand before the `str` that `e`, typed `str` by pbpit, reaches: 1
    for a literal (`"a"`, a `&str`), 2 for an item of `v.iter()` of `&str`s (a `&&str`: the
    `for` variable, a closure's parameter, `v.iter().max().unwrap()`) or `r` of `let r = &w;`,
    one more for each `&` written before; 0 when unknown (a parameter, a `&str` variable)."""
    from pbpit.rust.interp.nodes import Lit, Local, Method
    from pbpit.rust.interp.references import (
        BOUND_TO_BORROW,
        ITEMS_BY_REFERENCE,
        certainly_reference,
    )

    if e.ty is None or resolve(e.ty) is not STR:
        return 0
    if e.borrowed and not e.mut_borrow:
        inner = copy.copy(e)
        inner.borrowed = False
        return 1 + max(str_depth(inner), 1)  # (a `str` is only ever behind a `&`)
    if e.borrowed:
        return 0
    if isinstance(e, Lit) and e.kind == "str":
        return 1
    if isinstance(e, Local):
        marks = (ITEMS_BY_REFERENCE, BOUND_TO_BORROW)
        if any(getattr(e.binding, mark, False) for mark in marks):
            return 2
        written = getattr(e.binding, PARAM_WRITTEN, None)  # `w: &&str`
        text = written.text.replace(b" ", b"") if written is not None else b""
        return len(text) - 3 if text.endswith(b"str") and text.strip(b"&") == b"str" else 0
    if isinstance(e, Method) and e.name in ("unwrap", "expect") and certainly_reference(e):
        return 2  # `words.iter().max().unwrap()`
    return 0


def refuse_deep(ck: Any, key: Any, arg: Any) -> None:
    """rustc's E0277 for a lookup key more references deep than `K: Borrow<Q>` takes: `Q` is
    `str` or `String` for `String` keys (the key given a `&str`), `str` or `&str` for `&str`
    keys (a `&&str`). `m.get(w)` of `w` an item of `words.iter()` over `&str`s on a
    `HashMap<String, _>` (`String: Borrow<&str>`), `m.get(&w)` of it on a `HashMap<&str, _>`
    (`&str: Borrow<&&str>`)."""
    found = resolve(key)
    if found not in (STRING, STR):
        return
    depth = str_depth(arg)
    allowed = 1 if found is STRING else 2
    if depth <= allowed:
        return
    shown_key = "String" if found is STRING else "&str"
    shown = "&" * (depth - 1) + "str"
    what = f"the trait bound `{shown_key}: Borrow<{shown}>` is not satisfied"
    err = ck.fail(arg.borrow_pos or arg.pos, rejects(what, "E0277"))
    err.label = f"the trait `Borrow<{shown}>` is not implemented for `{shown_key}`"
    raise err


def refuse(ck: Any, key: Any, arg: Any) -> None:
    """rustc's E0277 for `&x` given as the key of a lookup of a map of `String` keys, `x`
    certainly a reference (the map's `get`, `get_mut`, `remove`, `contains_key`)."""
    from pbpit.rust.interp.references import certainly_reference

    refuse_deep(ck, key, arg)
    if resolve(key) is not STRING or not arg.borrowed or arg.mut_borrow:
        return
    found = resolve(arg.ty)
    inner = copy.copy(arg)
    inner.borrowed = False
    if found is not STR and not (found is STRING and certainly_reference(inner)):
        return
    shown = "&" + show(found)
    what = f"the trait bound `String: Borrow<{shown}>` is not satisfied"
    err = ck.fail(arg.borrow_pos or arg.pos, rejects(what, "E0277"))
    err.label = f"the trait `Borrow<{shown}>` is not implemented for `String`"
    raise err


def deferred(ck: Any, key: Any, judge: Callable[[], None]) -> bool:
    """A lookup (`contains(&x)`, `get(&k)`) takes `&Q` for `K: Borrow<Q>`, so it does not type
    the key: while nothing has (`let mut s = BTreeSet::new();`), the argument is judged when
    the body's types are known (`judge`), and a key no other use types is left open for the
    checker's E0282 (`type annotations needed for BTreeSet<_>`). True when deferred."""
    if not is_open(key) or not hasattr(ck, "settle_later"):
        return False
    ck.settle_later.append(lambda: None if is_open(key) else judge())
    return True
