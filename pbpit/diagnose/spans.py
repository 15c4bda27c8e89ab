"""Where on its line a node, a name or a backward sits: the span a diagnostic underlines.

A line's calls and operators are listed in the order they run (a receiver and the arguments
before the call, the operands before the operator); the nodes the line made, in creation order,
are matched to them by op name, so the `mul` of `(a.clone() * w.clone()).sum()` underlines
`a.clone() * w.clone()` and the `sum` the whole expression. Python cases are read with `ast`,
Rust cases with tree-sitter. Columns are 0-based characters, the end exclusive.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from pbpit.file_state import per_file
from pbpit.source import Language, source_line, span, statement_range, syntax_tree
from pbpit.trace import NodeRecord, RunResult

Span = tuple[int, int]

_PYTHON_OPERATORS = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "div",
    ast.MatMult: "matmul",
    ast.Pow: "pow",
    ast.USub: "neg",
}
_RUST_OPERATORS = {"+": "add", "-": "sub", "*": "mul", "/": "div"}


@dataclass(frozen=True)
class Expression:
    """A call (`name` is the method or function), an operator (`name` is its op: `mul`) or a
    variable (`name` is the variable) on one line."""

    kind: str
    """`call`, `operator` or `name`."""
    name: str
    start: int
    end: int


def expressions(path: str, line: int, language: Language) -> list[Expression]:
    """The calls, operators and names of the statements starting on `line` that lie on it,
    in the order they run."""
    if language is Language.RUST:
        return list(_rust_expressions(path, line))
    return list(_python_expressions(path, line))


@per_file
def _python_expressions(path: str, line: int) -> tuple[Expression, ...]:
    tree = syntax_tree(path)
    if tree is None:
        return ()
    text = source_line(path, line)
    encoded = text.encode("utf-8")

    def column(offset: int) -> int:  # ast counts UTF-8 bytes
        return len(encoded[:offset].decode("utf-8", errors="replace"))

    found: list[Expression] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.stmt):
                visit(child)
        if not isinstance(node, ast.expr) or node.lineno != line or node.end_lineno != line:
            return
        name = None
        kind = "call"
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        elif isinstance(node, ast.BinOp | ast.UnaryOp):
            kind, name = "operator", _PYTHON_OPERATORS.get(type(node.op))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            kind, name = "name", node.id
        if name is not None and node.end_col_offset is not None:
            found.append(
                Expression(kind, name, column(node.col_offset), column(node.end_col_offset))
            )

    for statement in ast.walk(tree):
        if isinstance(statement, ast.stmt) and statement.lineno == line:
            visit(statement)
    return tuple(found)


@per_file
def _rust_expressions(path: str, line: int) -> tuple[Expression, ...]:
    from pbpit.rust.syntax import parse_file  # tree-sitter loads only for a Rust case

    source = parse_file(path)
    if source is None:
        return ()
    found: list[Expression] = []

    def visit(node) -> None:
        for child in node.named_children:
            visit(child)
        (first, start), (last, end) = source.start(node), source.end(node)
        if first != line or last != line:
            return
        name = None
        kind = "call"
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            if function is not None and function.type == "generic_function":
                function = function.child_by_field_name("function")
            if function is not None and function.type == "field_expression":
                field = function.child_by_field_name("field")
                name = source.node_text(field) if field is not None else None
            elif function is not None:
                name = source.node_text(function).split("::")[-1]
        elif node.type == "binary_expression":
            operator = node.child_by_field_name("operator")
            symbol = source.node_text(operator) if operator is not None else ""
            kind, name = "operator", _RUST_OPERATORS.get(symbol)
        elif node.type == "unary_expression" and source.node_text(node).startswith("-"):
            kind, name = "operator", "neg"
        elif node.type == "identifier" and not _bound(node):
            kind, name = "name", source.node_text(node)
        if name is not None:
            found.append(Expression(kind, name, start - 1, end - 1))

    # Parents' kinds ride along: tree-sitter's `node.parent` searches down from the root.
    stack = [(source.root, None)]
    while stack:
        node, parent_kind = stack.pop()
        if parent_kind == "block" and node.is_named:
            if source.start_line(node) == line:
                visit(node)
            elif source.start_line(node) < line <= source.end_line(node):
                stack.extend((child, node.type) for child in node.named_children)
        elif source.start_line(node) <= line <= source.end_line(node):
            stack.extend((child, node.type) for child in node.named_children)
    return tuple(found)


def _bound(identifier) -> bool:
    """Whether an identifier is the name a `let` or an assignment binds (not a read)."""
    parent = identifier.parent
    target = None
    if parent is not None and parent.type == "let_declaration":
        target = parent.child_by_field_name("pattern")
    elif parent is not None and parent.type in (
        "assignment_expression",
        "compound_assignment_expr",
    ):
        target = parent.child_by_field_name("left")
    return target is not None and target.start_byte == identifier.start_byte


def _made_by(op: str, expression: Expression) -> bool:
    """Whether `expression` can have made a node of `op` (`*` makes `mul` or `mul_scalar`)."""
    return expression.kind != "name" and (
        op == expression.name or op.startswith(expression.name + "_")
    )


def node_span(result: RunResult, node: NodeRecord) -> Span | None:
    """The columns of the sub-expression that made `node` on its line, or (when the line cannot
    be read so) of the whole value assigned there; None without a line."""
    if node.line is None:
        return None
    line = node.line
    path, language = result.source, result.language
    whole = span(path, line, language)
    if statement_range(path, line, language) != (line, line):
        return whole
    if node.made_in:
        # Made in a function the line calls: the call, as lint underlines it.
        return callee_span(path, line, node.made_in[0][0], language) or whole
    made = [e for e in expressions(path, line, language) if e.kind != "name"]
    # The run of nodes this line made around `node`; the line may have run more than once.
    first = node.id
    while first > 0 and (before := result.node(first - 1)) is not None and line in before.stack:
        first -= 1
    cursor = 0
    for node_id in range(first, node.id + 1):
        record = result.node(node_id)
        if record is None or record.line != line or record.stack != node.stack:
            continue  # made in a function the line calls
        at = next((i for i in range(cursor, len(made)) if _made_by(record.op, made[i])), None)
        if at is None:  # the line ran again: its first op again
            at = next((i for i in range(len(made)) if _made_by(record.op, made[i])), None)
        if at is None:
            if node_id == node.id:
                return whole
            continue
        cursor = at + 1
        if node_id == node.id:
            return made[at].start, made[at].end
    return whole


def name_span(path: str, line: int, name: str, language: Language) -> Span | None:
    """Where the variable `name` is first read on `line`."""
    found = next(
        (e for e in expressions(path, line, language) if e.kind == "name" and e.name == name), None
    )
    return None if found is None else (found.start, found.end)


def call_span(path: str, line: int, method: str, language: Language) -> Span | None:
    """The whole call of `method` on `line` (`loss.backward()`), the last if several."""
    calls = [e for e in expressions(path, line, language) if e.kind == "call" and e.name == method]
    return None if not calls else (calls[-1].start, calls[-1].end)


def callee_span(path: str, line: int, function: str | None, language: Language) -> Span | None:
    """The call of `function` (`hidden`, `Model::forward`, `Model.forward`) on `line`, the
    first if several; None for a closure or when the line holds no such call."""
    if function is None:
        return None
    name = function.replace("::", ".").split(".")[-1]
    calls = [e for e in expressions(path, line, language) if e.kind == "call" and e.name == name]
    return None if not calls else (calls[0].start, calls[0].end)


def line_span(path: str, line: int) -> Span:
    """The statement on `line`, without its indentation."""
    text = source_line(path, line)
    return len(text) - len(text.lstrip()), len(text.rstrip())
