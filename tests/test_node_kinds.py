"""No pass of the interpreter can forget a node kind.

`nodes.node_kinds()` declares every kind of node, and `nodes.child_fields` its children, read
from the dataclass fields. Each pass that walks expressions (check, moves, known_panics,
compile) has, for every expression kind, its own method (`c_Kind`, `w_Kind`, `v_Kind`) or a row
of its `DEFAULTS` that names the method handling the kind; the lowering makes every kind. A kind
added without that choice in every pass fails here, before a program of it runs (as a visitor
interface makes a compiler say so); the passes have no silent fallback either.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path

import pytest

import pbpit.rust.interp as interp
from pbpit.rust.interp import nodes
from pbpit.rust.interp.check import Checker
from pbpit.rust.interp.compile import Compiler
from pbpit.rust.interp.known_panics import KnownPanics
from pbpit.rust.interp.moves import MoveCheck
from pbpit.rust.interp.program import Unsupported, load_text

PASSES = [(Checker, "c_"), (MoveCheck, "w_"), (KnownPanics, "v_"), (Compiler, "c_")]
INTERP = Path(interp.__file__).parent


@dataclass(eq=False)
class Novel(nodes.Expr):
    """A kind no pass knows: what a new kind is until each pass makes its choice."""

    pos: nodes.Pos
    value: nodes.Expr


def _all_expr_classes() -> set[type]:
    for info in pkgutil.walk_packages([str(INTERP)], "pbpit.rust.interp."):
        importlib.import_module(info.name)
    found, todo = set(), [nodes.Expr]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("pbpit.rust.interp."):
                found.add(sub)
    return found


def _made_by_the_lowering() -> set[str]:
    """The node classes some module of the interpreter but `nodes.py` constructs."""
    made = set()
    for path in INTERP.rglob("*.py"):
        if path.name == "nodes.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                made.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
    return made


def test_every_expression_class_of_the_interpreter_is_a_declared_kind():
    declared = set(nodes.expr_kinds())
    assert {c.__name__ for c in _all_expr_classes() - declared} == set(), (
        "a node kind defined outside nodes.KIND_MODULES"
    )


@pytest.mark.parametrize(("walker", "prefix"), PASSES, ids=lambda p: getattr(p, "__name__", p))
def test_each_pass_handles_every_kind_or_names_its_default(walker, prefix):
    assert nodes.missing_rules(walker, prefix) == []


def test_the_lowering_makes_every_kind():
    made = _made_by_the_lowering()
    assert [k.__name__ for k in nodes.node_kinds() if k.__name__ not in made] == []


def test_a_new_kind_without_a_choice_fails_in_every_pass():
    kinds = (*nodes.expr_kinds(), Novel)
    for walker, prefix in PASSES:
        assert nodes.missing_rules(walker, prefix, kinds) == ["Novel"], walker
    assert "Novel" not in _made_by_the_lowering()


def test_a_default_row_for_no_kind_or_no_method_fails():
    class Stale(MoveCheck):
        DEFAULTS = {**MoveCheck.DEFAULTS, "Gone": "w_leaf", "Novel": "w_nothing"}

    assert nodes.missing_rules(Stale, "w_", (*nodes.expr_kinds(), Novel)) == [
        "DEFAULTS['Gone']: no such kind",
        "DEFAULTS['Novel']: no method w_nothing",
    ]


def test_children_are_the_fields_that_hold_nodes():
    assert nodes.child_fields(nodes.Call) == ("callee", "args")
    assert nodes.child_fields(nodes.Break) == ("value",)  # not the loop it leaves
    assert nodes.child_fields(nodes.Match) == ("value", "arms")
    assert nodes.child_fields(nodes.Arm) == ("pat", "guard", "body")
    assert nodes.child_fields(nodes.Block) == ("stmts", "tail")
    assert nodes.child_fields(Novel) == ("value",)


def test_every_kind_with_a_sub_expression_has_children():
    # An `Expr` field that is not a child would be a sub-expression no default walks into.
    for kind in nodes.node_kinds():
        hinted = [
            name
            for name, hint in kind.__annotations__.items()
            if "Expr" in str(hint) or "Block" in str(hint)
        ]
        kept = [n for n in hinted if n in nodes.child_fields(kind)]
        assert kept == hinted or kind in (nodes.Break, nodes.Continue), kind


# The two programs rustc rejects that ran before the kinds were declared: `Box::new` was not
# taught to the move check, `T::make(..)`'s arguments were not walked for known panics.
# (tests/rust/errors/ holds them with rustc's own output.)


def _refusal(source: str) -> Unsupported:
    with pytest.raises(Unsupported) as caught:
        load_text(source)
    return caught.value


SHAPE = """\
trait Shape { fn area(&self) -> f64; }
struct Square { side: f64 }
impl Shape for Square { fn area(&self) -> f64 { self.side * self.side } }
"""


def test_a_value_moved_then_boxed_is_rustcs_e0382():
    err = _refusal(
        SHAPE + "fn main() {\n    let s = Square { side: 2.0 };\n    let t = s;\n"
        '    let b: Box<dyn Shape> = Box::new(s);\n    println!("{}", t.area() + b.area());\n}\n'
    )
    assert (err.code, err.place[1:], err.label) == ("E0382", (7, 38), "value used here after move")


def test_a_constant_division_by_zero_in_an_associated_call_is_rustcs_lint():
    err = _refusal(
        "trait Make { fn make(n: i32) -> Self; }\nstruct M { n: i32 }\n"
        "impl Make for M { fn make(n: i32) -> Self { M { n } } }\n"
        "fn build<T: Make>() -> T {\n    T::make(1 / 0)\n}\n"
        'fn main() {\n    let m: M = build();\n    println!("{}", m.n);\n}\n'
    )
    assert (err.code, err.place[1:]) == ("unconditional_panic", (5, 13))
    assert err.label == "attempt to divide `1_i32` by zero"
