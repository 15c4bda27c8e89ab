"""What every part of the analysis reads: tree-sitter's field ids, the words of a file and where
each starts, a function's owner and parameters, the node kinds that hold no expression, and
what the rules asked to see (their words, their methods)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache

from pbpit.lint.fixes import last_segment
from pbpit.lint.rule import Rule
from pbpit.lint.rules import RULES
from pbpit.lint.values import Read, Value
from pbpit.rust.syntax import Node, RustFile, descendants, field_id

_ITEMS = frozenset(
    (
        "function_item function_signature_item struct_item enum_item union_item impl_item "
        "trait_item mod_item use_declaration const_item static_item type_item macro_definition "
        "extern_crate_declaration foreign_mod_item attribute_item inner_attribute_item "
        "line_comment block_comment empty_statement"
    ).split()
)


_DIVERGING_MACROS = frozenset({"panic", "unreachable", "todo", "unimplemented"})


_PASSES = 3


_PASSES_DEEPEST = 4
"""Loops nested deeper than this are read once (3**depth passes otherwise)."""


_WATCHED: dict[str, list[Rule]] = {}
"""The rules that asked to see each method's calls."""


for _rule in RULES:
    for _method in _rule.methods:
        _WATCHED.setdefault(_method, []).append(_rule)


_WORDS = tuple(
    dict.fromkeys(
        [word for rule in RULES for word in rule.words]
        + [method.encode() for rule in RULES for method in sorted(rule.methods)]
    )
)
"""What a function must hold for some rule to fire in it: a rule's word or method as a whole
identifier (`backward`, not `conv2d_backward`: only a method named so runs a backward)."""


_SMALLEST_WORDS = tuple(w for w in _WORDS if not any(o != w and o in w for o in _WORDS))
"""The words of `_WORDS` that hold no other (a file holds one of `_WORDS` iff one of these)."""


_PARTS = {w: tuple(o for o in _SMALLEST_WORDS if o != w and o in w) for w in _WORDS}
"""The smallest words each word holds: where one is missing, so is the word."""


class _Fields:
    """Field ids of tree-sitter-rust by name (`_FIELD.body`), each found on first use:
    `Node.child_by_field_id` looks no name up, as `child_by_field_name` does at every call."""

    def __getattr__(self, name: str) -> int:
        found = field_id(name)
        setattr(self, name, found)
        return found


_FIELD = _Fields()


def _calls_on(within: Node, name: str, text: Callable[[Node], str]) -> Iterator[tuple[Node, str]]:
    """Each method call on `name` within `within` (`name.push(..)`, `name.insert(..)`), in
    order: the call and the method's name."""
    for node in descendants(within):
        function = (
            node.child_by_field_id(_FIELD.function) if node.type == "call_expression" else None
        )
        if function is None or function.type != "field_expression":
            continue
        receiver = function.child_by_field_id(_FIELD.value)
        method = function.child_by_field_id(_FIELD.field)
        if receiver is not None and method is not None and text(receiver) == name:
            yield node, text(method)


_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
"""The bytes of an identifier (as `\\w` matches them in a pattern of bytes)."""


_WORD = re.compile(rb"\w+")


_WORDS_OF: list = [b"", {}]
"""The last file's `_words`: its functions are read one after the other."""


def _words(data: bytes) -> dict[bytes, list[int]]:
    """Where each word (a run of ASCII letters, digits and `_`) of a file starts, in order:
    found once per file, so that asking whether a name is read again is a bisection."""
    if _WORDS_OF[0] is not data:
        found: dict[bytes, list[int]] = {}
        for match in _WORD.finditer(data):
            found.setdefault(match.group(), []).append(match.start())
        _WORDS_OF[:] = [data, found]
    return _WORDS_OF[1]


_ASSIGNMENT = re.compile(rb"\b(?=(\w+)\s*=(?!=)\s*(\w+))")


_ASSIGNMENTS_OF: list = [b"", {}]
"""The last file's `_assignments`."""


def _assignments(data: bytes) -> dict[bytes, tuple[list[int], list[bytes]]]:
    """Where each word is assigned a word (`first = false`), in order, and that word: found
    once per file, so that asking whether a flag is set in a block is a bisection."""
    if _ASSIGNMENTS_OF[0] is not data:
        found: dict[bytes, tuple[list[int], list[bytes]]] = {}
        for match in _ASSIGNMENT.finditer(data):
            starts, words = found.setdefault(match.group(1), ([], []))
            starts.append(match.start())
            words.append(match.group(2))
        _ASSIGNMENTS_OF[:] = [data, found]
    return _ASSIGNMENTS_OF[1]


_CALLED = re.compile(rb"\s*\(")


_REPEATS = frozenset(
    {
        "for_expression",
        "while_expression",
        "loop_expression",
        "closure_expression",
        "macro_invocation",
    }
)
"""What may run the code in it more than once, or as the reading does not follow (a macro)."""


