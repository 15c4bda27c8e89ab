"""What rules build their diagnostics with, for one file: labels and edits at file bytes, the
file's lines and line ending, and the edits several fixes share (detach a value where it is made,
move statements into a loop, add a line at the end of a block)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.engine import api
from pbpit.lint.values import Definition, Value
from pbpit.rust.columns import Columns
from pbpit.rust.syntax import Node, RustFile, descendants

if TYPE_CHECKING:
    from pbpit.lint.analysis.index import Program

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

# Methods that borrow their receiver (`&self`): a variable they are called on is not moved.
BORROWING = frozenset(
    {
        *(m.name for m in api.METHODS if m.receiver == "&self"),
        *(
            "len is_empty iter as_ref borrow is_some is_none to_string as_str to_vec as_slice"
            " first last get num_params valid val"
        ).split(),
    }
)
COPY_TYPES = frozenset(
    "i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char".split()
)


class Fixes:
    """One file, as the rules see it when they write a diagnostic."""

    def __init__(self, source: RustFile, program: Program | None = None) -> None:
        self.source = source
        self.program = program
        """The linted tree the file is read in: its other files' methods (`borrows`)."""
        self.data = source.data
        self._lines: list[str] | None = None
        self._newline: str | None = None
        self._reads: dict[tuple[int, int], dict[str, list[tuple[int, int]]]] = {}
        self._parents: dict[Node, Node] = {}
        self._borrowing: frozenset[str] | None = None
        self._elsewhere: dict[str, bool] = {}

    @property
    def positions(self) -> Columns:
        """Lines and columns of the file's bytes (counted when a diagnostic first needs them)."""
        return self.source.columns

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
        if self._newline is None:  # asked once per fix: the file is searched once
            self._newline = "\r\n" if b"\r\n" in self.data else "\n"
        return self._newline

    # -- the diagnostic

    def diagnostic(
        self,
        rule: str,
        message: str,
        name: str,
        labels: list[Label],
        helps: list[Help],
        at: int,
        notes: Iterable[str | None] = (),
    ) -> Diagnostic:
        """A warning of `rule` about the tensor `name`, whose statement holds file byte `at`;
        the fixes said in words come before those written as code; `notes` (each once, None
        left out) after them."""
        return Diagnostic(
            rule,
            message,
            self.source.path,
            labels,
            [h for h in helps if not h.edits] + [h for h in helps if h.edits],
            statement_line=self.statement_line(at),
            name=name,
            notes=list(dict.fromkeys(n for n in notes if n is not None)),
        )

    def label(self, span: tuple[int, int], text: str, primary: bool = False) -> Label:
        """A label on file bytes `span`, cut at the end of its first line (one line per label)."""
        line, column = self.positions.position(span[0])
        end_line, end_column = self.positions.position(span[1])
        if end_line != line:
            first = self.lines[line - 1]
            end_line, end_column = line, len(first.rstrip()) + 1
        return Label(line, column, end_line, end_column, text, primary)

    def place(self, span: tuple[int, int]) -> Label:
        """File bytes `span` as lines and columns, whole (over several lines too), unlabelled."""
        line, column = self.positions.position(span[0])
        end_line, end_column = self.positions.position(span[1])
        return Label(line, column, end_line, end_column, "")

    def statement_line(self, byte: int) -> int:
        """The first line of the statement holding file byte `byte` (an allow comment is above
        it)."""
        root = self.source.root
        node = root.descendant_for_byte_range(byte, byte)
        if node is None:
            return self.positions.position(byte)[0]
        path = ancestors(root, node)
        while len(path) > 1 and path[-2].type not in ("block", "source_file", "declaration_list"):
            path.pop()
        return self.positions.position(path[-1].start_byte)[0]

    # -- edits

    def edit(self, start: int, end: int, replacement: str) -> Edit:
        """Replace file bytes `start..end` with `replacement` (an insertion when they meet)."""
        line, column = self.positions.position(start)
        end_line, end_column = self.positions.position(end)
        return Edit(line, column, end_line, end_column, replacement)

    def detached_already(self, value: Node, leaf: bool = False) -> bool:
        """Whether `value` is already detached (`h.detach()`; a leaf's
        `h.detach().require_grad()`): another `.detach()` on it would change nothing."""
        text = re.sub(r"\s+", "", self.text(value))
        return text.endswith(".detach().require_grad()" if leaf else ".detach()")

    def detach_edits(self, value: Node) -> list[Edit]:
        """`value` followed by `.detach()`, in parentheses when it needs them."""
        if value.type in NO_PARENS:
            return [self.edit(value.end_byte, value.end_byte, ".detach()")]
        return [
            self.edit(value.start_byte, value.start_byte, "("),
            self.edit(value.end_byte, value.end_byte, ").detach()"),
        ]

    def move_into_loop(
        self, statements: list[Node], loop: Node, clones: Iterable[Node] = ()
    ) -> list[Edit] | None:
        """Move whole-line `statements` (in order) to the top of `loop`'s body, re-indented as
        its first statement, each of the identifiers `clones` followed by `.clone()`; None when
        the body's brace does not end its line."""
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
            text += self.copy_lines(statement, clones, new_indent)
            first_line, last_line = statement.start_point[0], statement.end_point[0]
            edits.append(self.edit(self.line_start(first_line), self.line_start(last_line + 1), ""))
        after_brace = self.line_start(brace_line + 1)
        return [*edits, self.edit(after_brace, after_brace, text)]

    def copy_lines(self, statement: Node, clones: Iterable[Node], new_indent: str) -> str:
        """The lines of whole-line `statement`, re-indented to `new_indent`, each of the
        identifiers `clones` within it followed by `.clone()`."""
        return self.copy_rows(statement.start_point[0], statement.end_point[0], clones, new_indent)

    def copy_rows(
        self, first_line: int, last_line: int, clones: Iterable[Node], new_indent: str
    ) -> str:
        """Rows `first_line..=last_line` (0-based), re-indented to `new_indent`, each of the
        identifiers `clones` within them followed by `.clone()`."""
        old_indent = indent(self.lines[first_line])
        start, end = self.line_start(first_line), self.line_start(last_line + 1)
        copied = self.data[start:end]
        for name in sorted(clones, key=lambda n: n.end_byte, reverse=True):
            if start <= name.start_byte < end:
                at = name.end_byte - start
                copied = copied[:at] + b".clone()" + copied[at:]
        lines = copied.decode("utf-8", "replace").split("\n")[: last_line - first_line + 1]
        return "".join(
            new_indent + line.removesuffix("\r").removeprefix(old_indent) + self.newline
            for line in lines
        )

    def indent_of(self, node: Node) -> str:
        """The blanks the first line of `node` starts with."""
        return indent(self.lines[node.start_point[0]])

    def moved_names(self, node: Node) -> list[Node] | None:
        """The variables `node` gives by value (to a method taking `self`, a function, an
        operator, a `let`): run again, each would be a use after move unless cloned or `Copy`.
        None when one is used in a way a `.clone()` cannot mend (a field moved out, an element
        taken by index, a closure or a `vec!` holding it)."""
        moved = []
        # Each node with its parent and grandparent, found on the way down (`Node.parent`
        # searches from the root: climbing from every name would cost the depth squared).
        above = ancestors(self.source.root, node)
        top = (node, *reversed(above[-3:-1]), None, None)[:3]
        stack: list[tuple[Node, Node | None, Node | None]] = [top]
        while stack:
            current, parent, grandparent = stack.pop()
            if current.type == "closure_expression":
                if _captures(self, current):
                    return None
                continue  # `|b| b.val() * 0.5`: it names only its own parameters
            if current.type == "macro_invocation":
                macro = current.child_by_field_name("macro")
                if macro is not None and self.text(macro) == "vec" and _names_in(current):
                    return None
                continue  # println!, format!, assert!: they borrow what they print
            if current.type == "field_expression" and self._borrows_place(current, parent):
                continue  # `model.encoder.forward(..)`: a method of `&self` borrows the place
            if current.type == "identifier":
                use = self._use(current, parent, grandparent)
                if use is None:
                    return None
                if use:
                    moved.append(current)
                continue
            stack.extend((child, current, parent) for child in current.named_children)
        return sorted(moved, key=lambda n: n.start_byte)

    def _borrows_place(self, method: Node, call: Node | None) -> bool:
        """Whether `method` is `a.b.m` (a variable's field, or a field of one, at any depth)
        called by `call` with a method that borrows its receiver: nothing is moved. One field
        (`a.m(..)`) is `_use`'s."""
        place = method.child_by_field_name("value")
        if place is None or place.type != "field_expression":
            return False
        if call is None or call.type != "call_expression":
            return False
        if call.child_by_field_name("function") != method:
            return False
        while place is not None and place.type == "field_expression":
            place = place.child_by_field_name("value")
        if place is None or place.type not in ("identifier", "self"):
            return False
        name = self.text(method.child_by_field_name("field") or method)
        return self.borrows(name)

    def borrows(self, method: str) -> bool:
        """Whether the method `method` borrows its receiver: Burn's and std's that do, a
        `forward*`, and one every definition of which in this file takes `&self` or `&mut self`
        (`fn features(&self, ..)`: `model.features(..)` moves nothing, as rustc reads it), or,
        defined in no such way here, in the linted tree's files (`program`: a crate's module
        files, `Tagger::embed` in src/model.rs called in src/training.rs)."""
        if method in BORROWING or method.startswith("forward"):
            return True
        if self._borrowing is None:
            self._borrowing = _borrowing_methods(self)
        if self.program is not None and method not in self._borrowing:
            if method not in self._elsewhere:
                self._elsewhere[method] = _borrowing_in(self.program, method)
            return self._elsewhere[method]
        return method in self._borrowing

    def _use(self, name: Node, parent: Node | None, grandparent: Node | None) -> bool | None:
        """Whether the variable `name` (under `parent`, under `grandparent`) is given by value
        where it is read (None: moved in a way no clone mends)."""
        if parent is None:
            return True
        kind = parent.type
        if kind in ("scoped_identifier", "scoped_type_identifier", "generic_function"):
            return False
        if kind == "reference_expression":
            return False
        if kind == "call_expression" and parent.child_by_field_name("function") == name:
            return False  # a closure or function called: `Fn` borrows
        if kind == "index_expression":
            return None if parent.named_children[0] == name else False
        if kind == "field_expression" and parent.child_by_field_name("value") == name:
            call = grandparent
            if call is None or call.type != "call_expression":
                return None  # `batch.inputs` moves a field out
            method = self.text(parent.child_by_field_name("field") or parent)
            return not self.borrows(method)
        return True

    def is_copy(self, name: str, before: int) -> bool:
        """Whether the variable `name`, read at file byte `before`, holds a `Copy` value: a
        number, a `bool`, a reference (`&device`), as its binding (the last `let`, parameter or
        `for` pattern of that name before it in its function) says; False when not known."""
        root = self.source.root
        node = root.descendant_for_byte_range(before, before)
        path = ancestors(root, node) if node is not None else []
        owners = [n for n in path if n.type in ("function_item", "closure_expression")]
        if not owners:
            return False
        function = owners[-1]
        found: Node | None = None
        stack = [function]
        while stack:
            current = stack.pop()
            if current.start_byte >= before:
                continue
            pattern = current.child_by_field_name("pattern")
            if (
                current.type in ("let_declaration", "parameter", "for_expression")
                and pattern is not None
                and _binds(self, pattern, name)
                and (found is None or current.start_byte > found.start_byte)
            ):
                found = current
            stack.extend(current.named_children)
        if found is None:
            return False
        type_ = found.child_by_field_name("type")
        if type_ is not None:
            text = self.text(type_)
            return text.startswith("&") or text in COPY_TYPES
        if found.type == "for_expression":
            over = found.child_by_field_name("value")
            return over is not None and over.type == "range_expression"
        value = found.child_by_field_name("value")
        while value is not None and value.type == "unary_expression":
            value = value.named_children[-1] if value.named_children else None
        return value is not None and (
            value.type in ("integer_literal", "float_literal", "boolean_literal")
            or value.type == "reference_expression"
        )

    def tracked_without(
        self, definition: Definition, loss: Value, backward: Node | None, leaves: set[str]
    ) -> bool:
        """Whether `loss` (backpropagated by the call `backward`) stays tracked with
        `definition` detached: it is made from another tracked tensor, or its making names a
        leaf (one of `leaves`, or a `let` of `.require_grad()`), a module's forward or a
        parameter's value. A loss tracked only through `definition` would have nothing to
        backpropagate: Burn panics then."""
        if loss.origin is definition:
            return False
        leaves = leaves | self.leaf_names(backward or definition.statement)
        made = []
        for source in loss.sources:
            if source is definition or source in definition.sources:
                continue
            if definition not in source.sources:
                return True
            if source.value is not None:
                made.append(source.value)
        if backward is not None:
            function = backward.child_by_field_name("function")
            receiver = function.child_by_field_name("value") if function is not None else None
            if receiver is not None:
                made.append(receiver)
        return any(self._names_a_leaf(node, leaves) for node in made)

    def _names_a_leaf(self, node: Node, leaves: set[str]) -> bool:
        for current in descendants(node):
            if current.type == "identifier" and self.text(current) in leaves:
                return True
            if current.type == "field_expression":
                field = current.child_by_field_name("field")
                method = self.text(field) if field is not None else ""
                if method.startswith("forward") or method in ("val", "require_grad"):
                    return True
        return False

    def leaf_names(self, within: Node | None) -> set[str]:
        """The names the function holding `within` binds to `.require_grad()`: leaves."""
        path = ancestors(self.source.root, within) if within is not None else []
        functions = [node for node in path if node.type == "function_item"]
        function = functions[-1] if functions else None
        names: set[str] = set()
        for current in descendants(function) if function is not None else ():
            if current.type != "let_declaration":
                continue
            pattern, value = (current.child_by_field_name(f) for f in ("pattern", "value"))
            while pattern is not None and pattern.type == "mut_pattern" and pattern.named_children:
                pattern = pattern.named_children[-1]
            if pattern is None or pattern.type != "identifier" or value is None:
                continue
            text = self.text(value).rstrip()
            if text.endswith("require_grad()") or text.endswith("set_require_grad(true)"):
                names.add(self.text(pattern))
        return names

    def is_tensor(self, node: Node, scope: Node, depth: int = 0) -> bool:
        """Whether `node` is certainly a float tensor: the result of one of Burn's tensor
        methods or of an operator, or a variable a `let` in `scope` bound to one before it
        (not a module's output, which may be a struct or a tuple)."""
        while node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[0]
        if node.type == "binary_expression":
            operator = node.child_by_field_name("operator")
            return operator is not None and self.text(operator) in ("+", "-", "*", "/")
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            field = function.child_by_field_name("field") if function is not None else None
            method = api.BY_NAME.get(self.text(field)) if field is not None else None
            return method is not None and method.tracked not in (api.NEVER, api.GRADIENTS)
        if node.type != "identifier" or depth > 8:
            return False
        name = self.text(node)
        bound = None
        for current in descendants(scope):
            pattern = current.child_by_field_name("pattern")
            if (
                current.type == "let_declaration"
                and pattern is not None
                and pattern.type == "identifier"
                and self.text(pattern) == name
                and current.end_byte <= node.start_byte
                and (bound is None or current.start_byte > bound.start_byte)
            ):
                bound = current
        value = bound.child_by_field_name("value") if bound is not None else None
        return value is not None and self.is_tensor(value, scope, depth + 1)

    def reachable(self, name: str, at: Node) -> bool:
        """Whether the place `name` (`hidden`, `self.hidden`, `agent.hidden`) can be written at
        `at`: a variable or a field of `self`, or a field of a struct this file declares (its
        private fields are visible in the file); not a deeper path."""
        parts = name.split(".")
        if len(parts) == 1 or (len(parts) == 2 and parts[0] == "self"):
            return True
        element = re.fullmatch(r"(\w+)\[[^\[\].]*\]", parts[0])
        if element is not None:  # `workers[t % 2].h`: a field of an element of `workers`
            parts = [element[1], *parts[1:]]
        if len(parts) != 2 or not all(is_name(p) for p in parts):
            return False
        for current in descendants(self.source.root):
            field_name = current.child_by_field_name("name")
            if (
                current.type == "field_declaration"
                and field_name is not None
                and self.text(field_name) == parts[1]
            ):
                return True
        return False

    def call_at(self, span: tuple[int, int]) -> Node | None:
        """The call expression whose method name starts within file bytes `span`
        (`loss.backward()`)."""
        root = self.source.root
        node = root.descendant_for_byte_range(span[0], span[1])
        calls = [n for n in ancestors(root, node) if n.type == "call_expression"] if node else []
        return calls[-1] if calls else None

    def read_outside(self, name: str, statement: Node, body: Node, moved: list[Node]) -> bool:
        """Whether `name` is named after `statement` anywhere in its block but in `body` and the
        statements in `moved` (in file order, as `move_into_loop` takes them)."""
        block = self.parent(statement)
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

    def parent(self, node: Node) -> Node | None:
        """`node.parent`, found once for all the named children of a parent: tree-sitter finds
        a parent by a walk down from the root, through every statement before it in a block,
        and asking it of each statement of a long block would cost the block's length squared."""
        found = self._parents.get(node)
        if found is None:
            found = node.parent
            if found is not None:
                self._parents.update(dict.fromkeys(found.named_children, found))
        return found

    def clone_call(self, read: Node, name: str) -> Node | None:
        """The call `name.clone()` whose receiver is the identifier `read`, else None (a bare
        `name`): where a `.detach()` goes after the clone."""
        field_ = self.parent(read)
        call = self.parent(field_) if field_ is not None else None
        if (
            field_ is not None
            and field_.type == "field_expression"
            and self.text(field_) == f"{name}.clone"
            and call is not None
            and call.type == "call_expression"
        ):
            return call
        return None

    def detach_read(self, read: Node, name: str) -> tuple[Edit, str] | None:
        """The edit that reads the identifier `read` (of `name`) detached, and the text it
        makes: `x.clone()` becomes `x.clone().detach()`, a bare `x` `x.detach()`; else None."""
        call = self.clone_call(read, name)
        if call is not None:
            return self.edit(call.end_byte, call.end_byte, ".detach()"), f"{name}.clone().detach()"
        if read.type == "identifier":
            return self.edit(read.start_byte, read.end_byte, f"{name}.detach()"), f"{name}.detach()"
        return None

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


