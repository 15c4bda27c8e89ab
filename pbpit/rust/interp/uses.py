"""`use` declarations read as Rust reads them: a tree (`use burn::{nn::{self, Linear as L},
prelude::*};`) flattened into its leaves, each a full path with the name it binds. One reader
for every consumer: the file's own modules (`inline_mods`), the number modules and Burn's
activation functions a file brings in by name, and the names an `as` gives another name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.numbers import MATH_CONSTS
from pbpit.rust.interp.types import FLOAT_NAMES, INT_RANGES
from pbpit.rust.syntax import descendants

_STD = ("std", "core")
_BODIES = ("function_item", "impl_item", "trait_item", "mod_item")


@dataclass(frozen=True)
class UseItem:
    """One leaf of a `use` tree: its full path (a glob's last segment `*`; `::std` keeps its
    leading `::`), the `as` name if one is written (`_` included), and the leaf's node."""

    path: tuple[str, ...]
    alias: str | None
    node: Any

    @property
    def glob(self) -> bool:
        return self.path[-1] == "*"

    @property
    def bound(self) -> str | None:
        """The name the leaf brings into scope (None for a glob or `as _`)."""
        if self.glob or self.alias == "_":
            return None
        return self.alias or self.path[-1]


class UseError(Exception):
    """A `use` tree rustc rejects, at `node`."""

    def __init__(self, node: Any, what: str) -> None:
        super().__init__(what)
        self.node = node
        self.what = what


def use_items(declaration: Any, text: Any) -> list[UseItem]:
    """The leaves of a `use_declaration` (`text(node)` gives a node's source)."""
    argument = declaration.child_by_field_name("argument")
    items: list[UseItem] = []
    if argument is not None:
        _read(argument, (), text, items, in_list=False)
    return items


def _path(node: Any, text: Any) -> tuple[str, ...]:
    if node is None:
        return ()
    if node.type == "scoped_identifier":
        head = node.child_by_field_name("path")
        prefix = _path(head, text) if head is not None else ("::",)
        return (*prefix, text(node.child_by_field_name("name")))
    return (text(node),)


def _read(node: Any, prefix: tuple[str, ...], text: Any, out: list[UseItem], in_list: bool) -> None:
    kind = node.type
    if kind in ("use_list", "scoped_use_list"):
        if kind == "scoped_use_list":
            prefix = (*prefix, *_path(node.child_by_field_name("path"), text))
            node = node.child_by_field_name("list")
        for child in node.named_children:
            if child.type not in ("line_comment", "block_comment"):
                _read(child, prefix, text, out, in_list=True)
        return
    if kind == "use_wildcard":
        inner = [c for c in node.named_children if c.type not in ("line_comment", "block_comment")]
        out.append(UseItem((*prefix, *(_path(inner[0], text) if inner else ()), "*"), None, node))
        return
    alias = None
    if kind == "use_as_clause":
        alias = text(node.child_by_field_name("alias"))
        node = node.child_by_field_name("path")
    path = (*prefix, *_path(node, text))
    if path[-1] == "self" and len(path) > 1 or in_list and path == ("self",):
        if not in_list or len(path) == 1:
            what = (
                "`self` imports are only allowed within a { } list"
                if not in_list
                else "`self` import can only appear in an import list with a non-empty prefix"
            )
            raise UseError(node, rejects(what, "E0429" if not in_list else "E0431"))
        path = path[:-1]
    out.append(UseItem(path, alias, node))


def body_uses(item: Any, data: bytes) -> list[Any]:
    """The `use` declarations inside an item's functions (`fn main() { use ..; }`)."""
    if item.type not in _BODIES or b"use" not in data[item.start_byte : item.end_byte]:
        return []
    return [n for n in descendants(item) if n.type == "use_declaration"]


def file_items(source: Any) -> list[UseItem]:
    """The leaves of every `use` of the file: its modules' and its functions' (a tree rustc
    rejects is refused where the file's items are read: here it brings nothing)."""
    items: list[UseItem] = []
    for node in all_uses(source):
        try:
            items.extend(use_items(node, source.node_text))
        except UseError:
            continue
    return items


def all_uses(source: Any) -> list[Any]:
    """The file's `use` declarations: at its top, in its modules, in its functions."""
    found = []
    for node in source.root.children:
        if node.type == "use_declaration":
            found.append(node)
        found.extend(body_uses(node, source.data))
    return found


def imported_modules(source: Any) -> frozenset[str]:
    """The number modules a `use` brings in by name (`use std::f32;`, `use core::{f64, i32};`),
    for paths such as `f32::consts::PI`; anything a glob (`use std::*;`) may bring."""
    numbers = (*FLOAT_NAMES, *INT_RANGES)
    found: set[str] = set()
    for item in file_items(source):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if item.glob:
            found.update(numbers)
        elif len(path) == 2 and path[0] in _STD and path[1] in numbers and item.alias is None:
            found.add(path[1])
    return frozenset(found)


def imported_consts(source: Any) -> dict[str, tuple[str, str]]:
    """The constants of `std::f32::consts` / `std::f64::consts` a `use` brings in, by the name
    each is written (`use std::f64::consts::{PI, FRAC_PI_4 as Q};`, `..::consts::*`; a name
    written shadows a glob's): the float type and the constant's name. A `use` in a function
    body is read with its module's, as `inline_mods` reads it; a name two of them give other
    constants is left out (rustc's scopes would tell which)."""
    globs: dict[str, set[tuple[str, str]]] = {}
    written: dict[str, set[tuple[str, str]]] = {}
    for item in file_items(source):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if (
            len(path) != 4
            or path[0] not in _STD
            or path[1:3] not in (("f32", "consts"), ("f64", "consts"))
        ):
            continue
        table = globs if item.glob else written
        for name in MATH_CONSTS if item.glob else [path[3]]:
            bound = name if item.glob else item.bound
            if name in MATH_CONSTS and bound is not None:
                table.setdefault(bound, set()).add((path[1], name))
    found = {**globs, **written}
    return {name: next(iter(consts)) for name, consts in found.items() if len(consts) == 1}


def imported_activations(source: Any, names: frozenset[str]) -> dict[str, str]:
    """The functions of `burn::tensor::activation` (`names`) a `use` brings in, by the name
    each is called (`use burn::tensor::activation::{relu, softmax as sm};`, `..::activation::*`)."""
    found: dict[str, str] = {}
    for item in file_items(source):
        if len(item.path) < 2 or item.path[-2] != "activation":
            continue
        if item.glob:
            found.update({name: name for name in names})
        elif item.path[-1] in names and item.bound is not None:
            found[item.bound] = item.path[-1]
    return found


def trait_in_scope(source: Any, trait: str, module: tuple[str, ...]) -> bool:
    """Whether a `use` brings the trait `trait` of Burn's `module` into scope (by name, `as _`,
    or a glob of the module), as rustc requires for its methods (`model.valid()`)."""
    return any(
        item.path[-1] == trait or (item.glob and item.path[:-1] == module)
        for item in file_items(source)
    )


def collection_imported(source: Any, kind: str) -> bool:
    """Whether a `use` brings std's collection `kind` (`HashMap`, `HashSet`, `VecDeque`..) into
    scope by its own name: `use std::collections::HashMap;`, in a `{..}` list, by its module
    (`std::collections::hash_map::HashMap`), or by a glob (`use std::collections::*;`); not
    renamed (`as Map` brings `Map`)."""
    for item in file_items(source):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if path[0] not in (*_STD, "alloc") or "collections" not in path:
            continue
        if item.glob and path[-2] == "collections" or item.bound == kind == path[-1]:
            return True
    return False
