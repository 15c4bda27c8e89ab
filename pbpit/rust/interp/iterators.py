"""Rust's iterator chains at run time: `v.iter().map(f).filter(p).enumerate().zip(..)`, lazy
as Rust's are, so a closure runs when the consumer pulls its item (a tensor a `map` makes gets
its NodeId in the order Rust's pulls give, not all at once), and consumers (`collect`, `sum`,
`fold`, `for_each`...).

A `Vec`, an array or a range is held as a Python sequence; an adapter wraps it in a `Lazy`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.nodes import Unsupported


class Lazy:
    """An iterator adapter not run yet: how to pull its items from the front, from the back
    (a `DoubleEndedIterator`, else None) and its length (an `ExactSizeIterator`, else None)."""

    __slots__ = ("front", "back", "size")

    def __init__(
        self,
        front: Callable[[], Iterator[Any]],
        back: Callable[[], Iterator[Any]] | None = None,
        size: Callable[[], int] | None = None,
    ) -> None:
        self.front = front
        self.back = back
        self.size = size

    def __iter__(self) -> Iterator[Any]:
        return self.front()


def lazy(items: Lazy | Iterable[Any]) -> Lazy:
    """`items` as a `Lazy` (a sequence is double-ended and exact-size)."""
    if type(items) is Lazy:
        return items
    seq: Any = items
    return Lazy(lambda: iter(seq), lambda: reversed(seq), lambda: len(seq))


def mapped(items: Any, f: Callable[[Any], Any]) -> Lazy:
    src = lazy(items)
    back = src.back
    return Lazy(
        lambda: map(f, src.front()), (lambda: map(f, back())) if back else None, src.size
    )


def filtered(items: Any, keep: Callable[[Any], bool]) -> Lazy:
    src = lazy(items)
    back = src.back
    return Lazy(lambda: filter(keep, src.front()), (lambda: filter(keep, back())) if back else None)


def enumerated(items: Any) -> Lazy:
    src = lazy(items)
    back, size = src.back, src.size

    def from_back() -> Iterator[Any]:
        assert back is not None and size is not None
        return zip(range(size() - 1, -1, -1), back(), strict=False)

    return Lazy(lambda: enumerate(src.front()), from_back if back and size else None, size)


def zipped(items: Any, other: Any) -> Lazy:
    # Rust's `Zip` pulls the left item first and stops there when it is `None`: Python's too.
    a, b = lazy(items), lazy(other)
    if not (a.size and b.size):
        return Lazy(lambda: zip(a.front(), b.front(), strict=False))
    size_a, size_b = a.size, b.size

    def from_back() -> Iterator[Any]:
        # Rust's `Zip::next_back` first drops the longer side's extra items from its back.
        assert a.back is not None and b.back is not None
        n = min(size_a(), size_b())
        back_a = islice(a.back(), size_a() - n, None)
        return zip(back_a, islice(b.back(), size_b() - n, None), strict=False)

    back = from_back if a.back and b.back else None
    return Lazy(lambda: zip(a.front(), b.front(), strict=False), back,
                lambda: min(size_a(), size_b()))


def reversed_(items: Any, where: str) -> Any:
    if type(items) is not Lazy:
        return items[::-1]
    if items.back is None:
        raise Unsupported(where, "`rev` of this iterator (it is not double-ended)")
    return Lazy(items.back, items.front, items.size)


def stepped(items: Any, n: int) -> Any:
    if type(items) is not Lazy:
        return items[::n]
    return Lazy(lambda: islice(items.front(), 0, None, n))


def sliced(items: Any, name: str, n: int) -> Lazy:
    """`skip(n)` / `take(n)`; from the back only over an exact-size source, as Rust's."""
    src = lazy(items)
    whole, back = src.size, src.back
    if whole is None:
        if name == "skip":
            return Lazy(lambda: islice(src.front(), n, None))
        return Lazy(lambda: islice(src.front(), n))
    if name == "skip":
        size = lambda: max(0, whole() - n)  # noqa: E731
        from_back = (lambda: islice(back(), size())) if back else None
        return Lazy(lambda: islice(src.front(), n, None), from_back, size)
    size = lambda: min(n, whole())  # noqa: E731
    from_back = (lambda: islice(back(), whole() - size(), None)) if back else None
    return Lazy(lambda: islice(src.front(), n), from_back, size)


def count(items: Any) -> int:
    if type(items) is not Lazy:
        return len(items)
    return sum(1 for _ in items.front())


def last(items: Any) -> Any:
    found = None
    for item in lazy(items).front():
        found = Some(item)
    return found


def position(items: Any, test: Callable[[Any], bool]) -> Any:
    for i, item in enumerate(lazy(items).front()):
        if test(item):
            return Some(i)
    return None


def reduce(items: Any, f: Callable[[Any, Any], Any]) -> Any:
    pulled = lazy(items).front()
    for first in pulled:
        acc = first
        for item in pulled:
            acc = f(acc, item)
        return Some(acc)
    return None
