"""Inline modules, `mod name { .. }`: their items join the file's one table of names (a name
defined in two modules is refused), and each use of a name is checked the way rustc resolves
it: a bare name is seen in its own module or where a `use` brings it (`use self::m::f;`,
`use m::*;`, `use super::*;`); a path `m::f`, `self::m::f`, `crate::m::f`, `super::f` names
the module; an item used outside its module must be `pub`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import alias_uses, enum_uses, std_uses
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.uses import UseError, UseItem, body_uses, use_items

Module = tuple[str, ...]

_NAMED_ITEMS = {
    "function_item": "function",
    "struct_item": "struct",
    "enum_item": "enum",
    "const_item": "constant",
    "static_item": "static",
    "trait_item": "trait",
}
# Items a function's body may declare (rustc: visible in that body only), read as the file's.
_BLOCK_ITEMS = (*_NAMED_ITEMS, "impl_item", "type_item")
BLOCK = "fn "
"""The first word of the name of a function body's scope among `modules` (`fn main`): not a
name a path can write."""


def unresolved(path: list[str]) -> str:
    return rejects(f"unresolved import `{'::'.join(path)}`", "E0432")


class InlineModules:
    """The names of inline modules, where each item lives, and what each module imports
    (`Lowerer` supplies `src`, `text`, `kids`, `fail`)."""

    module: Module = ()
    src: Any

    def text(self, node: Any) -> str:
        raise NotImplementedError

    def kids(self, node: Any) -> list[Any]:
        raise NotImplementedError

    def fail(self, node: Any, what: str) -> Exception:
        raise NotImplementedError

    def init_modules(self) -> None:
        self.modules: set[Module] = {()}
        self.homes: dict[str, tuple[Module, bool, str]] = {}  # name: its module, `pub`, kind
        self.imports: dict[Module, set[str]] = {}
        self.globs: dict[Module, set[Module]] = {}
        self.uses: list[tuple[Any, Module]] = []
        self.renames: dict[str, str] = {}  # `use a::b as c;`: c -> b
        self.module_uses: dict[Module, dict[str, Module]] = {}  # `use a::{self as m};`
        self.block_fns: set[tuple[int, int]] = set()  # functions whose bodies declare items
        self.block_nodes: set[tuple[int, int]] = set()  # those items (and their attributes)

    # -- reading the file --------------------------------------------------------------------------

    def flatten(self, nodes: list[Any], module: Module) -> list[Any]:
        """The items of `nodes`, those of inline modules included, in the file's order."""
        items: list[Any] = []
        for node in nodes:
            if node.type == "mod_item":
                body = node.child_by_field_name("body")
                if body is None:
                    what = "`mod name;` (pbpit reads one file: write `mod name { .. }`)"
                    raise self.fail(node, what)
                inner = (*module, self.text(node.child_by_field_name("name")))
                self.modules.add(inner)
                items.extend(self.flatten(self.kids(body), inner))
                continue
            items.append(node)
            alias_uses.record(self, node, module)  # `type Score = f32;` (`use m::Score;`)
            if node.type == "function_item":  # `fn main() { type B = ..; }`
                inner_items = self.block_items(node)
                if inner_items:
                    name = self.text(node.child_by_field_name("name"))
                    inner = (*module, BLOCK + name)
                    self.modules.add(inner)
                    self.block_fns.add((node.start_byte, node.end_byte))
                    self.block_nodes.update((n.start_byte, n.end_byte) for n in inner_items)
                    items.extend(self.flatten(inner_items, inner))
            if node.type == "use_declaration":
                self.uses.append((node, module))
            elif node.type != "mod_item":  # `fn main() { use ..; }`: read with the module's
                self.uses.extend((inner, module) for inner in body_uses(node, self.src.data))
            kind = _NAMED_ITEMS.get(node.type)
            name_node = node.child_by_field_name("name") if kind else None
            if name_node is not None:
                name = self.text(name_node)
                home = self.homes.get(name)
                if home is not None and home[0] != module:
                    raise self.fail(
                        node,
                        f"the name `{name}` in two modules (pbpit keeps one table of names "
                        "across inline modules: rename one)",
                    )
                public = any(c.type == "visibility_modifier" for c in node.children)
                self.homes[name] = (module, public, str(kind))
        if module == ():  # once every module's items are known: a `use` may name a later one
            for node, used_in in self.uses:
                self.read_use(node, used_in)
        return items

    @staticmethod
    def block_items(fn: Any) -> list[Any]:
        """The items a function's body declares, in any of its blocks (not those of the items
        themselves), with the attributes just before each, in the file's order."""
        body = fn.child_by_field_name("body")
        found: list[Any] = []
        stack = [body] if body is not None else []
        while stack:
            node = stack.pop()
            attributes: list[Any] = []
            for child in node.named_children:
                if child.type == "attribute_item":
                    attributes.append(child)
                    continue
                if child.type in _BLOCK_ITEMS:
                    found.extend(attributes)
                    found.append(child)
                elif not child.type.endswith("_item"):
                    stack.append(child)
                attributes = []
        return sorted(found, key=lambda n: n.start_byte)

    def is_block_item(self, node: Any) -> bool:
        """Whether `node`, a statement of a function body, is an item read with the file's."""
        return (node.start_byte, node.end_byte) in self.block_nodes

    def read_use(self, node: Any, module: Module) -> None:
        """Record what `use ..;` in `module` brings into scope (paths into the file's modules,
        each leaf of a tree; others, `burn::..`, `std::..`, are read elsewhere), and the names
        an `as` gives (`renames`)."""
        try:
            items = use_items(node, self.text)
        except UseError as err:
            raise self.fail(err.node, err.what) from None
        for item in items:
            full = list(item.path)
            target = self.module_prefix(full[:-1], module)
            if target is None or (*target, full[-1]) not in self.modules:
                self.rename(item, module)  # not a module: those are named as `use`d (`module_uses`)
            if target is None and enum_uses.record(self, full, module):
                continue  # `use E::*;`, `use self::E::{A, B};` of the file's enum
            if target is None:
                if len(full) == 1 or not self.is_module_head(full[0], module):
                    std_uses.refuse(self, item.node, full)  # `use std::collections::HashMapp`
                    continue  # `use burn::..`, a crate pbpit knows by name
                raise self.fail(item.node, unresolved(full))
            last = full[-1]
            if last == "*":
                self.globs.setdefault(module, set()).add(target)
                continue
            if (*target, last) in self.modules:  # `use self::helpers;`: the module itself
                if item.bound is not None:
                    self.module_uses.setdefault(module, {})[item.bound] = (*target, last)
                continue
            home = self.homes.get(last)
            if home is None and (shown := alias_uses.public(self, last, target)) is not None:
                if not self.reaches((target, shown, "type alias"), module):
                    raise self.fail(node, rejects(f"type alias `{last}` is private", "E0603"))
                continue  # `use m::Score;` of `pub type Score = f32;`
            if home is None or home[0] != target:
                raise self.fail(item.node, unresolved(full))
            if not self.reaches(home, module):
                raise self.fail(node, rejects(f"{home[2]} `{last}` is private", "E0603"))
            self.imports.setdefault(module, set()).add(last)

    def rename(self, item: UseItem, module: Module) -> None:
        """`use burn::nn::Linear as Dense;`: `Dense` names `Linear` wherever the file writes it
        (one table for the file, as its items)."""
        alias, name = item.alias, item.path[-1]
        if alias in (None, "_", name):
            return
        if self.homes.get(alias, ((None,),))[0] == module:
            what = f"the name `{alias}` is defined multiple times"
            raise self.fail(item.node, rejects(what, "E0255"))
        if self.renames.setdefault(alias, name) != name:
            raise self.fail(
                item.node,
                f"`{alias}` as the name of two items (pbpit keeps one table of names across "
                "modules: rename one)",
            )

    def unalias(self, name: str) -> str:
        """The item a name written in the file stands for (itself unless an `as` renamed)."""
        return self.renames.get(name, name)

    def is_module_head(self, head: str, module: Module) -> bool:
        return head in ("crate", "self", "super") or (*module, head) in self.modules

    def module_prefix(self, names: list[str], module: Module) -> Module | None:
        """The module `names` (`self::m`, `crate::m`, `super`, `m`) leads to from `module`, or
        None when they are not (all) a path of the file's modules."""
        if not names:
            return None
        module = outside_blocks(module)  # `self::`, `super::` in a body: its module's
        target, rest = module, names
        if names[0] == "crate":
            target, rest = (), names[1:]
        elif names[0] == "self":
            rest = names[1:]
        while rest and rest[0] == "super":
            if not target:
                return None
            target, rest = target[:-1], rest[1:]
        used = self.module_uses.get(module, {}).get(names[0]) if rest == names else None
        if used is not None:  # `use crate::maths::scale;` then `scale::triple(..)`
            target, rest = used, names[1:]
        elif rest == names and (*target, rest[0]) not in self.modules:
            return None
        for name in rest:
            if (*target, name) not in self.modules:
                return None
            target = (*target, name)
        return target

    # -- resolving a name --------------------------------------------------------------------------

    @staticmethod
    def reaches(home: tuple[Module, bool, str], module: Module) -> bool:
        """Whether an item living at `home` may be named from `module` (`pub`, or `module` is
        inside the item's own module)."""
        return home[1] or module[: len(home[0])] == home[0]

    def sees(self, name: str) -> bool:
        """Whether the bare `name` is in scope in the module being read (a function body sees
        its own items and all its module sees)."""
        module = self.module
        while True:
            if self.sees_in(name, module):
                return True
            if not module or not module[-1].startswith(BLOCK):
                return False
            module = module[:-1]

    def sees_in(self, name: str, module: Module) -> bool:
        home = self.homes.get(name)
        if home is None or home[0] == module:
            return True
        if name in self.imports.get(module, ()):
            return True
        return home[0] in self.globs.get(module, ()) and self.reaches(home, module)

    def module_item(self, segments: list[tuple[str, Any, Any]]) -> str | None:
        """The item a path `m::f` (`self::`, `crate::`, `super::`; its `segments`) names,
        checked; None when the path does not start with the file's modules."""
        names, node = [s[0] for s in segments], segments[-1][1]
        target = self.module_prefix(names[:-1], self.module)
        if target is None:
            return None
        name = names[-1]
        home = self.homes.get(name)
        if home is None or home[0] != target:
            where = "the crate root" if not target else f"module `{'::'.join(target)}`"
            raise self.fail(node, rejects(f"cannot find `{name}` in {where}", "E0425"))
        if not self.reaches(home, self.module):
            raise self.fail(node, rejects(f"{home[2]} `{name}` is private", "E0603"))
        return name

    def module_of(self, node: Any) -> Module:
        """The inline modules `node` (of the file's own tree) is inside, outermost first, and
        the bodies declaring items it is in (a function's own body among them)."""
        names: list[str] = []
        data = self.src.data
        current, first = node, True
        while current is not None:
            if current.type == "mod_item" and not first:
                name = current.child_by_field_name("name")
                names.append(data[name.start_byte : name.end_byte].decode())
            elif (current.start_byte, current.end_byte) in self.block_fns and (
                current.type == "function_item"
            ):
                name = current.child_by_field_name("name")
                names.append(BLOCK + data[name.start_byte : name.end_byte].decode())
            current, first = current.parent, False
        return tuple(reversed(names))


def outside_blocks(module: Module) -> Module:
    """The module a function body's scope is in (`module` itself when it is a module)."""
    while module and module[-1].startswith(BLOCK):
        module = module[:-1]
    return module