_HOLDS_ITEMS = frozenset({"source_file", "declaration_list", "mod_item", "impl_item", "trait_item"})


_last_segment = cache(last_segment)
"""`last_segment` of a call's path, which the same paths repeat (`Tensor`, `TensorData`)."""


def _first(pair: tuple[int, object]) -> int:
    return pair[0]


@cache
def _word_ending(word: bytes) -> re.Pattern[bytes]:
    return re.compile(re.escape(word) + rb"(?!\w)")


def _word_starts(data: bytes, word: bytes) -> list[int]:
    """Where `word` starts as a whole word in `data`, in order: a search for the word followed
    by no word byte, each match then checked for a word byte before it (a pattern starting
    with `\\b` or a look-behind is tried at every position; one starting with the word is a
    fast search)."""
    return [
        at
        for match in _word_ending(word).finditer(data)
        if (at := match.start()) == 0 or data[at - 1] not in _WORD_BYTES
    ]


def _fn_within(data: bytes, start: int, end: int) -> bool:
    """Whether bytes `start`..`end` of a file hold the word `fn` (a byte search, a whole word
    asked only where it is found)."""
    at = data.find(b"fn", start, end)
    while at != -1:
        before = at == 0 or data[at - 1] not in _WORD_BYTES
        if before and (at + 2 == len(data) or data[at + 2] not in _WORD_BYTES):
            return True
        at = data.find(b"fn", at + 2, end)
    return False


def _owner(data: bytes, parent: Node) -> tuple[str | None, str | None]:
    """The owner and trait the functions directly in `parent` (an impl, a trait, a function)
    have: an impl's type and trait, a trait's name twice, none for a function's own items."""
    if parent.type == "impl_item":
        type_node = parent.child_by_field_id(_FIELD.type)
        trait_node = parent.child_by_field_id(_FIELD.trait)
        owner = _type_name(_text(data, type_node)) if type_node is not None else None
        return owner, _text(data, trait_node) if trait_node is not None else None
    if parent.type == "trait_item":
        name_node = parent.child_by_field_id(_FIELD.name)
        name = _text(data, name_node) if name_node is not None else None
        return name, name
    return None, None


def _has_self(data: bytes, parameters: Node) -> bool:
    """Whether a function's parameters hold `self` (whose text always says `self`)."""
    if data.find(b"self", parameters.start_byte, parameters.end_byte) == -1:
        return False
    return any(c.type == "self_parameter" for c in parameters.named_children)


def _expects_panic(source: RustFile, function: Node) -> bool:
    """Whether a test is marked `#[should_panic]`: the panic is what it checks."""
    node = function.prev_named_sibling
    while node is not None and node.type in ("attribute_item", "line_comment", "block_comment"):
        text = source.data[node.start_byte : node.end_byte]
        if node.type == "attribute_item" and re.match(rb"#\[\s*should_panic\b", text):
            return True
        node = node.prev_named_sibling
    return False


_NUMBERS = re.compile(
    r"^&?(?:mut\s+)?(?:usize|isize|u8|u16|u32|u64|i8|i16|i32|i64|f32|f64|bool|char|str|String"
    r"|&str|Option<(?:usize|f32|f64|bool)>)$"
)


_NO_TENSORS = re.compile(
    r"^(?:Vec<|\[)?(?:<[^<>]*>::|\w+::)*\w*(?:Device|Config)(?:<[^<>]*>)?[>\]]?$"
)
"""A parameter's type that holds no tensor: a device (`B::Device`, `&[Device]`) or a config
(`TrainingConfig`: Burn's `#[derive(Config)]` serialises its fields, which no tensor is)."""


_TYPE_NAME = re.compile(r"(?:\w+::)*([A-Z]\w*)")


_PATH = re.compile(r"^(?:self|[a-z_]\w*)(?:\.(?:[a-z_]\w*|\d+))+$")


def _forward_output(node: Node | None) -> bool:
    """Whether an expression is a module's `forward*(..)` output (behind `&`, `?`, `[..]`,
    `.unwrap()`): its parts share the module's steps."""
    while node is not None:
        if node.type in ("reference_expression", "try_expression", "parenthesized_expression"):
            node = node.child_by_field_id(_FIELD.value) or (
                node.named_children[0] if node.named_child_count else None
            )
        elif node.type == "index_expression":
            node = node.named_children[0] if node.named_child_count else None
        elif node.type == "call_expression":
            function = node.child_by_field_id(_FIELD.function)
            if function is not None and function.type == "generic_function":
                function = function.child_by_field_id(_FIELD.function)
            if function is None or function.type != "field_expression":
                return False
            name = function.child_by_field_id(_FIELD.field)
            text = name.text.decode("utf-8", "replace") if name is not None and name.text else ""
            if text == "forward" or text.startswith("forward_"):
                return True
            if text not in ("unwrap", "expect", "clone"):
                return False
            node = function.child_by_field_id(_FIELD.value)
        else:
            return False
    return False


