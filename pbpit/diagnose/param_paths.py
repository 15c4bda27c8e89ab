"""A parameter by its path in the caller's module, where the run named it by a helper function's
argument: `fn probe_loss(probe: &Linear<B>, ..)` called as `probe_loss(&model.probe, ..)` makes
`probe.weight`, which the program knows as `model.probe.weight` (Burn's records name it so).
Read from the run's record (the function a leaf was made in, the line that called it) and the
program's text (the function's parameters, the call's arguments)."""

from __future__ import annotations

import re
from typing import Any

from pbpit.source import source_lines


def caller_path(result: Any, node: Any) -> str | None:
    """`node`'s label with its root, a parameter of the free function the node was made in,
    replaced by the path the call passed for it (`&model.probe` -> `model.probe`), outward
    through every such call; None when the label is not such a name (or cannot be read)."""
    label = getattr(node, "label", None)
    made_in = getattr(node, "made_in", None)
    if not label or "." not in label or not made_in or not str(result.path).endswith(".rs"):
        return None
    if getattr(result, "crate", None) is not None:
        return None  # a crate's lines are of several files: not read here
    lines = source_lines(result.source)
    if not lines:
        return None
    text = "\n".join(lines)
    stack = node.stack
    renamed = label
    for depth, (function, _) in enumerate(made_in):
        if function is None or depth + 1 >= len(stack):
            break
        root, tail = renamed.split(".", 1)
        parameters = _parameters(text, function)
        if parameters is None or root not in parameters:
            break
        call_line = stack[depth + 1]
        if not 0 < call_line <= len(lines):
            break
        arguments = _arguments(lines[call_line - 1], function)
        index = parameters.index(root)
        if arguments is None or index >= len(arguments):
            break
        path = re.sub(r"^&\s*(?:mut\s+)?", "", arguments[index].strip())
        if not re.fullmatch(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*", path):
            break
        renamed = f"{path}.{tail}"
    return renamed if renamed != label else None


def _parameters(text: str, function: str) -> list[str] | None:
    """The names of the parameters of the free function `function` (no `self`), in order."""
    found = re.search(rf"\bfn\s+{re.escape(function)}\s*(?:<[^(]*>)?\s*\(", text)
    if found is None:
        return None
    inside = _balanced(text, found.end())
    if inside is None:
        return None
    names = []
    for part in _split(inside):
        name = part.split(":", 1)[0].strip().removeprefix("mut ").strip()
        if not name:
            continue
        if "self" in name:
            return None
        names.append(name)
    return names


def _arguments(line: str, function: str) -> list[str] | None:
    """The arguments of the call of `function` on `line` (a free call, not a method's)."""
    found = re.search(rf"(?<![.\w]){re.escape(function)}\s*\(", line)
    if found is None:
        return None
    inside = _balanced(line, found.end())
    return None if inside is None else _split(inside)


def _balanced(text: str, start: int) -> str | None:
    """The text from `start` up to the `)` that closes the `(` just before it."""
    depth = 1
    for index in range(start, len(text)):
        if text[index] in "([{":
            depth += 1
        elif text[index] in ")]}":
            depth -= 1
            if depth == 0:
                return text[start:index]
    return None


def _split(inside: str) -> list[str]:
    """`inside` split at its top-level commas (not those of `<..>`, `(..)`, `[..]`)."""
    parts, depth, current = [], 0, ""
    for char in inside:
        if char in "<([{":
            depth += 1
        elif char in ">)]}" and depth > 0:
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    return parts
