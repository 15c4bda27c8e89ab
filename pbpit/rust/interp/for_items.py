"""What a `for` loop's items are, for the iterables beyond a range, a `Vec`, an array and an
iterator (`Checker.c_For`): a `BTreeMap`'s `(key, value)`s in key order (btreemap.py), a
`BTreeSet`'s items in order (sets.py; a `HashSet`'s as a `HashMap`'s keys), a struct
that implements `Iterator` (user_iterators.py); a `HashMap`, whose order is random in Rust, only
where the body's effect does not depend on it (map_loops.py); anything else is no iterator."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import btreemap, hashmap, map_loops, open_ranges, sets, user_iterators
from pbpit.rust.interp.types import Ty, Wrap, resolve, show


def item(ck: Any, iterable: Any, found: Ty, loop: Any = None) -> Ty:
    """The item type of `for x in iterable` (of type `found`), or the loop refused. A loop over
    a `HashMap` (or its `keys()`, `values()`, `iter()`) is marked `hash_order`: it runs only if
    its body does not depend on the order (map_loops.py, when it is compiled)."""
    if btreemap.is_btree_map(found):  # `for (k, v) in &m`
        return btreemap.for_item(found)
    if sets.is_set(found) and resolve(found).kind == sets.BTREE:  # `for x in &s`, in order
        return resolve(found).inner  # type: ignore[attr-defined]
    made = user_iterators.mark_for(ck, iterable, found)  # `for x in counter`
    if made is not None:
        return made
    if map_loops.in_random_order(found) and loop is not None:
        loop.hash_order = True
        found = resolve(found)
        return btreemap.for_item(found) if found.kind == "HashMap" else found.inner  # type: ignore[attr-defined]
    if type(found) is Wrap and found.kind == "HashMap":
        raise ck.fail(iterable.pos, hashmap.for_refused())
    open_ranges.refuse_for(ck, iterable, found)  # `for i in ..3`: E0277
    raise ck.fail(iterable.pos, f"`{show(found)}` is not an iterator")
