"""How many type arguments std's generic types take (`HashMap<String>`: rustc's E0107, "struct
takes at least 2 generic arguments but 1 generic argument was supplied"): a type of std written
with too few or too many is refused with rustc's code, not as a type outside the subset."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import btreemap, hashmap, sets, vecdeque
from pbpit.rust.interp.grammar import rejects

# name: (kind, fewest, most): the parameters with defaults (a hasher, an allocator) counted
_TAKES = {
    "Vec": ("struct", 1, 2),
    "Box": ("struct", 1, 2),
    "Option": ("enum", 1, 1),
    "Result": ("enum", 2, 2),
    "HashMap": ("struct", 2, 3),
    "BTreeMap": ("struct", 2, 3),
    "HashSet": ("struct", 1, 2),
    "BTreeSet": ("struct", 1, 2),
    "VecDeque": ("struct", 1, 2),
}


def _plural(n: int) -> str:
    return f"{n} generic argument" + ("" if n == 1 else "s")


_HOMES = {
    "Vec": "vec",
    "Box": "boxed",
    "Option": "option",
    "Result": "result",
}


def _in_scope(low: Any, name: str, prefix: str) -> bool:
    """Whether `prefix::name` is std's type (not `io::Result<T>`, an alias of one argument)."""
    home = _HOMES.get(name, "collections")
    if prefix and prefix not in (f"std::{home}", f"core::{home}", f"alloc::{home}"):
        return False
    if name in _HOMES or prefix:
        return True
    if name == "HashMap":
        return bool(hashmap.imported(low.src))
    if name == "BTreeMap":
        return bool(btreemap.imported(low.src))
    if name == "VecDeque":
        return bool(vecdeque.imported(low.src))
    return bool(sets.imported(low.src, name))


def refuse(low: Any, node: Any, name: str, prefix: str, args: list[Any]) -> None:
    """E0107 for `name<args>`, a std type given a number of type arguments it does not take."""
    if name not in _TAKES or low.named_struct(name) is not None or not _in_scope(low, name, prefix):
        return
    kind, fewest, most = _TAKES[name]
    given = len([a for a in args if a.type != "lifetime"])
    if fewest <= given <= most:
        return
    if given < fewest:
        takes = ("at least " if most > fewest else "") + _plural(fewest)
    else:
        takes = ("at most " if most > fewest else "") + _plural(most)
    were = "was" if given == 1 else "were"
    what = f"{kind} takes {takes} but {_plural(given)} {were} supplied"
    raise low.fail(node, rejects(what, "E0107"))
