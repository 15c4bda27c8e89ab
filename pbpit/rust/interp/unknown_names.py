"""A function or a type the file never declares nor imports: rustc's E0425 ("cannot find
function `f` in this scope", "cannot find type `T` in this scope"), where pbpit refused it as
outside its subset.

Judged from the syntax alone, and only where the name is certainly undeclared: no glob `use`
but of the file's own enums and modules, no `macro_rules!`, no `extern crate`, not a name of
std's prelude, and every occurrence of the name in the file a use of it (a call's callee, a
type written in a signature, a `let`, a field, a type argument, a path's first segment), none a
declaration of any kind (an item, a `use`, a binding, a generic parameter). Anything else stays
refused in words.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

Node = Any
"""A `tree_sitter.Node`."""

# What the 2021 prelude (and the primitive types) names, as functions and as types.
PRELUDE_FUNCTIONS = frozenset("drop Some None Ok Err Box Vec String".split())
PRELUDE_TYPES = frozenset(
    "Option Result String Vec Box ToString ToOwned Clone Copy Send Sync Sized Unpin Drop Fn "
    "FnMut FnOnce Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend Default Eq "
    "PartialEq Ord PartialOrd AsRef AsMut Into From TryFrom TryInto FromIterator Self "
    "i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str".split()
)
# Where a file may bring a name in other than by declaring it (none of these is judged).
_OPEN_SCOPE = frozenset(("use_wildcard", "macro_definition", "extern_crate_declaration"))
# The parents (and the field of the parent) under which a `type_identifier` names a type in use.
_TYPE_USES = {
    "generic_type": "type",
    "reference_type": "type",
    "pointer_type": "type",
    "array_type": "element",
    "parameter": "type",
    "let_declaration": "type",
    "function_item": "return_type",
    "function_signature_item": "return_type",
    "field_declaration": "type",
    "closure_expression": "return_type",
    "type_cast_expression": "type",
}
_TYPE_LISTS = frozenset(("tuple_type", "type_arguments", "ordered_field_declaration_list"))


def _field_of(node: Node) -> str | None:
    parent = node.parent
    for i, child in enumerate(parent.children):
        if child.id == node.id:
            return parent.field_name_for_child(i)
    return None


def _in_token_tree(node: Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "token_tree":
            return True
        parent = parent.parent
    return False


def _function_use(node: Node) -> bool:
    parent = node.parent
    if parent.type == "call_expression" and _field_of(node) == "function":
        return True
    return node.type == "identifier" and _in_token_tree(node)  # `println!("{}", f(1))`


def _type_use(node: Node) -> bool:
    parent = node.parent
    if node.type == "type_identifier":
        if parent.type in _TYPE_LISTS:
            return True
        return _TYPE_USES.get(parent.type, "") == _field_of(node)
    if node.type == "identifier":  # `Tensor::zeros(..)`: the path's first segment
        if parent.type == "scoped_identifier" and _field_of(node) == "path":
            return True
        return _in_token_tree(node)
    return False


def _local_modules(root: Node, source: Any) -> set[str]:
    """The names of the file's own enums and modules (a glob `use` of one brings only names
    the file declares)."""
    found = {"crate", "self", "super"}
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type in ("enum_item", "mod_item"):
            name = node.child_by_field_name("name")
            if name is not None:
                found.add(source.node_text(name))
    return found


def _open(node: Node, source: Any, local: set[str]) -> bool:
    """Whether `node` may bring names the file does not declare (a glob `use` of std or of
    another crate, a macro, an `extern crate`)."""
    if node.type != "use_wildcard":
        return node.type in _OPEN_SCOPE
    root = source.node_text(node).lstrip(":").split("::")[0].strip()
    return root not in local


def _undeclared(root: Node, source: Any, name: str, used: Any) -> bool:
    local = _local_modules(root, source)
    stack = [root]
    while stack:
        node = stack.pop()
        if _open(node, source, local):
            return False
        if node.type in ("identifier", "type_identifier") and source.node_text(node) == name:
            if not used(node):
                return False
        stack.extend(node.children)
    return True


def refuse_function(low: Any, node: Node, name: str) -> None:
    """E0425 for a call of `name` that nothing in the file declares or imports."""
    if name in PRELUDE_FUNCTIONS or not _undeclared(low.src.root, low.src, name, _function_use):
        return
    failed = low.fail(node, rejects(f"cannot find function `{name}` in this scope", "E0425"))
    failed.label = "not found in this scope"
    raise failed


def refuse_type(low: Any, node: Node, name: str) -> None:
    """E0425 for the type `name` (at `node`, its name) that nothing in the file declares."""
    if name in PRELUDE_TYPES or not _undeclared(low.src.root, low.src, name, _type_use):
        return
    failed = low.fail(node, rejects(f"cannot find type `{name}` in this scope", "E0425"))
    failed.label = "not found in this scope"
    raise failed