_SPACE_BYTES = frozenset(b" \t\n\r\f\v")
"""What `\\s` matches in a pattern of bytes."""


def _any_within(points: list[int], start: int, end: int) -> bool:
    """Whether a point of the sorted `points` is in `[start, end)`."""
    index = bisect.bisect_left(points, start)
    return index < len(points) and points[index] < end


def _any_read(points: list[int], body: Node) -> bool:
    """Whether a point of the sorted `points` is in a function's `body`, outside the items and
    comments in it."""
    index = bisect.bisect_left(points, body.start_byte)
    while index < len(points) and points[index] < body.end_byte:
        if not _in_skipped_item(body, points[index]):
            return True
        index += 1
    return False


def _read_as(value: Value, reads: frozenset[Read]) -> Value:
    """`value` with `reads` (`dataclasses.replace` of its one field, without its generic cost:
    a read of a tracked name makes one)."""
    return Value(
        value.requirement,
        value.origin,
        value.sources,
        value.why,
        value.frozen,
        reads,
        value.parts,
        value.shared,
        value.same_or_made,
    )


def _in_skipped_item(body: Node, at: int) -> bool:
    """Whether byte `at` of a function's body is inside an item or a comment in it (asked of
    the nodes from the body down to it, as `fixes.ancestors`: a climb by `Node.parent` costs n²
    for n levels)."""
    leaf = body.descendant_for_byte_range(at, at + 1)
    node = body
    while node != leaf:
        node = node.child_with_descendant(leaf)
        if node is None:
            return False
        if node.type in _ITEMS:
            return True
    return False


def _parameter_type(data: bytes, parameter: Node) -> str:
    """A parameter's type as its text says it, without a leading `&`, lifetime or `mut`."""
    kind = parameter.child_by_field_id(_FIELD.type)
    if kind is None:
        return ""
    return re.sub(r"^&\s*(?:'\w+\s+)?(?:mut\s+)?", "", _text(data, kind))


_ONE_TENSOR = re.compile(r"(?:[\w:]+::)?Tensor\s*(?:<|$)")
"""A type that is one tensor: `Tensor<B, 2>`, `burn::tensor::Tensor<B, 1>`."""
_INTEGER = re.compile(r"[ui](?:8|16|32|64|128|size)")
"""An integer type: a parameter of it may be a key (`slots[key]`)."""


def _may_hold_tensors(kind: str) -> bool:
    return not _NUMBERS.match(kind) and not _NO_TENSORS.match(kind)


def _called(names: Iterable[str]) -> re.Pattern[bytes]:
    words = b"|".join(re.escape(n.encode()) for n in sorted(names))
    return re.compile(rb"\b(?:" + words + rb")\s*(?:::<[^()]*>)?\s*\(")


def _text(data: bytes, node: Node) -> str:
    return data[node.start_byte : node.end_byte].decode("utf-8", "replace")


@cache
def _type_name(text: str) -> str | None:
    """`Model` of `&mut Model<B>`, `crate::model::Model<B>`; None for `Self`, a number."""
    match = _TYPE_NAME.search(text.replace("&", " ").replace("mut ", " "))
    if match is None:
        return None
    name = match.group(1)
    return None if name in ("Self", "Vec", "Option", "Box") else name


def _pattern_names(pattern: Node) -> list[Node]:
    """The identifiers a pattern binds (not enum variants, constants or paths)."""
    names = []
    stack = [pattern]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_field_identifier"):
            text = node.text.decode("utf-8", "replace") if node.text else ""
            if text and not text[0].isupper() and text != "_":
                names.append(node)
            continue
        if node.type in ("scoped_identifier", "type_identifier", "generic_type"):
            continue
        # `Foo { a: b }` binds `b`, not the field `a`; `Foo { a }` binds `a`.
        binds = node.child_by_field_id(_FIELD.pattern) is not None
        skipped = ("type", "name") if binds else ("type",)
        for index, child in enumerate(node.children):
            # `Some(x)`'s `Some` is its `type`.
            if child.is_named and node.field_name_for_child(index) not in skipped:
                stack.append(child)
    return sorted(names, key=lambda n: n.start_byte)


_LITERALS = frozenset(
    "float_literal integer_literal boolean_literal string_literal raw_string_literal "
    "char_literal".split()
)
"""Literals: data, with nothing in them that runs."""


_NUMBER_BYTES = b"0123456789.,;[]-+_ \t\r\n"
"""The bytes of an array of numbers, `[[1.0, -2.5], [3.0, 4_000.0]]`, `[0.0; 4]`."""
