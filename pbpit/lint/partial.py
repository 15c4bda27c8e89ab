"""A file tree-sitter-rust cannot parse whole: where its first error is, and what of it can
still be read.

Where: a bracket closed by the wrong one or never closed, as rustc says it; else the innermost
of the first errors tree-sitter reports (from the root, the first child holding an error, down
to an ERROR or MISSING node with none inside: tree-sitter wraps everything it had read before
an error, from the file's first line, in the ERROR that recovers from it), at its line and
column as rustc counts them (`pbpit.rust.columns`).

What is read: valid Rust that tree-sitter-rust's grammar lacks is read as Rust reads it where
the text can say the same in words the grammar has, each byte in its place: a trailing comma
after a closure's last parameter (`|model, batch,| ..`, rustc accepts it; tree-sitter takes
the `|` for an or-pattern and loses the whole function) becomes a space. Otherwise the items
tree-sitter's error recovery kept whole (a `fn`, an `impl` of whole methods, a `struct`, a
`use`: with no error inside) are read, every other byte blanked (newlines kept, so every line
and column stays where it is), and the note names what was not read: the lines, and the
functions that start in them. A file of which no function is kept is not read at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.rust.syntax import Node, RustFile, parse_bytes

# Items whose whole text is kept when tree-sitter read them without an error.
_ITEMS = frozenset(
    (
        "function_item function_signature_item struct_item enum_item union_item impl_item "
        "trait_item mod_item use_declaration const_item static_item type_item macro_definition "
        "extern_crate_declaration foreign_mod_item attribute_item inner_attribute_item "
        "line_comment block_comment macro_invocation empty_statement"
    ).split()
)
# Items whose body is a list of items: with an error inside, their head and braces are kept
# and their items read one by one.
_CONTAINERS = frozenset({"impl_item", "trait_item", "mod_item"})
_TRAILING_COMMA = re.compile(rb",(?=(?:\s|//[^\n]*\n|/\*.*?\*/)*\|)", re.DOTALL)
_BLANKS = re.compile(rb"(?:\s|//[^\n]*|/\*.*?\*/)*", re.DOTALL)
_FN_NAME = re.compile(rb"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")
_BLANKED = bytes(10 if byte == 10 else 32 for byte in range(256))
"""Every byte a space but the newline (`bytes.translate`)."""
_SHOWN = 4
"""The stretches of lines, and the functions, a note names at most."""
_REPAIRS = 32
"""The trailing commas tried at most in one file (each try parses it again)."""


@dataclass
class Partial:
    """What could be read of a file: its error (line, column, what), the source to analyse
    (None: nothing), whether that source is the whole file (a grammar gap said in other words),
    and what was not read (a phrase, None when everything was)."""

    line: int
    column: int
    what: str
    source: RustFile | None
    unread: str | None


def read_partly(source: RustFile) -> Partial:
    """The first error of a file with one (`source.root.has_error`), and what of it is read."""
    line, column, what = first_error(source)
    repaired = _without_trailing_commas(source)
    if repaired is not None:
        return Partial(line, column, what, repaired, None)
    kept = _kept_ranges(source)
    data = source.data
    blanked = bytearray(data.translate(_BLANKED))
    for start, end in kept:
        blanked[start:end] = data[start:end]
    if not any(_FN_NAME.search(data[start:end]) for start, end in kept):
        return Partial(line, column, what, None, None)  # no function left to read
    readable = parse_bytes(bytes(blanked), source.path)
    if readable.root.has_error:
        return Partial(line, column, what, None, None)
    return Partial(line, column, what, readable, _unread(source, kept))


def first_error(source: RustFile) -> tuple[int, int, str]:
    """The line, column and cause of a file's first syntax error."""
    found = source.first_error()
    if found is None:
        return 1, 1, "syntax error"
    node, what = found
    if what.startswith("unexpected") or what == "syntax error":
        node = _innermost_error(source.root)
        if node.is_missing:
            known = node.type not in ("identifier", "_expression", "expression")
            what = f"expected `{node.type}`" if known else "expected an expression"
        else:
            what = f"unexpected `{_first_token(source, node)}`"
    at = node.start_byte
    if node.is_missing:
        # Where the token that came instead of it starts, as rustc says (`found `;``).
        at = _BLANKS.match(source.data, at).end()
    line, column = source.position(at)
    return line, column, what


def _innermost_error(root: Node) -> Node:
    node = root
    while True:
        child = next(
            (c for c in node.children if c.has_error or c.is_missing or c.type == "ERROR"),
            None,
        )
        if child is None:
            return node
        node = child


def _first_token(source: RustFile, node: Node) -> str:
    while node.child_count:
        node = node.children[0]
    text = source.node_text(node).split("\n")[0]
    return text[:40] if text else node.type


