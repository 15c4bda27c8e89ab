"""`std::any::type_name::<T>()`: the `&'static str` rustc's binary gives for a type, its path as
the compiler writes it (`alloc::string::String`, `alloc::vec::Vec<i32>`,
`core::option::Option<(i32, bool)>`, `main::Point` for the crate `main`), called by its path
(`std::any::type_name`, `core::any::type_name`, `any::type_name` after `use std::any;`) or as
`type_name` after `use std::any::type_name;`. In a generic function, `T` is the instance's
type (std_generics.py re-lowers the body for each). A type whose name pbpit cannot know as
rustc writes it (a closure, a tensor, a reference other than `&str` or one written `&T`) is
refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.nodes import Static
from pbpit.rust.interp.std_cmp import _brought, _module_brought
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    STR,
    STRING,
    UNIT,
    Named,
    StructT,
    TupleT,
    Ty,
    Wrap,
    resolve,
)

_PATHS = (["std", "any", "type_name"], ["core", "any", "type_name"])  # (or `use`d: std_cmp's)
_WRAPS = {"Vec": "alloc::vec::Vec", "Option": "core::option::Option"}


def lower_call(lowerer: Any, node: Any, names: list[str], args: list, turbofish: Any) -> Any:
    """The `Static` of a `type_name::<T>()` call, or None for any other call."""
    if names[:1] == ["::"]:
        names = names[1:]
    if names[-1:] != ["type_name"]:
        return None
    known = (
        names in _PATHS
        or (names == ["any", "type_name"] and _module_brought(lowerer.src, "any"))
        or (len(names) == 1 and names[0] in _brought(lowerer.src, "any", "type_name"))
    )
    if not known:
        return None
    kids = [] if turbofish is None else lowerer.kids(turbofish)
    if len(kids) != 1 or args:
        raise lowerer.fail(node, "`type_name` but as `type_name::<T>()`")
    made = Static(lowerer.pos(node), "any::type_name", [])
    written = kids[0]
    prefix = ""
    if written.type == "reference_type":  # `type_name::<&i32>()`
        prefix = "&mut " if any(k.type == "mutable_specifier" for k in written.children) else "&"
        written = written.child_by_field_name("type")
    made.named = lowerer.type(written)  # type: ignore[attr-defined]
    made.prefix = prefix  # type: ignore[attr-defined]
    return made


def rust_name(ty: Ty, crate: str) -> str | None:
    """`type_name`'s text for `ty`, None where pbpit cannot know it."""
    ty = resolve(ty)
    if ty is STR:
        return "&str"  # a `str` value is always behind a reference here
    if ty is STRING:
        return "alloc::string::String"
    if ty is UNIT:
        return "()"
    if type(ty) is Named and (
        ty.name in INT_RANGES or ty.name in FLOAT_NAMES or ty.name in ("bool", "char")
    ):
        return ty.name
    if type(ty) is TupleT:
        parts = [rust_name(t, crate) for t in ty.elems]
        if None in parts:
            return None
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"  # type: ignore[arg-type]
    if type(ty) is Wrap and ty.kind in ("Vec", "array", "Option"):
        inner = rust_name(ty.inner, crate)
        if inner is None or (ty.kind == "array" and ty.size is None):
            return None
        if ty.kind == "array":
            return f"[{inner}; {ty.size}]"
        if ty.size == "slice":
            return f"[{inner}]"
        return f"{_WRAPS[ty.kind]}<{inner}>"
    if type(ty) is StructT and "::" not in ty.item.name:  # type: ignore[attr-defined]
        args = [rust_name(t, crate) for t in ty.args]
        if None in args:
            return None
        generic = f"<{', '.join(args)}>" if args else ""  # type: ignore[arg-type]
        return f"{crate}::{ty.item.name}{generic}"  # type: ignore[attr-defined]
    return None


def _type(ck: Any, e: Any) -> Ty:
    return STR


def crate_name(path: str) -> str:
    """The crate's name as rustc gives it: the file's stem (`rustc main.rs`), or for cargo's
    `src/main.rs` the package's name in the `Cargo.toml` beside `src` (`-` written `_`)."""
    file = Path(path)
    manifest = file.parent.parent / "Cargo.toml"
    if file.name == "main.rs" and file.parent.name == "src" and manifest.is_file():
        import tomllib

        try:
            package = tomllib.loads(manifest.read_text(encoding="utf-8")).get("package", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            package = {}
        if isinstance(package.get("name"), str):
            return package["name"].replace("-", "_")
    return file.stem.replace("-", "_")


def _compile(comp: Any, e: Any, args: list[Code]) -> Code:
    crate = crate_name(comp.crate.path)
    name = rust_name(e.named, crate)
    if name is None:
        raise comp.fail(e.pos, "`type_name` of a type pbpit cannot name as rustc does")
    text = e.prefix + name
    return lambda frame: text


FUNCTIONS = [Function("any", "type_name", 0, _type, _compile)]
