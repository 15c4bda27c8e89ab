"""`str`'s methods that take a pattern, a row each (`builtins.Builtin`), spread into
`std_methods.STR_METHODS`: `contains`, `starts_with`, `ends_with`, `find`, `rfind` (a byte offset),
`split`, `splitn`, `rsplit`, `rsplitn` (the pieces from the back), `split_once`, `rsplit_once`,
`strip_prefix`, `strip_suffix`, `replace` (the pattern first, then the `&str` put in its place),
`trim_matches`, `trim_start_matches`, `trim_end_matches`.

A pattern is a `char` or a `&str` (pbpit holds both as Python strs), or a closure written in
place taking a char (`|c: char| c == '-'`), or `char::is_numeric` and such (a closure of
fn_refs.py); another function path or a slice of chars is refused.
An empty `&str` pattern, which Rust matches between every two chars, is refused where it is
met by the methods that would need that (`split`, `splitn`, `rsplit`, `trim_*_matches`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Closure
from pbpit.rust.interp.references import refuse_borrowed_value
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STR,
    STRING,
    USIZE,
    TupleT,
    Ty,
    Var,
    Wrap,
    is_number,
    option,
    resolve,
    show,
)

_RESULTS: dict[str, Ty] = {
    "contains": BOOL,
    "starts_with": BOOL,
    "ends_with": BOOL,
    "find": option(USIZE),
    "rfind": option(USIZE),
    "split": Wrap("Iter", STR),
    "splitn": Wrap("Iter", STR),
    "rsplit": Wrap("Iter", STR),
    "rsplitn": Wrap("Iter", STR),
    "split_once": option(TupleT([STR, STR])),
    "rsplit_once": option(TupleT([STR, STR])),
    "strip_prefix": option(STR),
    "strip_suffix": option(STR),
    "replace": STRING,
    "trim_matches": STR,
    "trim_start_matches": STR,
    "trim_end_matches": STR,
}


PATTERN_METHODS = frozenset(_RESULTS)
"""The methods whose last argument is a pattern (fn_refs.py: `split(char::is_whitespace)`)."""

_COUNTED = ("splitn", "rsplitn")  # (the count first: `splitn(2, '=')`)


def _at(e: Any) -> int:
    """Where the pattern is among the arguments: `replace(pattern, to)`, `splitn(n, pattern)`."""
    return 0 if e.name == "replace" else len(e.args) - 1


def _pattern_type(ck: Any, e: Any, recv: Ty) -> Ty:
    at = _at(e)
    if e.args and isinstance(e.args[at], Closure):  # `|c: char| c.is_ascii_digit()`
        if e.name in _COUNTED or e.name == "replace":
            ck.arity(e, 2)
            other = e.args[1 - at]
            found = ck.expr(other)
            if e.name in _COUNTED:
                ck.unify(USIZE, found, other.pos)
            else:
                _str_arg(ck, other, found)
        else:
            ck.arity(e, 1)
        fn = ck.closure_arg(e.args[at], [CHAR])
        ret = resolve(fn.ret)
        if type(ret) is not Var and ret is not BOOL:  # rustc: the closure's `Output` is wrong
            what = f"expected the closure to return `bool`, but it returns `{show(ret)}`"
            raise ck.fail(e.args[at].pos, rejects(what, "E0271"))
        ck.unify(BOOL, fn.ret, e.args[at].pos)
        return _RESULTS[e.name]
    if e.name in _COUNTED:
        found = ck.args(e, USIZE, Var())
        refuse_borrowed_value(ck, e.args[0], USIZE)  # `splitn(&n, ..)`: rustc's E0308
    elif e.name == "replace":
        found = ck.args(e, Var(), Var())
        _str_arg(ck, e.args[1], found[1])
    else:
        found = ck.args(e, Var())
    arg = e.args[at]
    pattern = resolve(found[at])
    if pattern not in (STR, STRING, CHAR) or (
        pattern is STRING and not arg.borrowed and ck.owned(arg)
    ):
        if (
            pattern in (STRING, BOOL)
            or is_number(pattern)
            or getattr(pattern, "kind", 0) in ("int", "float")
        ):
            what = f"the trait bound `{show(pattern)}: Pattern` is not satisfied"
            raise ck.fail(arg.pos, rejects(what, "E0277"))
        raise ck.fail(arg.pos, f"`{e.name}` with a pattern of type `{show(pattern)}`")
    return _RESULTS[e.name]


def _str_arg(ck: Any, arg: Any, found: Ty) -> None:
    """`replace`'s second argument: a `&str` (a `&String` derefs to one; a `String` is none)."""
    ty = resolve(found)
    if ty not in (STR, STRING) or (ty is STRING and not arg.borrowed and ck.owned(arg)):
        raise ck.fail(arg.pos, f"mismatched types: expected `&str`, found `{show(found)}`")


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def _trim(text: str, pattern: str, start: bool, end: bool) -> str:
    if start:
        while text.startswith(pattern):
            text = text[len(pattern) :]
    if end:
        while text.endswith(pattern):
            text = text[: -len(pattern)]
    return text