def _without_trailing_commas(source: RustFile) -> RustFile | None:
    """The file with the trailing commas of closure parameter lists made spaces, if that is
    what keeps tree-sitter from parsing it (each removed one is then the comma before a
    closure's closing `|`); None otherwise."""
    data = bytearray(source.data)
    tries = 0
    current = source
    for match in _TRAILING_COMMA.finditer(source.data):
        if tries >= _REPAIRS or not current.root.has_error:
            break
        at = match.start()
        if not _after_parameters(source.data, at):
            continue  # a comma before a closure (`f(a, |x| ..)`), not in its parameters
        closing = source.data.index(b"|", match.end())
        # A comma of the program's text (not of a string or a comment), whose `|` is where
        # tree-sitter went wrong (a `|` it read whole is another closure's).
        leaf = current.root.descendant_for_byte_range(at, at + 1)
        if leaf is None or leaf.type != "," or leaf.start_byte != at:
            continue
        if not _in_error(current.root.descendant_for_byte_range(closing, closing + 1)):
            continue
        tries += 1
        trial = bytearray(data)
        trial[at] = ord(" ")
        parsed = parse_bytes(bytes(trial), source.path)
        bar = parsed.root.descendant_for_byte_range(closing, closing + 1)
        if bar is None or bar.type != "|" or bar.parent is None:
            continue
        if bar.parent.type != "closure_parameters" or bar.parent.has_error:
            continue
        data, current = trial, parsed
    if current is source or current.root.has_error:
        return None
    return current


_CLOSERS = frozenset(b")]}")
_OPENERS = frozenset(b"([{")


def _after_parameters(data: bytes, comma: int, reach: int = 4096) -> bool:
    """Whether a comma may end a closure's parameters: before it, outside any brackets it is
    in, a `|` opens them (`|model, batch,|`), not a bracket or a `;` (`f(a, |x| ..)`: the
    comma of a call's arguments). Each comma tried parses the file again."""
    depth = 0
    for at in range(comma - 1, max(comma - reach, -1), -1):
        byte = data[at]
        if byte in _CLOSERS:
            depth += 1
        elif byte in _OPENERS:
            if depth == 0:
                return False
            depth -= 1
        elif depth == 0 and byte == 0x7C:  # `|`
            return True
        elif depth == 0 and byte == 0x3B:  # `;`
            return False
    return True  # too far to tell: tried


def _in_error(node: Node | None) -> bool:
    """Whether a node is inside an ERROR, or in a construct with one, below the file's root."""
    while node is not None and node.parent is not None:
        if node.type == "ERROR" or node.has_error:
            return True
        node = node.parent
    return False


def _kept_ranges(source: RustFile) -> list[tuple[int, int]]:
    """The byte ranges of the items tree-sitter read whole, in order."""
    kept: list[tuple[int, int]] = []
    stack = [source.root]
    while stack:
        node = stack.pop()
        for child in node.children:
            if child.is_missing:
                continue
            if child.type == "ERROR":
                stack.append(child)
            elif child.type in _ITEMS and not child.has_error:
                kept.append((child.start_byte, child.end_byte))
            elif child.type in _CONTAINERS:
                body = child.child_by_field_name("body")
                if body is None or body.child_count < 2:
                    continue
                opening, closing = body.children[0], body.children[-1]
                if opening.type != "{" or closing.type != "}" or closing.is_missing:
                    continue
                kept.append((child.start_byte, opening.end_byte))
                kept.append((closing.start_byte, closing.end_byte))
                stack.append(body)
    kept.sort()
    return _without_loose_attributes(source, kept)


def _without_loose_attributes(
    source: RustFile, kept: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """`kept` without the attributes (`#[test]`) whose item is not kept: kept, they would
    attach to the next item that is."""
    result: list[tuple[int, int]] = []
    data = source.data
    for index, (start, end) in enumerate(kept):
        if data[start:end].startswith(b"#["):
            following = kept[index + 1] if index + 1 < len(kept) else None
            gap = data[end : following[0]] if following is not None else b"x"
            if following is None or gap.strip():
                continue
        result.append((start, end))
    return result


def _unread(source: RustFile, kept: list[tuple[int, int]]) -> str:
    """What was not read: its lines (the first few stretches, and how many lines in all) and
    the functions that start in them."""
    data = source.data
    stretches: list[list[int]] = []
    names: list[str] = []
    at = 0
    for start, end in [*kept, (len(data), len(data))]:
        gap = data[at:start]
        if gap.strip():
            offset = len(gap) - len(gap.lstrip())
            first = source.position(at + offset)[0]
            last = source.position(at + len(gap.rstrip()))[0]
            if stretches and first <= stretches[-1][1] + 1:
                stretches[-1][1] = max(stretches[-1][1], last)  # on a line of the one before
            else:
                stretches.append([first, last])
            names.extend(m.group(1).decode() for m in _FN_NAME.finditer(gap))
        at = max(at, end)
    shown = [f"{a}" if a == b else f"{a}-{b}" for a, b in stretches[:_SHOWN]]
    if len(stretches) > _SHOWN:
        total = sum(b - a + 1 for a, b in stretches)
        shown.append(f".. ({total} lines in all)")
    plural = "s" if len(stretches) > 1 or stretches[0][0] != stretches[0][1] else ""
    lines = f"line{plural} {', '.join(shown)}"
    if names:
        listed = ", ".join(f"`{n}`" for n in names[:_SHOWN]) + (
            ", .." if len(names) > _SHOWN else ""
        )
        return f"{lines} (fn {listed})"
    return lines
