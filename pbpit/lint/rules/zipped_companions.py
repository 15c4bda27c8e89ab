"""The collections a loop fills beside a carried one and walks in step with it: REINFORCE's
`log_probs` and `rewards` (`for (l, r) in log_probs.iter().zip(rewards.iter())`), each pushed
once a step. Emptying `log_probs` alone after the update runs, but `rewards` keeps growing, and
the zip pairs this episode's log-probs with the first episode's rewards: a program that trains
on wrong returns. Emptied together (`log_probs.clear(); rewards.clear();`), each episode's loss
is made of its own steps, as the program meant."""

from __future__ import annotations

import re

from pbpit.lint.fixes import Fixes, is_name
from pbpit.rust.syntax import Node


def zipped_companions(name: str, body: Node, fixes: Fixes) -> list[str]:
    """The plain names, beside `name`, that `body` pushes into and zips with `name` (either
    side of `.zip(..)`, through `.iter()`), declared `let mut` `Vec`s in the same file and not
    emptied by `body`; in the order the body first pushes them. [] when there is none."""
    if not is_name(name):
        return []
    text = fixes.text(body)
    walked = r"(?:\.\s*iter\s*\(\s*\)|\.\s*clone\s*\(\s*\))?"
    found = {}
    for other in re.findall(r"\b([A-Za-z_]\w*)\s*\.\s*push\s*\(", text):
        if other == name or other in found:
            continue
        zipped = (
            rf"\b{re.escape(name)}\s*{walked}\s*\.\s*zip\s*\(\s*&?\s*{re.escape(other)}\b"
            rf"|\b{re.escape(other)}\s*{walked}\s*\.\s*zip\s*\(\s*&?\s*{re.escape(name)}\b"
        )
        if re.search(zipped, text) is None:
            continue
        declared = rb"\blet\s+mut\s+" + re.escape(other.encode()) + rb"\s*(?::\s*Vec\s*<|=\s*Vec::)"
        if re.search(declared, fixes.data) is None:
            continue
        if re.search(rf"\b{re.escape(other)}\s*\.\s*(?:clear|truncate|drain)\s*\(", text):
            continue
        found[other] = text.index(f"{other}.push") if f"{other}.push" in text else len(text)
    return sorted(found, key=found.__getitem__)
