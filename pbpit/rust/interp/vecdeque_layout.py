"""Where a `VecDeque`'s elements sit in its ring buffer, for `as_slices()` (the part from the
head to the buffer's end, then the part wrapped to its start: what a moving-average window
hands to code taking two slices) and `make_contiguous()`.

std guarantees only that the two slices hold the elements in order; rustc's binary prints
where its ring buffer puts them, so pbpit follows the buffer as std 1.95 keeps it, for the
deques whose making it knows (`made`): `VecDeque::new()` (capacity 0), `with_capacity(n)` (n),
`from(v)` of a `Vec` whose capacity `vec_capacity` follows, `collect()` of a range or a slice's
`iter()` through `map`/`rev`/`enumerate`/`copied`/`cloned` (std collects a trusted length into
a `Vec` of exactly that capacity, then takes its buffer), each with its head at 0. Then:

- a push to a full deque grows the buffer as `RawVec` does (`max(2 * cap, cap + 1)`, at least
  4, or 8 for 1-byte elements) and moves the part that wrapped, as `handle_capacity_increase`
  does: nothing when the elements did not wrap; else the wrapped tail copied after the old end
  when it is the shorter part and fits there, or the head part moved to the new end;
- `push_front` steps the head back (wrapping), `pop_front` forward, `push_back`/`pop_back`
  change only the length; `clear` puts the head at 0;
- `rotate_left(n)` moves the head forward by `n` when `n` is at most `len - n`, else back by
  `len - n` (`rotate_right` the other way round), as std copies the shorter part;
- `make_contiguous` of elements that wrap puts them in one slice where std's copies leave the
  head (`made_contiguous`).

A deque with no record (made otherwise, or `clone`d) has its `as_slices` refused as the
program runs, never printed from a guess."""

from __future__ import annotations

from collections import OrderedDict

LIMIT = 4096
_LAYOUT: OrderedDict[int, tuple[list, int | None, int]] = OrderedDict()
"""id of the list -> (the list, the head's index in the buffer (None: contiguous, place not
followed), the buffer's capacity)."""


def made(items: list, capacity: int) -> list:
    """Record `items`, a deque just made with its head at 0 and room for `capacity`."""
    _LAYOUT[id(items)] = (items, 0, capacity)
    if len(_LAYOUT) > LIMIT:
        _LAYOUT.popitem(last=False)
    return items


def _record(items: list) -> tuple[int | None, int] | None:
    found = _LAYOUT.get(id(items))
    return (found[1], found[2]) if found is not None and found[0] is items else None


def _set(items: list, head: int | None, capacity: int) -> None:
    _LAYOUT[id(items)] = (items, head, capacity)


def forget(items: list) -> None:
    _LAYOUT.pop(id(items), None)


def before_push(items: list, least: int, front: bool) -> None:
    """The layout of `items` (`len` elements, not pushed yet) once a push makes room and adds
    one at the back (`front`: at the front)."""
    found = _record(items)
    if found is None:
        return
    head, cap = found
    length = len(items)
    if head is None:  # (contiguous at a place not followed)
        forget(items)
        return
    if length == cap:  # full: `grow`, then `handle_capacity_increase(old_cap)`
        old = cap
        cap = max(2 * cap, cap + 1, least)
        if head > old - length:  # the elements wrap
            head_len = old - head
            tail_len = length - head_len
            if not (tail_len < head_len and tail_len <= cap - old):
                head = cap - head_len  # the head part moved to the new end
    if front:
        head = (head - 1) % cap
    _set(items, head, cap)


def after_pop(items: list, front: bool) -> None:
    """`pop_front` moves the head on (a `pop_back` only shortens)."""
    found = _record(items)
    if found is None or not front:
        return
    head, cap = found
    if head is None:
        forget(items)
        return
    _set(items, (head + 1) % cap, cap)


def cleared(items: list) -> None:
    found = _record(items)
    if found is not None:
        _set(items, 0, found[1])


def rotated(items: list, n: int, left: bool) -> None:
    """`rotate_left(n)` / `rotate_right(n)` of `items` (`n` at most its length)."""
    found = _record(items)
    if found is None:
        return
    head, cap = found
    if head is None:
        forget(items)
        return
    length = len(items)
    step = n if n <= length - n else -(length - n)  # (std copies the shorter part; a tie: `n`)
    head = (head + step if left else head - step) % cap
    _set(items, head, cap)


def made_contiguous(items: list) -> None:
    """`make_contiguous` of elements that wrap: where std moves the head, by which part the
    free room lets it copy in one go (the head part to the start; else the tail part after
    the head part, the head at the tail's length; else, rotating in place, the head at the
    free room's length when the tail part is the shorter, at 0 when the head part is)."""
    found = _record(items)
    if found is None:
        return
    head, cap = found
    if head is None or head + len(items) <= cap:
        return
    free = cap - len(items)
    head_len = cap - head
    tail_len = len(items) - head_len
    if free >= head_len:
        head = 0
    elif free >= tail_len:
        head = tail_len
    else:
        head = free if head_len > tail_len else 0
    _set(items, head, cap)


def slices(items: list, where: str) -> tuple[list, list]:
    """`as_slices()`: the elements from the head to the buffer's end, then the wrapped rest."""
    found = _record(items)
    if found is None:
        from pbpit.rust.interp.nodes import Unsupported  # (nodes are the compiler's)

        what = "`as_slices()` of a `VecDeque` whose ring buffer pbpit does not follow (it "
        raise Unsupported(where, what + "follows `new`, `with_capacity`, pushes and pops)")
    head, cap = found
    if head is None or head + len(items) <= cap:
        return list(items), []
    cut = cap - head
    return items[:cut], items[cut:]


_TRUSTED_ADAPTERS = frozenset(("map", "rev", "enumerate", "copied", "cloned"))


def collected(e: object) -> bool:
    """Whether `e` (a `collect()` into a `VecDeque`) pulls a trusted length: a range, or a
    slice's `iter()`, through adapters that keep it (std then allocates exactly the length)."""
    from pbpit.rust.interp.nodes import Method, RangeLit
    from pbpit.rust.interp.types import Wrap, resolve

    source = e.recv  # type: ignore[attr-defined]
    while isinstance(source, Method) and source.name in _TRUSTED_ADAPTERS and not source.borrowed:
        source = source.recv
    if isinstance(source, RangeLit) and not source.borrowed:
        return True
    if isinstance(source, Method) and source.name == "iter" and not source.args:
        found = resolve(source.recv.ty)
        return type(found) is Wrap and found.kind in ("Vec", "array")
    return False
