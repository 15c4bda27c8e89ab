"""Pausing Python's cyclic garbage collector around pbpit's own work, and giving it back.

Loading a Rust file and linting a tree make many long-lived objects and few garbage cycles: the
collector's passes over them cost more than they find. The caller's setting is restored after.

Plain Python: importing this module imports nothing else.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The block runs with the collector disabled; afterwards it is as the caller had it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