def ancestors(root: Node, node: Node) -> list[Node]:
    """The nodes from the root down to `node`, both included: each found from the one above it,
    so that the path costs its length, where climbing by `Node.parent` (a search down from the
    root per step) costs its length squared. A node of another tree (a macro's arguments,
    parsed on their own) is climbed to, as is every node on an older tree-sitter."""
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
    return path


def identifiers(node: Node) -> list[Node]:
    """Every identifier within `node`, itself included."""
    return [current for current in descendants(node) if current.type == "identifier"]


def method_calls(within: Node, fixes: Fixes) -> Iterable[tuple[Node, Node, str, Node | None]]:
    """Each method call `receiver.name(..)` within `within`, in order: the call, the receiver,
    the method's name and the arguments."""
    for call in descendants(within):
        function = call.child_by_field_name("function") if call.type == "call_expression" else None
        if function is None or function.type != "field_expression":
            continue
        receiver = function.child_by_field_name("value")
        method = function.child_by_field_name("field")
        if receiver is not None and method is not None:
            yield call, receiver, fixes.text(method), call.child_by_field_name("arguments")


def _captures(fixes: Fixes, closure: Node) -> bool:
    """Whether `closure` names a variable other than its own parameters (what it captures)."""
    parameters = closure.child_by_field_name("parameters")
    own = {fixes.text(n) for n in identifiers(parameters)} if parameters is not None else set()
    body = closure.child_by_field_name("body")
    if body is None:
        return _names_in(closure)
    return any(fixes.text(n) not in own for n in descendants(body) if n.type == "identifier") or (
        body.type == "macro_invocation" or any(n.type == "token_tree" for n in descendants(body))
    )


