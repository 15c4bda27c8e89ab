"""Names rustc finds in another namespace than values when a program uses one as a variable it
never bound: `let _m2 = marker;` is rustc's E0423 "expected value, found built-in attribute
`marker`", not E0425 "cannot find value". Measured with rustc 1.95 (`fn main() { let _x =
NAME; }`, its first error), each name's kind as its message says it; std's prelude macros
(`vec`, `line`: "found macro") are `lower_paths._STD_MACROS`."""

from __future__ import annotations

BUILTIN_ATTRIBUTES = frozenset(
    """marker path doc inline cold repr allow warn deny forbid expect deprecated used ignore
    feature lang stable unstable optimize coverage link naked fundamental should_panic
    non_exhaustive no_mangle track_caller macro_use macro_export automatically_derived
    crate_name crate_type recursion_limit no_std no_main link_name link_section target_feature
    instruction_set debugger_visualizer collapse_debuginfo must_use export_name proc_macro
    proc_macro_derive proc_macro_attribute type_length_limit windows_subsystem no_builtins
    no_implicit_prelude no_link panic_handler cfg_attr rustc_main compiler_builtins
    needs_allocator panic_runtime profiler_runtime default_lib_allocator ffi_pure ffi_const
    prelude_import rustc_const_stable sanitize linkage patchable_function_entry may_dangle
    loop_match const_continue coroutine register_tool custom_mir rustc_builtin_macro
    allow_internal_unstable allow_internal_unsafe""".split()
)
ATTRIBUTE_MACROS = frozenset(("test", "bench", "derive", "global_allocator", "cfg_eval"))
MACROS = frozenset(("thread_local",))
TOOL_MODULES = frozenset(("diagnostic", "rustfmt", "clippy"))


def found_instead(name: str) -> str | None:
    """What rustc says it found for the unbound value `name` (E0423), or None (E0425)."""
    if name in BUILTIN_ATTRIBUTES:
        return f"built-in attribute `{name}`"
    if name in ATTRIBUTE_MACROS:
        return f"attribute macro `{name}`"
    if name in MACROS:
        return f"macro `{name}`"
    if name in TOOL_MODULES:
        return f"tool module `{name}`"
    return None
