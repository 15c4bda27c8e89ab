"""The panics of Rust's own library that pbpit prints as rustc 1.95's binary does.

A std method without `#[track_caller]` that panics (`char::to_digit(1)`, `drain(1..0)`,
`rotate_left` past the length, `step_by(0)`, an integer `sum()` or `pow` overflowing in a debug
build) reports a location inside the toolchain's sources: `/rustc/<commit>/library/core/src/..`.
That location is a fact of the toolchain pbpit answers for, rustc 1.95.0 (`rustc --version
--verbose`: commit-hash 59807616e1fa2540724bfbac14d7976d7e4a3860), measured by compiling a
program hitting each panic (`rustc --edition 2021 -C debug-assertions=on`) and reading its
stderr; tests/rust/std/core_panic_*.rs are such programs and their recorded outputs.

One row per panic: the function, its `path:line:col` under `library/core/src/`, the message
format. A panic of core not listed here stays refused (`Unsupported`), never printed at a
location pbpit has not measured.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.engine.server import Panic
from pbpit.rust.format import f32_debug, f64_debug
from pbpit.rust.interp.numbers import ArithmeticPanic

RUSTC_COMMIT = "59807616e1fa2540724bfbac14d7976d7e4a3860"
"""rustc 1.95.0's commit, the directory its panics inside core name."""

CORE_PANICS: dict[str, tuple[str, str]] = {
    "char::to_digit": (
        "char/methods.rs:403:9",
        "to_digit: invalid radix -- radix must be in the range 2 to 36 inclusive",
    ),
    "char::from_digit": ("char/convert.rs:332:9", "from_digit: radix is too high (maximum 36)"),
    # `from_str_radix_int_impl!` invoked once for the signed types, once for the unsigned
    "int::from_str_radix signed": (
        "num/mod.rs:1801:1",
        "from_ascii_radix: radix must lie in the range `[2, 36]` - found {radix}",
    ),
    "int::from_str_radix unsigned": (
        "num/mod.rs:1802:1",
        "from_ascii_radix: radix must lie in the range `[2, 36]` - found {radix}",
    ),
    # a `#[track_caller]` method named by its path and called by an iterator's adapter
    # (`map(Result::unwrap)`): where core's `FnOnce::call_once` calls it (fn_refs.py)
    "FnOnce::call_once by an iterator": ("ops/function.rs:166:5", "{message}"),
    "Ord::clamp": ("cmp.rs:1102:9", "assertion failed: min <= max"),  # (a derived `Ord`'s)
    "slice::rotate_left": ("slice/mod.rs:3885:9", "assertion failed: mid <= self.len()"),
    "slice::rotate_right": ("slice/mod.rs:3931:9", "assertion failed: k <= self.len()"),
    "Iterator::step_by": ("iter/adapters/step_by.rs:35:9", "assertion failed: step != 0"),
    "Vec::drain end": (
        "slice/index.rs:1020:51",
        "range end index {end} out of range for slice of length {len}",
    ),
    "Vec::drain inclusive end": (  # `drain(a..=b)`: `b` itself in the message
        "slice/index.rs:1016:52",
        "range end index {end} out of range for slice of length {len}",
    ),
    "Vec::drain start": (
        "slice/index.rs:1031:55",
        "range start index {start} out of range for slice of length {len}",
    ),
    "Vec::drain order": (
        "slice/index.rs:1031:55",
        "slice index starts at {start} but ends at {end}",
    ),
    "Sum::sum": ("iter/traits/accum.rs:204:1", "attempt to add with overflow"),
    # `RangeFrom::next` computes the next start before giving this one (`Step::forward`):
    # one line for every integer type, where `step_integer_impls!` is invoked
    "RangeFrom::next": ("iter/range.rs:434:1", "attempt to add with overflow"),
    "BTreeMap::range": (  # (in alloc, not core)
        "alloc:collections/btree/search.rs:121:21",
        "range start is greater than range end in BTreeMap",
    ),
    "BTreeSet::range": (  # (in alloc, not core; the set's own message)
        "alloc:collections/btree/search.rs:119:21",
        "range start is greater than range end in BTreeSet",
    ),
    "Vec::swap_remove": (  # (in alloc, not core; no `#[track_caller]`)
        "alloc:vec/mod.rs:2202:13",
        "swap_remove index (is {index}) should be < len (is {len})",
    ),
    "VecDeque::rotate_left": (
        "alloc:collections/vec_deque/mod.rs:2986:9",
        "assertion failed: n <= self.len()",
    ),
    "VecDeque::rotate_right": (
        "alloc:collections/vec_deque/mod.rs:3029:9",
        "assertion failed: n <= self.len()",
    ),
    "Product::product": ("iter/traits/accum.rs:204:1", "attempt to multiply with overflow"),
    # `impl Shl<i32> for &i32` (`forward_ref_binop!`, no `#[track_caller]`): one line for
    # every integer type, where `shl_impl_all!`/`shr_impl_all!` is invoked in ops/bit.rs
    "Shl for &int": ("ops/bit.rs:517:1", "attempt to shift left with overflow"),
    "Shr for &int": ("ops/bit.rs:639:1", "attempt to shift right with overflow"),
    "f32::clamp": ("num/f32.rs:1504:9", "min > max, or either was NaN. min = {min}, max = {max}"),
    "f64::clamp": ("num/f64.rs:1502:9", "min > max, or either was NaN. min = {min}, max = {max}"),
    # `int_impl!`/`uint_impl!` invoked once a type in num/mod.rs: `pow` and `abs` report there
    **{
        f"{ty}::int": (f"num/mod.rs:{line}:5", "{message}")
        for ty, line in (
            ("i8", 346), ("i16", 370), ("i32", 394), ("i64", 418), ("i128", 442),
            ("isize", 519), ("u8", 546), ("u16", 1188), ("u32", 1243), ("u64", 1274),
            ("u128", 1305), ("usize", 1400),
        )
    },
}  # fmt: skip


