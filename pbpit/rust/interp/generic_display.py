"""`{}` of a value of a type parameter bounded by `Display` inside a generic struct's own
`impl<T: Display> fmt::Display for Tagged<T>` (`write!(f, "<{}>", self.value)`): the `fmt` is
compiled once (error_types.std_impl), so the value's `Display` is chosen when it is formatted,
by what the value is at run time: an integer (its `Display` the same for every width), an
`f64` (where the file names no `f32` nor Burn: an `f32` is a Python float too, refused), `bool`,
a text or `char`, a struct of the file with its own `Display`. The bound is read from the
`impl`'s written generics (`T: Display`, `T: fmt::Display`, in a `where` clause too): without it
rustc's E0277 stands."""

from __future__ import annotations

import re
from typing import Any

from pbpit.rust.interp.types import NAMED, STRING, ParamT, resolve


def _bounded(comp: Any, ty: ParamT) -> bool:
    """Whether the file's `impl<..> Display for Owner<..>` bounds `ty` by `Display` (in its
    generics or its `where` clause)."""
    owner = getattr(ty, "owner", None)
    if owner is None:
        return False
    text = comp.crate.source.text
    impl = re.compile(
        rf"impl\s*<([^{{]*?)>\s*(?:(?:std|core)::)?(?:fmt::)?Display\s+for\s+"
        rf"{re.escape(owner.name)}\s*<[^{{]*?(where[^{{]*)?\{{"
    )
    display = r"\b(?:(?:std|core)::)?(?:fmt::)?Display\b"
    bound = re.compile(rf"\b{re.escape(ty.name)}\s*:[^,>{{]*" + display)
    return any(bound.search(m.group(1) + (m.group(2) or "")) for m in impl.finditer(text))


def dynamic(comp: Any, at: Any, ty: Any, spec: Any) -> Any:
    """The formatter of `{}` for a value of the type parameter `ty` bounded by `Display` (the
    text chosen by the value), or None for any other type or placeholder."""
    from pbpit.rust.interp import error_types
    from pbpit.rust.interp.format import formatter
    from pbpit.rust.interp.runtime import StructValue, Unsupported

    ty = resolve(ty)
    if type(ty) is not ParamT or spec.debug or spec.pretty or spec.radix:
        return None
    if not _bounded(comp, ty):
        return None
    chosen = {
        bool: formatter(NAMED["bool"], spec),
        int: formatter(NAMED["i64"], spec),
        str: formatter(STRING, spec),
    }
    text = comp.crate.source.text
    if "f32" not in text and "burn" not in text:  # (an `f32` is held as a Python float too:
        chosen[float] = formatter(NAMED["f64"], spec)  # a float is an `f64` only without them)
    where = comp.where(at.pos)

    def shown(value: Any) -> str:
        made = chosen.get(type(value))
        if made is not None:
            return made(value)
        if type(value) is StructValue and error_types.displayed(value.item):
            return error_types.text_of(comp, value.item)(value)
        what = f"`{{}}` of a `{ty.name}` holding this value (in a file naming `f32`, pbpit "
        raise Unsupported(where, what + "cannot tell an `f32` from an `f64` here)")

    return shown
