"""A map used as a memo of tensors across passes: `let feat = features.entry(id)
.or_insert_with(|| model.enc.forward(x)).clone();`. The first pass that meets a key stores the
forward's output; a later pass (the next epoch, the same id) reads it back and backpropagates
through the graph an earlier backward consumed. The binding that carries it from pass to pass
is the map (`features`), not the fresh `let` of each pass. A run names the map, and says the
fix in words: empty the map at the end of each pass (each pass makes its features anew, as the
loop steps the encoder), or store them detached where nothing stored is trained (a frozen
encoder)."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.source import source_lines, statement_range

_MEMO = re.compile(
    r"let\s+(?:mut\s+)?(?P<name>\w+)\s*(?::[^=]+)?=\s*(?:&\s*(?:mut\s+)?)?"
    r"(?P<map>[A-Za-z_][\w.]*)\s*\.\s*entry\s*\((?P<key>[^;]*?)\)\s*"
    r"\.\s*or_insert_with\s*\(",
    re.S,
)


def memo_of(source: str, line: int | None, name: str) -> str | None:
    """The map the `let` of `name` at `line` reads through `.entry(..).or_insert_with(..)`
    (`features`), or None."""
    if line is None:
        return None
    first, last = statement_range(source, line)
    lines = source_lines(source)
    text = "\n".join(lines[first - 1 : last])
    found = _MEMO.search(text)
    if found is None or found["name"] != name:
        return None
    return found["map"]


def memo_help(memo: str, name: str) -> Help:
    """What to do, in words."""
    return Help(
        f"`{memo}` keeps the tensor an earlier pass stored for the same key, and `{name}` is "
        f"read from it: empty `{memo}` at the end of each pass (`{memo}.clear();`: each pass "
        "makes its tensors anew, through what the loop steps), or store them detached "
        "(`.detach()` inside `or_insert_with`) if nothing they are made from is trained"
    )