def location_of(function: str) -> str:
    """Where rustc 1.95's binaries say `function` panics: in core, or in alloc for a row
    written `alloc:..`."""
    where = CORE_PANICS[function][0]
    crate, inside = where.split(":", 1) if where.startswith("alloc:") else ("core", where)
    return f"/rustc/{RUSTC_COMMIT}/library/{crate}/src/{inside}"


def core_panic(function: str, **fields: object) -> Panic:
    """The panic `function` raises inside core, its message filled in with `fields`."""
    return Panic(CORE_PANICS[function][1].format(**fields), None, location_of(function))


def drain_panic(start: int, end: int, length: int, inclusive: bool = False) -> Panic | None:
    """`Vec::drain(start..end)` of `length` elements: core's `slice::range` checks the end
    first, then the order (None: in range). `inclusive`: the range was `start..=end - 1`."""
    if end > length and inclusive:
        return core_panic("Vec::drain inclusive end", end=end - 1, len=length)
    if end > length:
        return core_panic("Vec::drain end", end=end, len=length)
    if start > end:
        if start > length:
            return core_panic("Vec::drain start", start=start, len=length)
        return core_panic("Vec::drain order", start=start, end=end)
    return None


def int_impl(op: Callable[..., Any], type_name: str) -> Callable[..., Any]:
    """`op`, an integer method of `type_name` (`pow`, `abs`) whose overflow in a debug build
    panics at the type's `int_impl!` in core's num/mod.rs."""

    def run(*args: Any) -> Any:
        try:
            return op(*args)
        except ArithmeticPanic as err:
            raise core_panic(f"{type_name}::int", message=str(err)) from None

    return run


def float_clamp(op: Callable[..., Any], single: bool) -> Callable[..., Any]:
    """`f32::clamp`/`f64::clamp`: core's `assert!(min <= max, ..)`, its values in `{:?}`."""
    debug = f32_debug if single else f64_debug
    name = "f32::clamp" if single else "f64::clamp"

    def clamp(x: float, lo: float, hi: float) -> Any:
        if not lo <= hi:
            raise core_panic(name, min=debug(lo), max=debug(hi))
        return op(x, lo, hi)

    return clamp


def shift_of_reference(op: str, shifted: Callable[[int, int], int]) -> Callable[[int, int], int]:
    """`x << n` of `x: &i32` (`shifted`, the shift of the values): its overflow panics inside
    core's `Shl for &i32`, not at the program's `<<`."""
    name = "Shl for &int" if op == "<<" else "Shr for &int"

    def run(a: int, b: int) -> int:
        try:
            return shifted(a, b)
        except Panic:
            raise core_panic(name) from None

    return run
