"""Burn's node ids as the user writes them (`NodeId(2)`, `2`, a whole panic line) and as a
program's output prints them; an id Burn can never hand out is a UsageError.

Light on purpose: the output scanner reads ids without loading the lint or the engine.
"""

from __future__ import annotations

import re

from pbpit.errors import UsageError

PANIC_PATTERN = re.compile(r"graph tape has already been consumed at NodeId\(([0-9]+)\)")
NODE_PATTERN = re.compile(r"NodeId\(([0-9]+)\)")

# Burn's ids are u64 from a counter that panics ("NodeId overflowed") when it reaches u64::MAX.
U64_MAX = 2**64 - 1


def node_id(digits: str) -> int:
    """The id written `digits`; a UsageError if Burn can never hand it out."""
    significant = digits.lstrip("0") or "0"
    # Past 20 digits, int() would be slow (and refuse 4,301 digits); no u64 is that long anyway.
    if len(significant) > 20 or int(significant) > U64_MAX:
        shown = _shown(significant, 30)
        raise UsageError(
            f"NodeId({shown}) is beyond u64 ({len(significant)} digits): Burn's node ids are "
            f"u64 values, at most {U64_MAX - 1}"
        )
    value = int(significant)
    if value == U64_MAX:
        raise UsageError(
            f"NodeId({value}) cannot exist: Burn's node id counter panics (`NodeId overflowed`) "
            "when it reaches u64::MAX"
        )
    return value


def parse_node_id(text: str) -> int | None:
    """`NodeId(2)`, `2`, or a whole panic line -> 2; None if there is no id in `text`. A
    UsageError if the id is beyond u64, or if `text` names two different nodes."""
    found = {node_id(match.group(1)) for match in NODE_PATTERN.finditer(text)}
    if len(found) > 1:
        names = " and ".join(f"NodeId({n})" for n in sorted(found))
        raise UsageError(f"ambiguous node id: `{_shown(text)}` names {names}; give one")
    if found:
        return found.pop()
    bare = re.fullmatch(r"\s*([0-9]+)\s*", text)
    return node_id(bare.group(1)) if bare else None


def _shown(text: str, width: int = 60) -> str:
    """`text`, its middle elided when it is longer than `width`."""
    return text if len(text) <= width else f"{text[: width // 2]}...{text[-width // 4 :]}"
