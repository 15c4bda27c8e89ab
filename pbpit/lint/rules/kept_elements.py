"""A `Vec` of tensors a loop keeps as context for later passes: an attention decoder's past keys
(`past_keys.push(dec.key.forward(tok))`, then `Tensor::cat(past_keys.clone(), 0)` as the keys
every pass attends over). Each pass's loss reads the earlier passes' keys, whose steps the
earlier backwards consumed.

Emptied at the end of the pass (`past_keys.clear()`), the program runs, but the cache is gone:
every later pass attends over its own key only, a program that trains something else (the
first backward's gradients are the original's, the later passes' are not). Detached where it
is pushed, this pass's key is cut too (the key layer gets no gradient at all). The fix that
keeps what the program computes detaches the kept tensors once the pass's backward has run
(`past_keys = past_keys.into_iter().map(|key| key.detach()).collect();` at the end of the
pass): later passes read the same values, as data."""

from __future__ import annotations

import re

from pbpit.diagnostics.model import Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Meeting
from pbpit.lint.rules.pass_shape import binds_anew, breaks_within, continues
from pbpit.rust.syntax import Node

CHANGES_LATER = (
    " (this changes what later passes compute: they no longer see the tensors earlier passes "
    "kept in `{name}`)"
)
"""Said of `name.clear();` where the collection is such a cache."""


def kept_as_context(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether `name` is a `Vec`/`VecDeque` of tensors (declared so) that the loop's `body`
    pushes into and then reads whole into one tensor (`Tensor::cat(name.clone(), ..)`,
    `Tensor::stack(..)`) that is not the loss itself (not summed at once: `Tensor::cat(
    losses.clone(), 0).sum()` is a sum of losses, emptied each pass)."""
    if not is_name(name):
        return False
    declared = re.compile(
        rb"\blet\s+mut\s+" + re.escape(name.encode()) + rb"\s*:\s*(?:Vec|VecDeque)\s*<\s*Tensor\b"
    )
    if declared.search(fixes.data) is None:
        return False
    text = fixes.text(body)
    pushed = re.search(rf"\b{re.escape(name)}\s*\.\s*push(?:_back)?\s*\(", text)
    read = re.search(
        rf"Tensor\s*::\s*(?:cat|stack)\s*(?:::\s*<[^>]*>\s*)?\(\s*{re.escape(name)}\s*"
        r"\.\s*(?:clone|to_vec)\s*\(\s*\)\s*,[^)]*\)(?P<after>\s*\.\s*\w+)?",
        text,
    )
    if pushed is None or read is None or read.start() < pushed.start():
        return False
    after = (read["after"] or "").replace(" ", "").lstrip(".")
    return after not in ("sum", "mean")


def detach_kept_elements(name: str, meeting: Meeting, fixes: Fixes) -> Help | None:
    """The help detaching every tensor `name` keeps at the end of each pass (see the module),
    as code; None where `name` is no such cache or the line cannot be written."""
    loop = meeting.loop
    body = loop.child_by_field_name("body") if loop is not None else None
    if body is None or body.type != "block" or meeting.in_macro:
        return None
    if not kept_as_context(name, body, fixes):
        return None
    if continues(body, fixes) or breaks_within(loop, body) or binds_anew(name, body, fixes):
        return None
    one = _element_name(name)
    line = f"{name} = {name}.into_iter().map(|{one}| {one}.detach()).collect();"
    edit = fixes.append_line(body, line)
    if edit is None:
        return None
    return Help(
        f"detach the tensors `{name}` keeps at the end of each pass, once its backward has run: "
        "later passes read the same values, as data, and this pass's own tensor keeps its "
        "gradient (emptying it would change what later passes compute; detaching where it is "
        "pushed would cut this pass's gradient)",
        [edit],
    )


def _element_name(name: str) -> str:
    """`key` for `past_keys`, `item` when the name's last word is no plural."""
    last = name.rsplit("_", 1)[-1]
    if len(last) > 3 and last.endswith("s") and not last.endswith("ss"):
        return last[:-1]
    return "item"