def _names_in(node: Node) -> bool:
    """Whether `node` holds a variable (an identifier, inside a macro's tokens too)."""
    return any(current.type == "identifier" for current in descendants(node))


def _binds(fixes: Fixes, pattern: Node, name: str) -> bool:
    """Whether `pattern` binds `name` (`name`, `mut name`, `(a, name)`...)."""
    return any(fixes.text(current) == name for current in identifiers(pattern))


def is_name(text: str) -> bool:
    """Whether `text` is one Rust variable (not a pattern `[a, b]`, a part `pair.0`)."""
    return re.fullmatch(r"[A-Za-z_]\w*", text) is not None


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


def _borrowing_in(program: Program, method: str) -> bool:
    """Whether every definition of the method `method` in the linted tree (each file of a crate,
    `Tagger::embed` of src/model.rs for a loop in src/training.rs) takes `&self` or `&mut self`,
    and no tensor method of the name takes `self`."""
    defined = program.methods.get(method, [])
    if not defined or any(m.name == method and m.receiver != "&self" for m in api.METHODS):
        return False
    for callee in defined:
        try:
            parameters = callee.node.child_by_field_name("parameters")
        except LookupError:
            return False
        held = parameters.named_children if parameters is not None else []
        taken = next((c for c in held if c.type == "self_parameter"), None)
        data = callee.source.data
        if taken is None or not data[taken.start_byte : taken.end_byte].lstrip().startswith(b"&"):
            return False
    return True


def _borrowing_methods(fixes: Fixes) -> frozenset[str]:
    """The methods of the file every definition of which takes `&self` or `&mut self`."""
    receivers: dict[str, set[bool]] = {}
    for item in descendants(fixes.source.root):
        if item.type not in ("function_item", "function_signature_item"):
            continue
        name, parameters = item.child_by_field_name("name"), item.child_by_field_name("parameters")
        if name is None or parameters is None:
            continue
        first = next((c for c in parameters.named_children if c.type == "self_parameter"), None)
        if first is not None:
            receivers.setdefault(fixes.text(name), set()).add(fixes.text(first).startswith("&"))
    moving = {m.name for m in api.METHODS if m.receiver != "&self"}  # a tensor's `sum` moves
    return frozenset(n for n, by in receivers.items() if by == {True} and n not in moving)
