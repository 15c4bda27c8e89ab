"""Burn's `Result<T, DataError>` (what `data.to_vec::<E>()` gives) under std's `Result`
adapters that training code writes: `map_err(|e| ..)` (to a `Result<T, F>` that `?` then
converts), `ok()`, `map(|v| ..)`, `unwrap_or_else(|e| ..)`; `unwrap`, `expect` and `?` are
`std_methods.RESULT`'s rows.

burn-std's `DataError` (`data/tensor/base.rs`) derives `Debug` and `thiserror::Error` (so
`Display` and `std::error::Error`): a closure may print it, call `to_string()` on it, or box
it. pbpit never makes one (it reads a float tensor's data only as its `f32`s and an Int
tensor's only as the backend's element: `std_methods._data_type`), so every value here is an
`Ok` and the closures of the error are typed, never run."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import Named, Ty, dyn_result, option, resolve, result

DATA_ERROR = Named("DataError")
"""burn-std's `DataError`: `Debug`, `Display`, `Error`."""

ADAPTERS = ("ok", "map", "map_err", "unwrap_or_else")


def is_data_result(ty: Ty) -> bool:
    """Whether `ty` is Burn's `Result<T, DataError>` (`types.result`)."""
    found = resolve(ty)
    return getattr(found, "kind", None) == "Result"


def adapter_type(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """The type of `r.ok()`, `r.map(f)`, `r.map_err(f)`, `r.unwrap_or_else(f)` of a
    `Result<T, DataError>` (the closures of the error take a `DataError`); None for another
    method."""
    name, inner = e.name, resolve(recv).inner  # type: ignore[attr-defined]
    if name not in ADAPTERS:
        return None
    if name == "ok":
        ck.args(e)
        return option(inner)
    ck.arity(e, 1)
    if name == "map":  # `Result<U, DataError>`
        return result(ck.closure_arg(e.args[0], [inner]).ret)
    fn = ck.closure_arg(e.args[0], [DATA_ERROR])
    if name == "map_err":  # `Result<T, F>`: `?` converts F as for any std `Result`
        return dyn_result(inner, fn.ret)
    ck.unify(inner, fn.ret, e.args[0].pos)  # `unwrap_or_else`
    return inner


def formatter(debug: bool) -> Any:
    """`{:?}` / `{}` of a `DataError`: typed, never called (pbpit makes none)."""

    def never(value: object) -> str:
        raise AssertionError(f"pbpit made a DataError ({'Debug' if debug else 'Display'})")

    return never
