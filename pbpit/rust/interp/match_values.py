"""The names a `match` on a variable holding values binds: values, so `*b` is rustc's E0614.

`match best { Some(b) => cp < *b, None => true }` of `let mut best: Option<Checkpoint>`: the
scrutinee is matched by value (not `&best`, not `best.as_ref()`), so `b` is the `Checkpoint`
itself (moved out of `best`), and `*b` is `type Checkpoint cannot be dereferenced` (E0614), a
type error rustc reports before the borrow checker's E0382 of `best` read again later. pbpit
erases references; the written type tells: each type it names is a value (`Option`, `Vec`,
`String`, a number, a struct or enum the file declares: `declared_values.py`), none a reference,
alias or type parameter. A `ref b` binding is a reference still.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.arm_values import pattern_bindings
from pbpit.rust.interp.nodes import Local, Pat
from pbpit.rust.interp.value_slots import plainly_value


def mark(value: Any, pat: Pat) -> None:
    """Mark the bindings of `pat` (an arm of a `match` on `value`) as values where `value` is a
    variable whose written type holds values only."""
    if not isinstance(value, Local) or value.borrowed or not value.binding.owned:
        return
    written = getattr(value.binding, "written", None)
    if written is None or not values_only(written):
        return
    for binding in pattern_bindings(pat):
        if not getattr(binding, "by_ref", False) and not binding.mut_ref:
            binding.owned = True


def values_only(ty: Any) -> bool:
    if ty.type in ("primitive_type", "unit_type"):
        return True
    if ty.type == "type_identifier":
        return plainly_value(ty)
    if ty.type == "generic_type":
        base = ty.child_by_field_name("type")
        args = ty.child_by_field_name("type_arguments")
        parts = [] if args is None else [a for a in args.named_children if a.type != "line_comment"]
        return base is not None and plainly_value(base) and all(map(values_only, parts))
    if ty.type in ("tuple_type", "array_type"):
        parts = [c for c in ty.named_children if c.type not in ("line_comment", "block_comment")]
        return all(p.type == "integer_literal" or values_only(p) for p in parts)
    return False
