"""Caches of what pbpit reads from a file, kept only while the file is the one read.

A command reads the same case file many times (its lines, its syntax tree, its outline), so each
reader is cached. The key is the file's state, not the name it was given: the absolute path (one
name read from two working folders is two files), and the file's inode, size and modification
and change times (a file rewritten, or replaced by another, is read again). One process may run
several commands: a test running pbpit in its own process from many folders, `lint --fix` reading
back what it wrote.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache, wraps
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")


def file_state(path: str) -> tuple:
    """What tells the file at `path` from any other, and from itself before it was changed."""
    where = os.path.abspath(path)
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return (where,)
    return (where, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


def per_file(reader: Callable[_P, _R]) -> Callable[_P, _R]:
    """`reader(path, *rest)`, cached by the state of the file at `path` and by `rest`: the path
    itself is still what `reader` is given (the name a diagnostic prints is the user's)."""

    @cache
    def cached(state: tuple, path: str, *rest):
        return reader(path, *rest)

    @wraps(reader)
    def read(path, *rest):
        return cached(file_state(path), path, *rest)

    return read  # type: ignore[return-value]
