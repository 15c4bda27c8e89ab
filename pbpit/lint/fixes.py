"""What rules build their diagnostics with, for one file: labels and edits at file bytes, the
file's lines and line ending, and the edits several fixes share (detach a value where it is made,
move statements into a loop, add a line at the end of a block)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.rust.syntax import Node, RustFile

# Expressions that take a method call without parentheses around them.
NO_PARENS = frozenset(
    {
        "identifier",
        "call_expression",
        "field_expression",
        "parenthesized_expression",
        "macro_invocation",
        "index_expression",
        "try_expression",
        "await_expression",
        "scoped_identifier",
        "self",
    }
)


class Fixes:
    """One file, as the rules see it when they write a diagnostic."""

    def __init__(self, source: RustFile) -> None:
        self.source = source
        self.data = source.data
        self.positions = source.columns
        self._lines: list[str] | None = None
        self._reads: dict[tuple[int, int], dict[str, list[tuple[int, int]]]] = {}

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    @property
    def lines(self) -> list[str]:
        """The file's lines, split at `\\n` only (as tree-sitter counts rows)."""
        if self._lines is None:
            self._lines = [line.removesuffix("\r") for line in self.source.text.split("\n")]
        return self._lines

    @property
    def newline(self) -> str:
        """The file's line ending, for the lines a fix adds (`\\r\\n` in a CRLF file)."""
        return "\r\n" if b"\r\n" in self.data else "\n"

    # -- the diagnostic

    def diagnostic(
        self, rule: str, message: str, name: str, labels: list[Label], helps: list[Help], at: int
    ) -> Diagnostic:
        """A warning of `rule` about the tensor `name`, whose statement holds file byte `at`;
        the fixes said in words come before those written as code."""
        return Diagnostic(
            rule,
            message,
            self.source.path,
            labels,
            [h for h in helps if not h.edits] + [h for h in helps if h.edits],
            statement_line=self.statement_line(at),
            name=name,
        )

    def label(self, span: tuple[int, int], text: str, primary: bool = False) -> Label:
        """A label on file bytes `span`, cut at the end of its first line (one line per label)."""
        line, column = self.positions.position(span[0])
        end_line, end_column = self.positions.position(span[1])
        if end_line != line:
            first = self.lines[line - 1]
            end_line, end_column = line, len(first.rstrip()) + 1
        return Label(line, column, end_line, end_column, text, primary)

    def statement_line(self, byte: int) -> int:
        """The first line of the statement holding file byte `byte` (an allow comment is above
        it)."""
        root = self.source.root
        node = root.descendant_for_byte_range(byte, byte)
        if node is None:
            return self.positions.position(byte)[0]
        # The ancestors from the root down, each found once: `node.parent` walks down from the
        # root itself, so climbing by it is quadratic in the depth.
        path = [root]
        while path[-1] != node and hasattr(root, "child_with_descendant"):
            child = path[-1].child_with_descendant(node)
            if child is None:
                break
            path.append(child)
        if path[-1] != node:  # an older tree-sitter: climb
            path = [node]
            while path[0].parent is not None:
                path.insert(0, path[0].parent)
        while len(path) > 1 and path[-2].type not in ("block", "source_file", "declaration_list"):
            path.pop()
        return self.positions.position(path[-1].start_byte)[0]

    # -- edits

    def edit(self, start: int, end: int, replacement: str) -> Edit:
        """Replace file bytes `start..end` with `replacement` (an insertion when they meet)."""
        line, column = self.positions.position(start)
        end_line, end_column = self.positions.position(end)
        return Edit(line, column, end_line, end_column, replacement)

    def detach_edits(self, value: Node) -> list[Edit]:
        """`value` followed by `.detach()`, in parentheses when it needs them."""
        if value.type in NO_PARENS:
            return [self.edit(value.end_byte, value.end_byte, ".detach()")]
        return [
            self.edit(value.start_byte, value.start_byte, "("),
            self.edit(value.end_byte, value.end_byte, ").detach()"),
        ]

    def move_into_loop(self, statements: list[Node], loop: Node) -> list[Edit] | None:
        """Move whole-line `statements` (in order) to the top of `loop`'s body, re-indented as
        its first statement; None when the body's brace does not end its line."""
        body = loop.child_by_field_name("body")
        if body is None or not self.ends_line(body.start_point[0], body.start_point[1] + 1):
            return None
        lines = self.lines
        brace_line = body.start_point[0]
        inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
        if inner and inner[0].start_point[0] > brace_line:
            new_indent = indent(lines[inner[0].start_point[0]])
        else:
            new_indent = indent(lines[loop.start_point[0]]) + "    "
        text = ""
        edits = []
        for statement in statements:
            first_line, last_line = statement.start_point[0], statement.end_point[0]
            old_indent = indent(lines[first_line])
            text += "".join(
                new_indent + line.removeprefix(old_indent) + self.newline
                for line in lines[first_line : last_line + 1]
            )
            edits.append(self.edit(self.line_start(first_line), self.line_start(last_line + 1), ""))
        after_brace = self.line_start(brace_line + 1)
        return [*edits, self.edit(after_brace, after_brace, text)]

    def read_outside(self, name: str, statement: Node, body: Node, moved: list[Node]) -> bool:
        """Whether `name` is named after `statement` anywhere in its block but in `body` and the
        statements in `moved` (in file order, as `move_into_loop` takes them)."""
        block = statement.parent
        if block is None or not (block.start_byte <= body.start_byte < block.end_byte):
            return True
        reads = self.reads(block).get(name, [])
        for start, end in reads[bisect_left(reads, (statement.end_byte,)) :]:
            if body.start_byte <= start and end <= body.end_byte:
                continue
            # The last moved statement starting before the read is the only one that can hold it.
            at = bisect_right(moved, start, key=lambda node: node.start_byte) - 1
            if at < 0 or moved[at].end_byte < end:
                return True
        return False

    def reads(self, block: Node) -> dict[str, list[tuple[int, int]]]:
        """Where each name is named in `block`: the bytes of each identifier, in order. Found
        once per block, so that asking about every name of a long block stays linear."""
        key = (block.start_byte, block.end_byte)
        found = self._reads.get(key)
        if found is None:
            found = {}
            stack = [block]
            while stack:
                node = stack.pop()
                if node.type == "identifier":
                    found.setdefault(self.text(node), []).append((node.start_byte, node.end_byte))
                else:
                    stack.extend(reversed(node.named_children))
            self._reads[key] = found
        return found

    def append_line(self, body: Node, line: str) -> Edit | None:
        """Add `line` (without indent or ending) after the last statement of block `body`, as
        indented as it; None when that statement shares its lines or the closing brace."""
        inner = [c for c in body.named_children if c.type not in ("line_comment", "block_comment")]
        if not inner or not self.whole_lines(inner[-1]):
            return None
        last = inner[-1]
        if last.end_point[0] >= body.end_point[0]:
            return None
        at = self.line_start(last.end_point[0] + 1)
        return self.edit(at, at, f"{indent(self.lines[last.start_point[0]])}{line}{self.newline}")

    # -- lines

    def line_start(self, row: int) -> int:
        """Byte offset where 0-based `row` starts (the end of the file past the last)."""
        return self.positions.line_start(row)

    def whole_lines(self, node: Node) -> bool:
        """Whether a node has its lines to itself (a trailing comment allowed)."""
        start, end = node.start_point, node.end_point
        before = self.data[self.line_start(start[0]) : self.line_start(start[0]) + start[1]]
        return not before.strip() and self.ends_line(end[0], end[1])

    def ends_line(self, row: int, column: int) -> bool:
        """Whether only blanks or a comment follow byte `column` of `row`."""
        end = self.line_start(row + 1)
        after = self.data[self.line_start(row) + column : end].strip()
        return not after or after.startswith(b"//")


def indent(line: str) -> str:
    """The blanks a line starts with."""
    return line[: len(line) - len(line.lstrip())]


def last_segment(path: str) -> str:
    """`MseLoss` for `nn::loss::MseLoss` or `MseLoss::<B>`."""
    while "<" in path:
        stripped = re.sub(r"<[^<>]*>", "", path)
        if stripped == path:
            break
        path = stripped
    names = re.findall(r"[A-Za-z_]\w*", path)
    return names[-1] if names else ""
