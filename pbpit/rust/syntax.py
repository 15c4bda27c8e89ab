"""Rust source through tree-sitter: one parse per file, positions as rustc prints them, and the
arguments of macros (`println!`, `assert_eq!`), which the grammar leaves as raw token trees.

tree-sitter loads on first use only: commands that never read Rust do not pay for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from pbpit.errors import printable
from pbpit.file_state import per_file
from pbpit.rust.columns import Columns
from pbpit.source import not_utf8

Node = Any
"""A `tree_sitter.Node`."""


class RustReadError(Exception):
    """A Rust file that cannot be read or parsed: one line for the user, its path first."""


class RustSyntaxError(RustReadError):
    """A Rust file tree-sitter cannot parse: `file:line:col: <what>`."""


@cache
def _parser() -> Any:
    import tree_sitter
    import tree_sitter_rust

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_rust.language()))


@cache
def kind_ids(names: frozenset[str]) -> frozenset[int]:
    """The ids of the named node kinds called `names` (`Node.kind_id`; a kind may have several
    ids, by aliases): comparing ids makes no string of a node's `type`."""
    language = _parser().language
    return frozenset(
        kind
        for kind in range(language.node_kind_count)
        if language.node_kind_is_named(kind) and language.node_kind_for_id(kind) in names
    )


@cache
def field_id(name: str) -> int:
    """The id of a field (`Node.child_by_field_id`), which looks no name up."""
    found = _parser().language.field_id_for_name(name)
    if found is None:
        raise LookupError(f"tree-sitter-rust has no field `{name}`")
    return found


@cache
def _range_parser() -> Any:
    """A parser of its own for `RustFile.parse_range`, which sets its included ranges."""
    import tree_sitter
    import tree_sitter_rust

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_rust.language()))


@dataclass
class RustFile:
    """One parsed Rust file: its text, bytes and syntax tree (parsed again from the bytes when
    asked for after `release_tree`)."""

    path: str
    text: str
    data: bytes
    tree: Any

    @property
    def root(self) -> Node:
        if self.tree is None:
            self.tree = _parser().parse(self.data)
        return self.tree.root_node

    def release_tree(self) -> None:
        """Let the syntax tree go (its memory is freed once no node of it is held): a reader of
        many files that needs few of their trees again. `root` parses the bytes again."""
        self.tree = None

    def parse_range(self, start: int, end: int) -> Node:
        """The root of a tree of bytes `start`..`end` of the file alone (an item: a `fn` as the
        whole file's tree has it, at the same bytes, lines and columns), the rest left out."""
        import tree_sitter

        def point(byte: int) -> tuple[int, int]:
            return self.data.count(b"\n", 0, byte), byte - (self.data.rfind(b"\n", 0, byte) + 1)

        parser = _range_parser()
        parser.included_ranges = [tree_sitter.Range(point(start), point(end), start, end)]
        return parser.parse(self.data).root_node

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def node_text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8")

    @cached_property
    def columns(self) -> Columns:
        """Lines and columns of byte offsets into this file."""
        return Columns(self.data)

    def position(self, byte: int) -> tuple[int, int]:
        """1-based line and column (in characters, as rustc's diagnostics count) of a byte."""
        return self.columns.position(byte)

    def start(self, node: Node) -> tuple[int, int]:
        return self.position(node.start_byte)

    def end(self, node: Node) -> tuple[int, int]:
        """Line and column just past the node's last character."""
        return self.position(node.end_byte)

    def start_line(self, node: Node) -> int:
        """1-based line of the node's start (`start(node)[0]`, without counting characters)."""
        return node.start_point[0] + 1

    def end_line(self, node: Node) -> int:
        """1-based line of the node's end (`end(node)[0]`)."""
        return node.end_point[0] + 1

    def where(self, node: Node) -> str:
        """`file:line:col` of the node's start."""
        line, column = self.start(node)
        return f"{self.path}:{line}:{column}"

    def first_error(self) -> tuple[Node, str] | None:
        """The first syntax error in the tree and what it is: a delimiter left open or closed
        by the wrong one (as rustc says it), else tree-sitter's first ERROR or MISSING node."""
        if not self.root.has_error:
            return None
        unbalanced = _unbalanced_delimiter(self.root)
        if unbalanced is not None:
            return unbalanced
        stack = [self.root]
        while stack:
            node = stack.pop()
            if node.is_missing:
                if node.type in _PUNCTUATION:
                    return node, f"expected `{node.type}`"
                return node, "expected an expression"
            if node.type == "ERROR":
                return node, f"unexpected `{_first_token(self, node)}`"
            stack.extend(reversed([c for c in node.children if c.has_error or c.is_missing]))
        return self.root, "syntax error"


