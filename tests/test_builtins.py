"""Each built-in of the interpreter written once (`interp/builtins.py`, `interp/std_methods.py`):
a row holds its arity, its types and its behaviour; the lowering, the checker and the compiler
read the row, and the checker hands the compiler the row itself, never a string to decode.

The oracle of a row's behaviour is rustc: every std row is called by a program of
`tests/rust/std`, whose output was recorded from a rustc build (`tools/record_rustc.py`) and is
compared byte for byte by tests/test_rust_vs_rustc.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbpit.rust.interp import burn_methods, iterators, nodes, std_functions, std_methods
from pbpit.rust.interp.builtins import TYPE_WORDS, Builtin, Family, Function, _not_compiled
from pbpit.rust.interp.check import check_each
from pbpit.rust.interp.lower import lower
from pbpit.rust.interp.lower_tables import PATH_FUNCTIONS
from pbpit.rust.interp.program import Unsupported, load_text
from pbpit.rust.interp.types import FLOAT_NAMES, INT_RANGES, Named, Wrap, resolve
from pbpit.rust.syntax import parse_bytes

STD = Path(__file__).parent / "rust" / "std"
CLOSED = [
    f
    for module in (std_methods, iterators)
    for f in vars(module).values()
    if isinstance(f, Family) and f.rows is not None
] + list(burn_methods.METHODS.values())
# Burn's rows (a `Device`'s, a `TensorData`'s, a config's..) are run against real Burn's outputs
# in tests/test_burn022*.py and tests/programs, not by rustc with std alone.
BURNS = {"Device", "TensorData", "burn"}


def test_every_row_holds_its_arity_types_and_behaviour():
    assert {f.name for f in CLOSED} >= {"float", "int", "str", "Vec", "Option", "Result"}
    for family in CLOSED:
        assert family.rows
        for name, row in family.rows.items():
            where = f"{family.name}.{name}"
            assert row.family == family.name and row.name == name, where
            assert callable(row.compile) and row.compile is not _not_compiled, where
            if row.check is None:  # typed by its words alone
                assert row.params is not None, where
                assert row.arity == len(row.params), where
                assert set(row.params) <= set(TYPE_WORDS), where
                assert row.result in TYPE_WORDS, where
            else:
                assert callable(row.check), where


def test_every_function_row_holds_its_arity_types_and_behaviour():
    """Functions called by a path: std's and Burn's math (`std_functions.FUNCTIONS`), Burn's
    (`burn_methods.STATICS`); the lowering's arities are the rows'."""
    rows = {**std_functions.FUNCTIONS, **burn_methods.STATICS}
    assert len(rows) == len(std_functions.FUNCTIONS) + len(burn_methods.STATICS)
    for path, row in rows.items():
        assert isinstance(row, Function) and row.path == path, path
        assert isinstance(row.arity, int) and row.arity >= 0, path
        assert callable(row.check) and callable(row.compile), path
    assert PATH_FUNCTIONS == {(f.owner, f.name): f.arity for f in std_functions.FUNCTIONS.values()}


def test_every_std_row_is_run_by_a_program_rustc_ran():
    """A row added without a program calling it (and its output recorded from rustc) fails."""
    text = "\n".join(p.read_text() for p in STD.glob("*.rs"))
    missing = []
    for family in CLOSED:
        if family.name in BURNS:
            continue
        for name in family.rows:  # type: ignore[union-attr]
            written = r"\?" if name == "?" else r"[.:]" + re.escape(name) + r"\("
            if not re.search(written, text):
                missing.append(f"{family.name}.{name}")
    assert missing == []


def _checked(text: str) -> nodes.Crate:
    crate, refused, tainted = lower(parse_bytes(text.encode(), "main.rs"))
    refused += check_each(crate, tainted)
    assert refused == [], refused
    return crate


def _methods(crate: nodes.Crate) -> list[nodes.Method]:
    found, todo = [], [fn.body for fn in crate.fns.values() if fn.body is not None]
    while todo:
        node = todo.pop()
        if isinstance(node, nodes.Method):
            found.append(node)
        todo.extend(nodes.children(node))
    return found


def _family_of(ty: object) -> Family | None:
    ty = resolve(ty)
    if type(ty) is Named and ty.name in FLOAT_NAMES:
        return std_methods.FLOAT
    if type(ty) is Named and ty.name in INT_RANGES:
        return std_methods.INT
    if type(ty) is Named and ty.name in ("str", "String"):
        return std_methods.STR_METHODS
    if type(ty) is Wrap:
        return std_methods.family_of(ty.kind)
    return None


TESTS = Path(__file__).parent
# std programs, and Burn's: the cases, realistic training programs, Burn 0.22's dialect.
PROGRAMS = sorted(
    [*STD.glob("*.rs"), *(TESTS.parent / "cases").glob("*.rs"), *(TESTS / "programs").glob("*.rs")]
    + [*(TESTS / "burn022").rglob("*.rs")]
)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_method_call_carries_its_row(program):
    """Each method call of a checked program holds a `Builtin` (`USER`, `DYN` for the program's
    own methods; a tensor's, an iterator's, a Burn module's the record of its open family); a
    call on a number, a `str`, a `Vec`, an `Option`, a `Result` holds that family's row."""
    crate = _checked(program.read_text())
    for e in _methods(crate):
        assert isinstance(e.impl, Builtin), (program.name, e.pos, e.name, e.impl)
        family = _family_of(e.recv.ty)
        if family is not None and e.name in family and e.name not in ("clone", "to_string"):
            assert e.impl is family.get(e.name), (program.name, e.pos, e.name)


def _accepts(source: str) -> bool:
    try:
        load_text(source)
    except Unsupported:
        return False
    return True


# std's methods of f64 and i32 rustc has and the subset does not run: refused, by method and
# by path, as every name the checker accepts is a row.
_NOT_ROWS = {"f64": ("asinh", "acosh", "atanh", "midpoint"), "i32": ("isqrt", "ilog")}


@pytest.mark.parametrize("owner", ["f64", "i32"])
def test_the_number_methods_accepted_are_the_rows(owner):
    family = std_methods.FLOAT if owner == "f64" else std_methods.INT
    value = "1.5" if owner == "f64" else "7"
    args = {"self": "2.0" if owner == "f64" else "2", "i32": "2", "u32": "2"}
    checked = 0
    for name, row in family.rows.items():  # type: ignore[union-attr]
        if not row.has(Named(owner)):
            continue
        checked += 1
        written = ", ".join(args[p] for p in row.params or ())
        by_method = f"fn main() {{ let x: {owner} = {value}; let _y = x.{name}({written}); }}"
        both = f"{value}, {written}" if written else value
        by_path = f"fn main() {{ let _y = {owner}::{name}({both}); }}"
        assert _accepts(by_method), name
        assert _accepts(by_path), name
    assert checked > 0, owner  # the loop above checked some row, not none
    for name in _NOT_ROWS[owner]:
        assert name not in family
        assert not _accepts(f"fn main() {{ let x: {owner} = {value}; let _y = x.{name}(); }}")
        assert not _accepts(f"fn main() {{ let _y = {owner}::{name}({value}); }}")
