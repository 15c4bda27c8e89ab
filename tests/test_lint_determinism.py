"""Lint's output does not depend on where its objects sit in memory.

A `Definition` hashes by identity, so a set of them iterates in the order of their addresses,
which follow what the process allocated and collected before: a reading that takes the first
of such a set gives another message after other programs were linted in the same process, or
after the garbage collector ran at another moment (tests/test_lint_ui.py lints every program in
one process). Here the hash of every definition made is forced to its order of creation, then
to the reverse: each of the two orders of a set of them is met, and the output must be the
blessed one both times.
"""

from __future__ import annotations

import json

import pytest
from lint_score import CORPUS

from pbpit.lint.analysis.entry import lint_source
from pbpit.lint.values import Definition
from pbpit.rust.syntax import parse_bytes

# Programs whose reading meets two tensors of one statement (a method refreshing a field before
# the loop and in it), or two of one place and passes (an element pushed through a `&mut` of its
# Vec, read by index and by iteration): which is named or labelled depended on a set's order.
CASES = ["field_refreshed_from_third_pass.rs", "mut_alias_push_local.rs"]


def _findings(name: str, monkeypatch: pytest.MonkeyPatch, sign: int) -> list[dict]:
    made: dict[int, tuple[Definition, int]] = {}

    def by_creation(self: Definition) -> int:
        # The first hash asked of a definition is its serial: it is made just before.
        known = made.get(id(self))
        if known is None or known[0] is not self:
            known = made[id(self)] = (self, len(made) + 1)  # kept alive: no id reused
        return sign * known[1]

    with monkeypatch.context() as patch:
        patch.setattr(Definition, "__hash__", by_creation, raising=False)
        path = CORPUS / name
        found = lint_source(parse_bytes(path.read_bytes(), name))
    return [json.loads(json.dumps(f.to_json(), default=str)) for f in found]


@pytest.mark.parametrize("name", CASES)
def test_findings_are_the_same_whatever_order_a_set_of_definitions_iterates_in(name, monkeypatch):
    blessed = (CORPUS / name).with_suffix(".stderr").read_text(encoding="utf-8").splitlines()[0]
    forward = _findings(name, monkeypatch, 1)
    backward = _findings(name, monkeypatch, -1)
    assert forward == backward
    assert [f"warning[pbpit::{f['rule']}]: {f['message']}" for f in forward] == [blessed]
