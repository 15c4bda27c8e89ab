"""The lowering's tables: what the subset refuses and with which words, std's paths, Burn's
math functions; small helpers every part of the lowering shares."""

from __future__ import annotations

import re
from typing import Any

from pbpit.rust.interp.std_functions import FUNCTIONS
from pbpit.rust.interp.std_functions import MATH_FUNCTIONS as STD_MATH
from pbpit.rust.interp.types import (
    INT_RANGES,
    UNIT,
    Ty,
    Wrap,
)

Node = Any
"""A `tree_sitter.Node`."""

# -- lowering -------------------------------------------------------------------------------------

_COMMENTS = ("line_comment", "block_comment")
_ALLOWED_ATTRIBUTES = ("allow", "warn", "deny", "expect", "rustfmt::skip")
_ITEMS = {
    "struct_item": "`struct` items",
    "enum_item": "`enum` items",
    "union_item": "`union` items (write a `struct`)",
    "impl_item": "`impl` blocks",
    "trait_item": "`trait` items",
    "mod_item": "`mod` items",
    "static_item": "`static` items",
    "macro_definition": "`macro_rules!` definitions",
    "foreign_mod_item": "`extern` blocks",
    "function_signature_item": "function declarations without a body",
}
_EXPRESSIONS = {
    "tuple_expression": "tuples",
    "struct_expression": "struct expressions",
    "unsafe_block": "`unsafe` blocks",
    "async_block": "`async` blocks",
    "await_expression": "`.await`",
    "yield_expression": "`yield`",
    "const_block": "`const` blocks",
    "let_chain": "`let` chains",
    "negative_literal": "negative literal patterns",
}
_COMPARISONS = ("==", "!=", "<", ">", "<=", ">=")
_INT_SUFFIXES = tuple(sorted(INT_RANGES, key=len, reverse=True))
_STD_CRATES = ("std", "core")
# Where std's types live: `std::vec::Vec::new()` (a `Device` is Burn's, found under any module).
_STD_MODULES = {
    "Vec": {("std", "vec"), ("alloc", "vec")},
    "String": {("std", "string"), ("alloc", "string")},
    "Default": {("std", "default"), ("core", "default")},
    "HashMap": {("std", "collections")},
    "BTreeMap": {("std", "collections")},
    "HashSet": {("std", "collections")},
    "BTreeSet": {("std", "collections")},
}

# `Box<dyn Error>` as a `Result`'s error type (`std::error::Error`, `+ Send + Sync` too).
_DYN_ERROR = re.compile(
    r"Box<dyn\s*(?:(?:::)?(?:std|core)::error::)?Error(?:\s*\+\s*(?:Send|Sync|'static))*\s*>"
)
# The modules of std (and core) that are not numbers': a path into one is std's, not an error.
_STD_MODULE_NAMES = frozenset(
    "alloc any array ascii borrow boxed cell char clone cmp collections convert default env "
    "error ffi fmt fs hash hint io iter marker mem net num ops option os panic path pin prelude "
    "primitive process ptr rc result slice str string sync task thread time vec".split()
)
# Tensor methods whose gradients Burn borrows mutably: `x.grad_remove(&mut grads)`.
_MUT_GRADIENTS = ("grad_remove", "grad_replace")
# Functions called by a path (`Vec::new()`, `activation::relu(x)`): (owner, name) -> arity, read
# from their rows (`std_functions.py`); Burn's math among them.
PATH_FUNCTIONS = {(f.owner, f.name): f.arity for f in FUNCTIONS.values()}
MATH_FUNCTIONS = {(f.owner, f.name): f.arity for f in STD_MATH.values()}


DERIVE_ELSEWHERE = "`#[derive(..)]` on anything but a `struct` or `enum`"
_DESTRUCTURING = ("tuple_pattern", "reference_pattern", "struct_pattern", "tuple_struct_pattern")


def _main_result(ret: Ty) -> bool:
    """What `main` may return here: `()` or `Result<(), E>`, E `Debug` (`error_types.main_error`:
    its `Err` printed as `Error: {e:?}`)."""
    from pbpit.rust.interp.error_types import main_error

    return ret is UNIT or (
        type(ret) is Wrap and ret.kind == "DynResult" and ret.inner is UNIT and main_error(ret.err)
    )


def is_mut_reference(node: Node | None) -> bool:
    """Whether a written type is `&mut T`."""
    return node is not None and node.type == "reference_type" and any(
        c.type == "mutable_specifier" for c in node.children
    )