def _pattern(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    name, where, pattern = e.name, comp.where(e.pos), args[-1]

    def nonempty(p: str) -> str:
        if not p:
            what = f"`{name}` with an empty pattern (Rust matches it between every two chars)"
            raise Unsupported(where, what)
        return p

    if e.args and isinstance(e.args[_at(e)], Closure):
        return _predicate(name, recv, args)
    if name == "replace":
        pattern, to = args
        return lambda frame: recv(frame).replace(pattern(frame), to(frame))
    if name in ("split_once", "rsplit_once"):
        last = name == "rsplit_once"

        def split_once(frame: list) -> Any:
            text, p = recv(frame), pattern(frame)
            if not p:  # the empty pattern matches at the start (from the back: the end)
                return Some((text, "") if last else ("", text))
            head, found, tail = text.rpartition(p) if last else text.partition(p)
            return Some((head, tail)) if found else None

        return split_once
    if name == "strip_prefix":
        return lambda frame: (
            Some(t[len(p) :]) if (t := recv(frame)).startswith(p := pattern(frame)) else None
        )
    if name == "strip_suffix":
        return lambda frame: (
            Some(t[: len(t) - len(p)]) if (t := recv(frame)).endswith(p := pattern(frame)) else None
        )
    if name == "contains":
        return lambda frame: pattern(frame) in recv(frame)
    if name == "starts_with":
        return lambda frame: recv(frame).startswith(pattern(frame))
    if name == "ends_with":
        return lambda frame: recv(frame).endswith(pattern(frame))
    if name in ("find", "rfind"):
        last = name == "rfind"

        def find(frame: list) -> Any:
            text, p = recv(frame), pattern(frame)
            at = text.rfind(p) if last else text.find(p)
            return None if at < 0 else Some(_byte_offset(text, at))

        return find
    if name == "split":
        return lambda frame: recv(frame).split(nonempty(pattern(frame)))
    if name == "splitn":
        count = args[0]

        def splitn(frame: list) -> Any:
            text, n, p = recv(frame), count(frame), nonempty(pattern(frame))
            return [] if n == 0 else text.split(p, n - 1)

        return splitn
    if name in ("rsplit", "rsplitn"):
        count = args[0] if name == "rsplitn" else None

        def rsplit(frame: list) -> Any:
            n = count(frame) if count is not None else -1
            return [] if n == 0 else _rsplit(recv(frame), nonempty(pattern(frame)), n)

        return rsplit
    start, end = name != "trim_end_matches", name != "trim_start_matches"
    return lambda frame: _trim(recv(frame), nonempty(pattern(frame)), start, end)


def _rsplit(text: str, pattern: str, limit: int) -> list[str]:
    """`text`'s pieces between the matches of `pattern` found from the back, last piece first
    (at most `limit` pieces, -1: any; the last one holds the rest of the text)."""
    pieces, end = [], len(text)
    while len(pieces) + 1 != limit:
        at = text.rfind(pattern, 0, end)
        if at < 0:
            break
        pieces.append(text[at + len(pattern) : end])
        end = at
    return [*pieces, text[:end]]


def _split_where(text: str, test: Any, limit: int) -> list[str]:
    """`text` split at each char `test` accepts (at most `limit` pieces, -1: any)."""
    pieces, start = [], 0
    for i, c in enumerate(text):
        if len(pieces) + 1 == limit:
            break
        if test(c):
            pieces.append(text[start:i])
            start = i + 1
    return [*pieces, text[start:]]


def _trim_where(text: str, test: Any, start: bool, end: bool) -> str:
    a, b = 0, len(text)
    while start and a < b and test(text[a]):
        a += 1
    while end and b > a and test(text[b - 1]):
        b -= 1
    return text[a:b]


def _predicate(name: str, recv: Code, args: list[Code]) -> Code:
    """The method `name` with a closure of a char as its pattern (`args[-1]`, `replace`'s
    `args[0]`)."""
    function = args[0] if name == "replace" else args[-1]
    if name == "replace":
        to = args[1]

        def replace(frame: list) -> Any:
            text, test, put = recv(frame), function(frame), to(frame)
            return "".join(put if test(c) else c for c in text)

        return replace
    if name in ("split_once", "rsplit_once"):
        last = name == "rsplit_once"

        def split_once(frame: list) -> Any:
            text, test = recv(frame), function(frame)
            if last:  # the chars tested from the back, up to the first that matches
                at = next((i for i in range(len(text) - 1, -1, -1) if test(text[i])), None)
                return None if at is None else Some((text[:at], text[at + 1 :]))
            pieces = _split_where(text, test, 2)
            return Some(tuple(pieces)) if len(pieces) == 2 else None

        return split_once
    if name in ("strip_prefix", "strip_suffix"):

        def strip(frame: list) -> Any:
            text, test = recv(frame), function(frame)
            if not text:
                return None
            if name == "strip_prefix":
                return Some(text[1:]) if test(text[0]) else None
            return Some(text[:-1]) if test(text[-1]) else None

        return strip
    if name == "contains":
        return lambda frame: any(map(function(frame), recv(frame)))
    if name == "starts_with":
        return lambda frame: bool(t := recv(frame)) and function(frame)(t[0])
    if name == "ends_with":
        return lambda frame: bool(t := recv(frame)) and function(frame)(t[-1])
    if name in ("find", "rfind"):  # the char tested first is the match

        def find(frame: list) -> Any:
            text, test = recv(frame), function(frame)
            places = range(len(text) - 1, -1, -1) if name == "rfind" else range(len(text))
            at = next((i for i in places if test(text[i])), None)
            return None if at is None else Some(_byte_offset(text, at))

        return find
    if name == "split":
        return lambda frame: _split_where(recv(frame), function(frame), -1)
    if name == "splitn":
        count = args[0]
        return lambda frame: (
            [] if (n := count(frame)) == 0 else _split_where(recv(frame), function(frame), n)
        )
    if name in ("rsplit", "rsplitn"):  # the chars tested from the back
        count = args[0] if name == "rsplitn" else None
        return lambda frame: (
            []
            if (n := count(frame) if count is not None else -1) == 0
            else [piece[::-1] for piece in _split_where(recv(frame)[::-1], function(frame), n)]
        )
    start, end = name != "trim_end_matches", name != "trim_start_matches"
    return lambda frame: _trim_where(recv(frame), function(frame), start, end)


STR_PATTERNS = tuple(Builtin("str", n, None, "", _pattern, _pattern_type) for n in _RESULTS)
