"""A `use` of std (or core) naming what std does not have (`use std::collections::HashMapp;`,
`use std::colections::HashMap;`): rustc's E0432 ("unresolved import"). pbpit reads only the
paths it knows of std's `use`s; these lists are std 1.95's whole top level (stable and
unstable modules: an unstable one is E0658, not this) and the whole of `std::collections`,
`std::fmt` and `std::cmp`, so a name outside them is certainly unresolved. Deeper paths are
not judged."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

_MODULES = frozenset(
    "alloc any arch array ascii assert_matches async_iter autodiff backtrace borrow boxed bstr "
    "cell char clone cmp collections convert default env error f16 f32 f64 f128 ffi fmt fs "
    "future hash hint i8 i16 i32 i64 i128 intrinsics io isize iter marker mem net num ops "
    "option os panic pat path pin prelude primitive process ptr random range rc result simd "
    "slice str string sync task thread time u8 u16 u32 u64 u128 unsafe_binder usize vec".split()
)
# The macros exported at std's root (`use std::println;`).
_MACROS = frozenset(
    "assert assert_eq assert_ne cfg cfg_select column compile_error concat concat_bytes "
    "concat_idents const_format_args dbg debug_assert debug_assert_eq debug_assert_ne env eprint "
    "eprintln file format format_args include include_bytes include_str is_x86_feature_detected "
    "line log_syntax matches module_path option_env panic print println stringify thread_local "
    "todo trace_macros try unimplemented unreachable vec write writeln "
    "is_aarch64_feature_detected is_arm_feature_detected is_riscv_feature_detected "
    "is_loongarch_feature_detected is_powerpc_feature_detected is_powerpc64_feature_detected "
    "is_mips_feature_detected is_mips64_feature_detected is_s390x_feature_detected".split()
)
_COLLECTIONS = frozenset(
    "BTreeMap BTreeSet BinaryHeap Bound HashMap HashSet LinkedList TryReserveError "
    "TryReserveErrorKind VecDeque binary_heap btree_map btree_set hash_map hash_set linked_list "
    "vec_deque".split()
)
# The whole of `std::fmt` and `std::cmp` (unstable items too: those are E0658, not this).
_FMT = frozenset(
    "Alignment Arguments Binary Debug DebugAsHex DebugList DebugMap DebugSet DebugStruct "
    "DebugTuple Display Error Formatter FormattingOptions FromFn LowerExp LowerHex Octal Pointer "
    "Result Sign UpperExp UpperHex Write format from_fn write rt".split()
)
_CMP = frozenset(
    "Eq Ord Ordering PartialEq PartialOrd Reverse max max_by max_by_key min min_by min_by_key "
    "minmax minmax_by minmax_by_key".split()
)
_MODULE_ITEMS = {"collections": _COLLECTIONS, "fmt": _FMT, "cmp": _CMP}
_LEAVES = ("*", "self")


def refuse(low: Any, node: Any, path: list[str]) -> None:
    """E0432 for the `use` path `path` (of std or core) that names nothing std has."""
    names = [n for n in path if n != "::"]
    if len(names) < 2 or names[0] not in ("std", "core"):
        return
    second = names[1]
    if second in _LEAVES:
        return
    if len(names) == 2 and second in _MACROS:
        return
    if second not in _MODULES:
        bad = names[:2]
    elif len(names) >= 3 and names[2] not in (*_MODULE_ITEMS.get(second, names[2:3]), *_LEAVES):
        bad = names[:3]  # `std::collections::HashMapp`, `std::fmt::Dispaly`
    else:
        return
    raise low.fail(node, rejects(f"unresolved import `{'::'.join(bad)}`", "E0432"))
