"""`_Function`: one `fn` body read as it runs, the reader assembled from its parts, and the table
of how it reads each kind of expression."""

from __future__ import annotations

from pbpit.lint.analysis.apply_summary import _ApplySummary
from pbpit.lint.analysis.bindings import _Bindings
from pbpit.lint.analysis.calls import _Calls
from pbpit.lint.analysis.common import _LITERALS
from pbpit.lint.analysis.effects import _Effects
from pbpit.lint.analysis.element_writes import _ElementWrites
from pbpit.lint.analysis.events import _Events
from pbpit.lint.analysis.expressions import _Expressions
from pbpit.lint.analysis.field_pushes import _FieldPushes
from pbpit.lint.analysis.flow import _Flow
from pbpit.lint.analysis.joins import _Joins
from pbpit.lint.analysis.keys import _Keys
from pbpit.lint.analysis.once import _Once
from pbpit.lint.analysis.pass_values import _PassValues
from pbpit.lint.analysis.pattern_walks import _PatternWalks
from pbpit.lint.analysis.places import _Places
from pbpit.lint.analysis.prefix import _Prefix
from pbpit.lint.analysis.pushed import _Pushed
from pbpit.lint.analysis.reader import _EXPRESSIONS, _Reader
from pbpit.lint.analysis.state import _DATA
from pbpit.lint.analysis.walks import _Walks


class _Function(
    _Events,
    _Effects,
    _ElementWrites,
    _Calls,
    _FieldPushes,
    _ApplySummary,
    _Flow,
    _Once,
    _PassValues,
    _Expressions,
    _Walks,
    _PatternWalks,
    _Keys,
    _Places,
    _Pushed,
    _Prefix,
    _Bindings,
    _Joins,
    _Reader,
):
    """One `fn` body read as it runs; findings go into the shared `found`."""


_EXPRESSIONS.update(
    {
        "identifier": _Function._identifier,
        "call_expression": _Function._call,
        "field_expression": _Function._field,
        "index_expression": _Function._index,
        "binary_expression": _Function._binary,
        "unary_expression": _Function._unary,
        "reference_expression": _Function._same,
        "parenthesized_expression": _Function._same,
        "try_expression": _Function._same,
        "await_expression": _Function._same,
        "block": _Function._block,
        "unsafe_block": _Function._block,
        "async_block": _Function._block,
        "if_expression": _Function._if,
        "match_expression": _Function._match,
        "for_expression": _Function._for,
        "while_expression": _Function._while,
        "loop_expression": _Function._loop,
        "assignment_expression": _Function._assignment,
        "compound_assignment_expr": _Function._assign,
        "closure_expression": _Function._closure,
        "macro_invocation": _Function._macro,
        "tuple_expression": _Function._elements,
        "array_expression": _Function._elements,
        "struct_expression": _Function._elements,
        "scoped_identifier": lambda reader, node: _DATA,
    }
)


_EXPRESSIONS.update(dict.fromkeys(_LITERALS, lambda reader, node: _DATA))


"""How `_Function.expr` reads each kind of expression (one table for every reader)."""
