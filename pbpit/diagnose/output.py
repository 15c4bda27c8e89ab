"""Reading a Rust program's output as it streams: the panics it printed (with their backtraces)
and the first compile error of a failed build.

`OutputScanner` is fed bytes as they come (`pbpit explain -` reads stdin in blocks, `pbpit --
COMMAND` feeds what the program writes); it keeps only what it found, so its memory does not
grow with the input.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Frame:
    """One frame of a Rust backtrace, innermost first, as printed."""

    index: int
    """The frame's number in the backtrace (`8:`)."""
    function: str
    """The function, hash suffix (`::h1a2b3c...`) removed: `pb_pit::train`,
    `<app::Model as app::Forward>::forward`; "" when the backtrace does not name it."""
    path: str | None = None
    """The file as printed (`./src/main.rs`, `/home/u/app/src/main.rs`, `/rustc/.../x.rs`);
    None when the frame has no `at` line (a release build without debug info)."""
    line: int | None = None
    column: int | None = None


@dataclass
class Panic:
    """A `thread '...' panicked at` block of the output."""

    thread: str
    """The thread's name: `main`, a test's path (`tests::trains`), or `<unnamed>`."""
    message: str
    """The panic's message, its lines joined with newlines (for the tape panic, one line)."""
    path: str | None
    """Where it panicked (the `panicked at` location); None if the output does not say."""
    line: int | None
    column: int | None
    node_id: int | None
    """The id when this is the tape panic (`graph tape has already been consumed at
    NodeId(n)`), else None."""
    frames: list[Frame] = field(default_factory=list)
    """The backtrace, innermost frame first; empty when none was printed."""
    input_line: int = 0
    """The 1-based line of the input the block starts on."""


@dataclass
class BuildError:
    """The first `error[E0308]: ...` / `error: ...` block of a failed build, as printed (colours
    removed), and the line of the input it starts on."""

    text: str
    input_line: int = 0


Event = Panic | BuildError


class OutputScanner:
    """Finds the panics and the first build error in a program's output, fed in blocks of any
    size (a block may end in the middle of a line or of a UTF-8 character)."""

    def feed(self, data: bytes) -> None:
        raise NotImplementedError

    def finish(self) -> list[Event]:
        """Every panic in input order, and the first build error; the end of the input."""
        raise NotImplementedError
