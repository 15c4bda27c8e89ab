"""Every method name an iterator of std has (1.95: `Iterator`'s, `DoubleEndedIterator`'s,
`ExactSizeIterator`'s, unstable ones too, the inherent methods of std's iterators and ranges,
and the traits every such type has: `Clone`, `Into`, `PartialEq`..). A method on an iterator
pbpit runs (`v.iter()`, a range, an adapter) named by none of them is rustc's E0599 for
certain (`v.iter().mean()`): no trait of the file can add one (a blanket `impl<I: Iterator>`
or an `impl` for a type the file does not define is refused). Any other method pbpit does not
run stays refused as outside the subset (an unstable one is rustc's E0658, not E0599)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import show

_ITERATOR = """
next next_chunk size_hint count last advance_by nth step_by chain zip intersperse
intersperse_with map for_each filter filter_map enumerate peekable skip_while take_while
map_while skip take scan flat_map flatten map_windows fuse inspect by_ref collect try_collect
collect_into partition partition_in_place is_partitioned try_fold try_for_each fold reduce
try_reduce all any find find_map try_find position rposition max min max_by_key max_by
min_by_key min_by rev unzip copied cloned cycle array_chunks sum product cmp cmp_by
partial_cmp partial_cmp_by eq eq_by ne lt le gt ge is_sorted is_sorted_by is_sorted_by_key
next_back advance_back_by nth_back try_rfold rfold rfind len is_empty
"""
_INHERENT = """
as_slice as_mut_slice as_str as_ref peek peek_mut next_if next_if_eq remainder
into_remainder offset contains start end into_inner into_slice as_bytes
clone clone_from clone_into to_owned into try_into from try_from borrow borrow_mut type_id
fmt hash default into_iter to_string
"""
NAMES = frozenset((_ITERATOR + _INHERENT).split())


def refuse_unknown(checker: Any, e: Any, recv: Any) -> None:
    """rustc's E0599 for `e`, a method call on the iterator `recv`, when std has no method of
    that name on any iterator."""
    if e.name not in NAMES:
        what = f"no method named `{e.name}` found for `{show(recv)}` in the current scope"
        raise checker.fail(e.pos, rejects(what, "E0599"))
