"""Inline modules, `mod name { .. }`: their items join the file's one table of names (a name
defined in two modules is refused), and each use of a name is checked the way rustc resolves
it: a bare name is seen in its own module or where a `use` brings it (`use self::m::f;`,
`use m::*;`, `use super::*;`); a path `m::f`, `self::m::f`, `crate::m::f`, `super::f` names
the module; an item used outside its module must be `pub`."""

from __future__ import annotations

from typing import Any

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
            if target is None:
                if len(full) == 1 or not self.is_module_head(full[0], module):
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
        """Whether the bare `name` is in scope in the module being read."""
        home = self.homes.get(name)
        if home is None or home[0] == self.module:
            return True
        if name in self.imports.get(self.module, ()):
            return True
        return home[0] in self.globs.get(self.module, ()) and self.reaches(home, self.module)

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
        """The inline modules `node` (of the file's own tree) is inside, outermost first."""
        names: list[str] = []
        parent = node.parent
        data = self.src.data
        while parent is not None:
            if parent.type == "mod_item":
                name = parent.child_by_field_name("name")
                names.append(data[name.start_byte : name.end_byte].decode())
            parent = parent.parent
        return tuple(reversed(names))
