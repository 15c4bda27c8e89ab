"""Places no value moves out of, as rustc's borrow checker says (E0507, E0508): an element of a
`Vec` or an array (`let s = v[0];`), a field reached through a reference (`let n = p.name;` of
`p: &P`, `self.name` in a `&self` method), where the value there is not `Copy`.

pbpit erases references, so it would copy such a value out where rustc refuses the program.
Followed where the place is certainly made of values (a `Vec<&String>` holds `Copy` ones): its
variable holds values all through (the move check's `values`), or is a reference to such
(`behind`), and each field on the way is written without `&`.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import slices
from pbpit.rust.interp.check_tables import not_copy
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Binding, Field, Index, Local, Unsupported
from pbpit.rust.interp.types import StructT, TupleT, Wrap, resolve, show
from pbpit.rust.interp.value_slots import field_types


def behind_reference(written: Any) -> str | None:
    """ "shared" for a parameter written `&T`, "mutable" for `&mut T`, with `T` written without
    `&`; else None."""
    if written is None or written.type != "reference_type":
        return None
    inner = written.child_by_field_name("type")
    if inner is None or b"&" in inner.text:
        return None
    mutable = any(c.type == "mutable_specifier" for c in written.children)
    return "mutable" if mutable else "shared"


def _root(e: Any) -> Local | None:
    """The variable at the bottom of the place `e`, if every field on the way is written
    without `&` (a struct's field may hold an erased reference)."""
    while isinstance(e, Index | Field):
        if isinstance(e, Field):
            base = resolve(e.base.ty)
            if type(base) is TupleT:  # `pair.0`: what the tuple holds, no type written
                e = e.base
                continue
            if type(base) is not StructT:
                return None
            index = base.item.field_index(e.name)
            written = field_types(base.item)
            if index is None or index >= len(written) or b"&" in written[index].text:
                return None
        e = e.base
    return e if isinstance(e, Local) else None


def place_root_of_values(e: Any) -> Local | None:
    """The variable at the bottom of the place `e` when no field on the way is written with
    `&` (`self` of `self.h.xs`, `rows` of `rows[0]`), else None."""
    return _root(e)


def valued_field(e: Field) -> bool:
    """Whether the field `e` of a struct is written without `&` (it holds no erased reference)."""
    return _root(e) is not None


def _kept(e: Any) -> Any:
    try:
        return not_copy(e.ty)
    except Exception:  # a type the checker left open: not followed
        return None


def _moved_type(e: Any) -> str:
    return (
        f"move occurs because value has type `{show(resolve(e.ty))}`, which does not implement "
        "the `Copy` trait"
    )


def refuse_move_out_of_index(
    path: str, e: Index, values: set[Binding], behind: dict[Binding, str]
) -> None:
    """`let s = v[0];` (an argument, `v[0].unwrap()`..) of an element not `Copy`: rustc's E0507
    (E0508 for an array). An array pattern moves its elements out (`let [a, b] = arr;` runs)."""
    if e.destructured:
        return
    root = _root(e.base)
    if root is None or not (root.binding in values or root.binding in behind):
        return
    base = resolve(e.base.ty)
    kinds = ("Vec", "array", "HashMap", "BTreeMap")  # (a map's `Index` gives a `&V` too)
    if _kept(e) is None or type(base) is not Wrap or base.kind not in kinds:
        return
    if base.kind in ("HashMap", "BTreeMap"):  # `let s = m[&1];` of `String` values
        what, code = f"cannot move out of index of `{show(base)}`", "E0507"
    elif base.kind == "Vec" and slices.is_slice(base):  # `let m = xs[0];` of `xs: &[T]`
        what, code = f"cannot move out of type `{show(base)}`, a non-copy slice", "E0508"
    elif base.kind == "Vec":
        what, code = f"cannot move out of index of `{show(base)}`", "E0507"
    elif root.binding in behind:
        return  # an array behind a reference: rustc's words differ (E0508 by value only)
    else:
        what, code = f"cannot move out of type `{show(base)}`, a non-copy array", "E0508"
    err = Unsupported(f"{path}:{e.pos[0]}:{e.pos[1]}", rejects(what, code))
    err.label = _moved_type(e)
    raise err


def refuse_move_out_of_reference(
    path: str, e: Field, behind: dict[Binding, str], single: set[Binding] | None = None
) -> None:
    """`let n = p.name;` of `p: &P` (or `self.name` in a `&self` method, or `r` of `let r =
    &h;`, one `&` to values: `single`), `name` not `Copy`: rustc's E0507."""
    root = _root(e)
    kind = behind.get(root.binding) if root is not None else None
    if root is not None and kind is None and single and root.binding in single:
        if root.binding.name.startswith("("):  # `let (a, b) = &pair;`: bound by reference
            return
        kind = "shared"
    if root is None or kind is None or _kept(e) is None:
        return
    place, part = [], e
    while isinstance(part, Field):
        place.append(part.name)
        part = part.base
    if part is not root:
        return  # through an index: the index's rule
    shown = ".".join([root.binding.name, *reversed(place)])
    what = f"cannot move out of `{shown}` which is behind a {kind} reference"
    err = Unsupported(f"{path}:{root.pos[0]}:{root.pos[1]}", rejects(what, "E0507"))
    err.label = (  # (rustc points at the whole place, `r.name`, naming it)
        f"move occurs because `{shown}` has type `{show(resolve(e.ty))}`, which does not "
        "implement the `Copy` trait"
    )
    raise err


UPDATE_MOVE = "update_move"
"""The attribute of a field `..base` moves out of the variable `base` (`S { a: 1, ..base }`,
the field not `Copy`): `base` is partly moved where the move check follows it."""


def refuse_update_move(path: str, e: Field) -> None:
    """`S { a: 1, ..base }` moving the field `e` out of a variable the move check does not
    follow (not certainly made of values): refused, where a later use of the field would run."""
    written = getattr(e, UPDATE_MOVE, None)
    if written is None:
        return
    what = f"`..{written}` moving its field `{e.name}` (write `..{written}.clone()` or every "
    raise Unsupported(f"{path}:{e.pos[0]}:{e.pos[1]}", what + "such field)")


def refuse_move_out_by_pattern(
    path: str, value: Any, pats: list[Any], behind: dict[Binding, str], single: set[Binding]
) -> None:
    """`match self.total { Some(total) => .. }` (an `if let` too) of a field reached through a
    reference (`&self`, `&mut self`, `p: &P`, `r` of `let r = &h;`): a name the pattern binds by
    value (no `ref`, no `&`) of a type not `Copy` moves that part out, rustc's E0507 ("cannot
    move out of `self.total` as enum variant `Some` which is behind a mutable reference")."""
    if not isinstance(value, Field) or value.borrowed:
        return
    root = _root(value)
    if root is None:
        return
    kind = behind.get(root.binding) or ("shared" if root.binding in single else None)
    if kind is None or root.binding.name.startswith("("):
        return
    for pat in pats:
        moved = _moved_binding(pat)
        if moved is None:
            continue
        place, part = [], value
        while isinstance(part, Field):
            place.append(part.name)
            part = part.base
        if part is not root:
            return  # (through an index: not judged)
        shown = ".".join([root.binding.name, *reversed(place)])
        variant = ""
        if pat.kind == "some":
            variant = " as enum variant `Some`"
        elif pat.kind == "variant" and pat.item is not None and "::" in pat.item.name:
            variant = f" as enum variant `{pat.item.name.rsplit('::', 1)[-1]}`"
        what = f"cannot move out of `{shown}`{variant} which is behind a {kind} reference"
        err = Unsupported(f"{path}:{root.pos[0]}:{root.pos[1]}", rejects(what, "E0507"))
        err.label = (
            f"data moved here: `{moved.name}` has type `{show(resolve(moved.ty))}`, which does "
            "not implement the `Copy` trait"
        )
        raise err


def _moved_binding(pat: Any) -> Binding | None:
    """A name `pat` binds by value, of a type not `Copy` (a sub-pattern's too)."""
    binding = pat.binding
    if (
        binding is not None
        and pat.kind == "bind"
        and not getattr(binding, "by_ref", False)
        and not binding.mut_ref
        and binding.ty is not None
    ):
        try:
            if not_copy(binding.ty) is not None:
                return binding
        except Exception:  # a type the checker left open: not judged
            pass
    if pat.kind == "ref":  # (`&x`: through a reference, not judged)
        return None
    for sub in pat.subs:
        found = _moved_binding(sub)
        if found is not None:
            return found
    return None
