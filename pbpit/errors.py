"""Usage errors: bad input from the user, printed as one line on stderr with exit status 2.

Library code raises them; only the command line (`pbpit.cli.main`) prints them, so a script calling
the library gets an exception it can catch, never a traceback or an exit.
"""

from __future__ import annotations

import unicodedata


def printable(text: str) -> str:
    """`text` with control characters (a NUL, an escape, a newline...) written as Rust escapes
    them (`\\u{0}`): what the user gave is quoted without reaching the terminal raw."""
    return "".join(
        f"\\u{{{ord(c):x}}}" if c != "\t" and unicodedata.category(c) == "Cc" else c for c in text
    )


class UsageError(Exception):
    """Bad input from the user: one line to print, exit status 2."""

    prefix = "error: "
    """Printed between `pbpit: ` and the message."""

    def line(self) -> str:
        """The line pbpit prints for it (without the newline): `pbpit: error: ...`, control
        characters escaped so that it stays one line."""
        return printable(f"pbpit: {self.prefix}{self}")


class RustUnsupported(UsageError):
    """A Rust case uses something outside the subset pbpit interprets (docs/RUST_SUBSET.md)."""

    prefix = ""


class UnknownFormat(UsageError):
    """`--format` names no format of the command: `unknown --format `svg` (expected ...)`."""

    def __init__(self, name: str, expected: tuple[str, ...]) -> None:
        super().__init__(f"unknown --format `{name}` (expected {', '.join(expected)})")


class ConflictingOptions(UsageError):
    """Two options that each choose what the command prints: `--raw and --json cannot be used
    together`."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(f"{first} and {second} cannot be used together")