_OPENING = {"(": ")", "[": "]", "{": "}"}
_PUNCTUATION = {";", ",", ":", ")", "]", "}", "(", "[", "{", "=>", "->", "=", "|"}


def _unbalanced_delimiter(root: Node) -> tuple[Node, str] | None:
    """A bracket closed by the wrong one, or one never closed, found over the file's tokens
    (strings and comments are single tokens, so their brackets do not count). A subtree
    without an error is a whole construct, its brackets matched inside it: it is passed over."""
    open_: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.child_count:
            stack.extend(reversed([c for c in node.children if c.has_error or not c.child_count]))
            continue
        if node.is_missing or node.start_byte == node.end_byte:
            continue
        if node.type in _OPENING:
            open_.append(node)
        elif node.type in _OPENING.values():
            if not open_ or _OPENING[open_[-1].type] != node.type:
                return node, f"unexpected closing delimiter `{node.type}`"
            open_.pop()
    if open_:
        return open_[-1], f"this file contains an unclosed delimiter `{open_[-1].type}`"
    return None


def _first_token(source: RustFile, node: Node) -> str:
    while node.children:
        node = node.children[0]
    text = source.node_text(node).splitlines()
    return printable(text[0][:40]) if text else node.type


def descendants(node: Node) -> Iterator[Node]:
    """`node` and every named node under it, depth first, the last child first (an explicit
    stack: no recursion limit on deep code)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.named_children)


def parse_bytes(data: bytes, path: str = "<input>") -> RustFile:
    """Parse Rust source given as bytes (a leading byte-order mark is dropped)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RustReadError(f"{path}: {not_utf8(err)}") from None
    return RustFile(path, text, data, _parser().parse(data))


def read_rust(path: str | Path) -> RustFile:
    """Read and parse a `.rs` file; `RustReadError` if it cannot be read. A file with syntax
    errors still parses (see `RustFile.first_error`): the caller decides what to report."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise RustReadError(f"{path}: cannot read: {err.strerror or err}") from None
    return parse_bytes(data, str(path))


@per_file
def parse_file(path: str) -> RustFile | None:
    """The parsed file at `path`, cached for the diagnostics (None if it cannot be read)."""
    try:
        return read_rust(path)
    except RustReadError:
        return None


# -- macro arguments ------------------------------------------------------------------------------

_PREFIX = b"fn f(){f"
_SUFFIX = b";}"


@dataclass
class MacroArgs:
    """The arguments of a macro call, parsed as the arguments of a function call.

    `nodes` belong to a separate small tree; `delta` maps their byte offsets back into the
    file: file byte = node byte + delta. `named` holds `name = expr` arguments of `format!`."""

    nodes: list[Node]
    delta: int
    source: RustFile

    def text(self, node: Node) -> str:
        return self.source.data[node.start_byte + self.delta : node.end_byte + self.delta].decode(
            "utf-8"
        )

    def start(self, node: Node) -> tuple[int, int]:
        return self.source.position(node.start_byte + self.delta)

    def where(self, node: Node) -> str:
        line, column = self.start(node)
        return f"{self.source.path}:{line}:{column}"


def macro_arguments(source: RustFile, macro: Node) -> MacroArgs | None:
    """The comma-separated arguments of a `macro_invocation` (`println!("{}", x)`), parsed as
    expressions; None if they are not expressions (a macro of another shape)."""
    tree_node = next((c for c in macro.children if c.type == "token_tree"), None)
    if tree_node is None:
        return None
    body = source.data[tree_node.start_byte : tree_node.end_byte]
    if not body.startswith(b"(") and not body.startswith(b"["):
        return None
    if body.startswith(b"["):
        body = b"(" + body[1:-1] + b")"
    tree = _parser().parse(_PREFIX + body + _SUFFIX)
    if tree.root_node.has_error:
        return None
    call = tree.root_node.children[0].child_by_field_name("body").named_children[0]
    call = call.named_children[0] if call.type == "expression_statement" else call
    arguments = call.child_by_field_name("arguments")
    if call.type != "call_expression" or arguments is None:
        return None
    nodes = [n for n in arguments.named_children if n.type not in ("line_comment", "block_comment")]
    return MacroArgs(nodes, tree_node.start_byte - len(_PREFIX), source)
