"""More of std's `Result<T, E>` methods, a row each (spread into `std_methods.RESULT`): `err()`
(the error as an `Option<E>`), `unwrap_or_default()` (`T::default()` for an `Err`), `as_ref()`
(`Result<&T, &E>`: references erased, the same value). Of std's `Result` only (Burn's
`Result<T, DataError>` has its own rows: burn_results.py)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.types import Ty, option, resolve, show


def _std_only(ck: Any, e: Any, recv: Ty) -> None:
    if resolve(recv).kind != "DynResult":  # type: ignore[attr-defined]
        raise ck.fail(e.pos, f"the method `{e.name}` on `{show(recv)}`")
    ck.args(e)


def _err_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.results import error_of

    _std_only(ck, e, recv)
    return option(error_of(recv))


def _err(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.format import Some
    from pbpit.rust.interp.results import Err

    return lambda frame: Some(r.value) if type(r := recv(frame)) is Err else None


def _default_type(ck: Any, e: Any, recv: Ty) -> Ty:
    _std_only(ck, e, recv)
    value = resolve(recv).inner  # type: ignore[attr-defined]
    ck.settle_later.append(lambda: _has_default(ck, e, value))
    return value


def _has_default(ck: Any, e: Any, ty: Ty) -> None:
    from pbpit.rust.interp.hashmap import _fresh

    try:
        _fresh(ty)
    except ValueError:
        raise ck.fail(e.pos, f"`unwrap_or_default` of a `Result` of `{show(ty)}`") from None


def _unwrap_or_default(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.hashmap import _fresh
    from pbpit.rust.interp.runtime import Ok

    made = _fresh(resolve(e.recv.ty).inner)  # type: ignore[attr-defined]
    return lambda frame: r.value if type(r := recv(frame)) is Ok else made()


def _as_ref_type(ck: Any, e: Any, recv: Ty) -> Ty:
    _std_only(ck, e, recv)
    return recv


ROWS = (
    Builtin("Result", "err", None, "", _err, _err_type),
    Builtin("Result", "unwrap_or_default", None, "", _unwrap_or_default, _default_type),
    Builtin("Result", "as_ref", None, "", lambda c, e, recv, a: recv, _as_ref_type),
)
