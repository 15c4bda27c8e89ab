"""More of std's `Option` methods, each a row (`builtins.Builtin`: arity, types, behaviour),
spread into `std_methods.OPTION`: `or_else` (the closure called only for `None`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import Ty


def _or_else_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [])
    ck.unify(recv, fn.ret, e.args[0].pos)
    return recv


def _or_else(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def or_else(frame: list) -> Any:
        option_ = recv(frame)
        return function(frame)() if option_ is None else option_

    return or_else


OPTION_OPTIONS = (Builtin("Option", "or_else", None, "self", _or_else, _or_else_type),)
