"""Byte scans the index makes before any reading: where a file runs a backward or names a
helper (`_matches`, `_calls`), whether such a name can be a call of one (`_may_call`, as a
reading finds the function it calls), and whether a function takes what may hold a tensor."""

from __future__ import annotations

import re
from collections.abc import Callable

from pbpit.lint.analysis.common import _FIELD, _SPACE_BYTES, _may_hold_tensors, _parameter_type
from pbpit.rust.syntax import Node

_RUNS_BACKWARD = re.compile(rb"\.\s*backward\s*\(\s*\)")

_MODULE_PATH = re.compile(r"^(?:[a-z_][a-z0-9_]*)$")
"""The last segment of a path that names a module (`train`, `crate`, `super`), not a type."""


def _matches(pattern: re.Pattern[bytes], words: list[bytes], data: bytes) -> list[int]:
    """Where `pattern` matches in `data`, in order: `_RUNS_BACKWARD` (its `.` before
    `backward`) or `_called` (at a name of `words`), tried only where a word is (a bytes search;
    a pattern starting with `\\b` or `\\.` is tried at every position). A match starting inside
    another's generic arguments (`f::<g::<T>>(`) is kept too: no function body lies between."""
    found = []
    for word in words:
        at = data.find(word)
        while at != -1:
            start = at
            if pattern is _RUNS_BACKWARD:
                start -= 1
                while start >= 0 and data[start] in _SPACE_BYTES:
                    start -= 1
            if start >= 0 and pattern.match(data, start) is not None:
                found.append(start)
            at = data.find(word, at + 1)
    return sorted(set(found))


def _calls(pattern: re.Pattern[bytes], words: list[bytes], data: bytes) -> list[tuple[int, int]]:
    """Where `pattern` (`_called`) matches in `data`, tried at each place a name of `words`
    starts: the bytes of each match, in order, each once."""
    found = set()
    for word in words:
        at = data.find(word)
        while at != -1:
            match = pattern.match(data, at)
            if match is not None:
                found.add((at, match.end()))
            at = data.find(word, at + 1)
    return sorted(found)


_NAME = re.compile(rb"\w+")


_OWNER_BEFORE = re.compile(rb"(\w+)\s*::\s*$")


def _may_call(
    data: bytes,
    at: int,
    owners: dict[bytes, set[str | None]],
    method: Callable[[bytes, str, set[str | None]], bool] | None = None,
) -> bool:
    """Whether the call of a helper's name at byte `at` can be a call of one, as a reading
    finds the function it calls: `name(..)` a free function of that name, `x.name(..)` a
    method (`method(data, name, owners)`, when given, says whether the reading can find a
    helper of that name for it), `Type::name(..)` a method of that type (`Self::`: of some
    type), `module::name(..)` a free function. `owners`: those of the helpers of each name
    (None: free)."""
    name = _NAME.match(data, at)
    if name is None:
        return True
    of_name = owners.get(name.group(), set())
    before = at
    while before > 0 and data[before - 1] in _SPACE_BYTES:
        before -= 1
    if before > 0 and data[before - 1] == ord("."):
        if method is not None:
            return method(data, name.group().decode(), of_name)
        return any(owner is not None for owner in of_name)
    if before > 1 and data[before - 2 : before] == b"::":
        path = _OWNER_BEFORE.search(data, max(0, before - 200), before)
        if path is None:
            return True  # `<X as Trait>::name`, `X::<T>::name`: not told apart here
        segment = path.group(1).decode()
        if _MODULE_PATH.match(segment):
            return None in of_name
        if segment == "Self":
            return any(owner is not None for owner in of_name)
        return segment in of_name
    return None in of_name


def _takes_tensors(data: bytes, function: Node) -> bool:
    """Whether a function takes a parameter that may hold a tensor (one a summary reads as a
    tensor the caller gives: not a number, a string, a device or a config)."""
    parameters = function.child_by_field_id(_FIELD.parameters)
    return parameters is not None and any(
        c.type == "parameter" and _may_hold_tensors(_parameter_type(data, c))
        for c in parameters.named_children
    )
