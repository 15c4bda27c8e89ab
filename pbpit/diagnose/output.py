"""Reading a Rust program's output as it streams: the panics it printed (with their backtraces)
and the first compile error of a failed build.

`OutputScanner` is fed bytes as they come (`pbpit explain -` reads stdin in blocks, `pbpit --
COMMAND` feeds what the program writes); it keeps only what it found, so its memory does not
grow with the input.

What it reads (each from real rustc 1.95 output, tests/data/outputs/, except the pre-1.73 form):

- a panic block: `thread 'NAME' panicked at PATH:L:C:` (rustc 1.73+; `thread 'NAME' (TID)`
  since 1.88) and the message lines after it, or before 1.73 `thread 'NAME' panicked at
  'MESSAGE', PATH:L:C` (the message may span lines); then `stack backtrace:` and its frames,
  short (`  8: pb_pit::train` + `at ./src/main.rs:27:21`) or full (`  8:  0x55d5... -
  pb_pit::train::h0123...`), with or without `at` lines;
- the tape panic's message alone on a line (a logger or a panic hook printed it without the
  `thread ... panicked` header): a `Panic` whose thread is "";
- the first rustc error block (`error[E0308]: ...`, or `error: ...` followed by ` --> `), up to
  its blank line; cargo's `error: could not compile` only when no such block came before it.

The same through captured logs: cargo's status lines, ANSI colour codes, CRLF line ends, and
every line of a block prefixed the same way (`app-1  | `, a timestamp, `[ERROR] `: digits may
differ from line to line).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import BinaryIO


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
    address: str | None = None
    """The instruction address of a full backtrace (`0x55d5c0a1b2c3`); None in a short one."""


@dataclass
class Panic:
    """A `thread '...' panicked at` block of the output."""

    thread: str
    """The thread's name: `main`, a test's path (`tests::trains`), or `<unnamed>`; "" when the
    tape panic's message was printed without the `thread ... panicked` header."""
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
    thread_id: int | None = None
    """The thread id rustc 1.88+ prints (`thread 'main' (4242)`); None before."""
    frames_dropped: int = 0
    """Frames past `MAX_FRAMES`, counted but not kept."""
    rejected: str | None = None
    """Why the tape panic's NodeId cannot be one Burn hands out (beyond u64, or u64::MAX):
    then `node_id` is None."""


@dataclass
class BuildError:
    """The first `error[E0308]: ...` / `error: ...` block of a failed build, as printed (colours
    removed), and the line of the input it starts on."""

    text: str
    input_line: int = 0


Event = Panic | BuildError

MAX_PANICS = 100
"""Panics kept; later ones are counted in `OutputScanner.panics_dropped`."""
MAX_FRAMES = 256
"""Frames kept per panic, the innermost ones."""
MAX_LINE = 64 * 1024
"""Bytes of one line read; the rest of a longer line is skipped, never kept."""
MAX_BLOCK_LINES = 200
"""Lines of one panic message or build error kept (a block longer than that ends there)."""
BUILD_WINDOW = 16 << 20
"""Bytes at the start of the input in which a build error is looked for (a failed build's
output is far shorter; past it the input is the program's)."""
BLOCK = 1 << 20
"""The read size `scan` uses: big enough that the search for markers runs in C."""

TAPE = "graph tape has already been consumed at NodeId("

# What puts a line in the slow path: everything else is skipped at bytes.find's speed.
_PANIC_MARKERS = (b"panicked at ", TAPE.encode())
_ERROR_MARKER = b"error"
# What may follow `error` in rustc's header: `error[E0308]:`, `error:`, or a colour code.
_AFTER_ERROR = (b"[", b":", b"\x1b")

# Escape sequences: CSI (colours), a charset, OSC (a title, a hyperlink: to its BEL or ST), and
# every other two-byte one (`ESC c` resets the terminal). What is read from the output is
# printed again in pbpit's report: none of them, nor any other control character, survives.
_ANSI = re.compile(
    r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-Za-z]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-~])"
)
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_LOCATION = re.compile(r"(.+):(\d+):(\d+):")
_ERROR = re.compile(r"(.*?)(error(?:\[E\d+\])?): ")
_ARROW = re.compile(r"\s*--> ")
_SHORT_FRAME = re.compile(r"\s*(\d+): (.*)")
_FULL_FRAME = re.compile(r"\s*(\d+):\s+(0x[0-9a-fA-F]+) - (.*)")
_AT = re.compile(r"\s+at (.+?):(\d+)(?::(\d+))?")
# backtrace-rs prints a frame's inlined symbols after the first without an index (std 1.95
# numbers each one instead): at least six spaces, then the name.
_INLINED = re.compile(r" {6,}(?!at )(\S.*)")
_HASH = re.compile(r"::h[0-9a-f]{16}$")
_CRATE_HASH = re.compile(r"(?<=[A-Za-z0-9_])\[[0-9a-f]{16}\]")
_NOTE_BACKTRACE = "note: run with `RUST_BACKTRACE"
_NOTE_OMITTED = "note: Some details are omitted"
_COULD_NOT_COMPILE = "error: could not compile"

# States of the line reader.
_SEARCH, _MESSAGE, _OLD_MESSAGE, _AFTER_MESSAGE, _BACKTRACE, _ERROR_BLOCK = range(6)


def _function(name: str) -> str:
    name = _CRATE_HASH.sub("", _HASH.sub("", name.strip()))
    return "" if name == "<unknown>" else name


_THREAD = "thread '"
_PANICKED = " panicked at "


def _number(digits: str | None) -> int | None:
    """The number a line, column, frame index or thread id is written as; None for more digits
    than a u64 has (no program prints one; int() would refuse past 4300 digits)."""
    return int(digits) if digits and len(digits) <= 20 else None


def _digits(text: str) -> bool:
    """`text` is one or more decimal digits (what `\\d+` matches)."""
    return text.isdecimal()


def _header(text: str) -> tuple[str, str, str | None, str] | None:
    """A panic's header line, `PREFIX thread 'NAME'[ (TID)] panicked at REST`: (PREFIX, NAME, TID
    or None, REST), else None. The name runs to the last `' panicked at ` / `' (TID) panicked at `
    of the line, the prefix to the first `thread '` before it (what the pattern
    `(.*?)thread '(.*)'(?: \\((\\d+)\\))? panicked at (.*)` gives), found with str.find and
    rfind: linear in the line, whatever it holds (the pattern backtracked: quadratic on a line
    of `thread '` and `'`)."""
    start = text.find(_THREAD)
    if start < 0:
        return None
    names = start + len(_THREAD)
    end = len(text)
    while (at := text.rfind(_PANICKED, names, end)) >= 0:
        rest = at + len(_PANICKED)
        if at - 1 >= names and text[at - 1] == "'":
            return text[:start], text[names : at - 1], None, text[rest:]
        if text[at - 1] == ")":
            # `' (TID) panicked at `: walk back over the digits (each run is walked once).
            digits = at - 1
            while digits > names and text[digits - 1].isdecimal():
                digits -= 1
            quote = digits - 3
            if digits < at - 1 and quote >= names and text[quote:digits] == "' (":
                return text[:start], text[names:quote], text[digits : at - 1], text[rest:]
        # The next one to the left (it may share this one's last space).
        end = at + len(_PANICKED) - 1
    return None


def _old_end(text: str) -> tuple[str, str, str, str | None] | None:
    """The end of a pre-1.73 panic message, `MESSAGE', PATH:L[:C]` at the end of a line:
    (MESSAGE, PATH, L, C or None), else None. The message runs to the last `', ` that leaves a
    path before the line's `:L` or `:L:C` (what `(.*)', (.+?):(\\d+)(?::(\\d+))?` gives), found
    with rfind: linear in the line (the pattern backtracked)."""
    last = text.rfind(":")
    if last < 0 or not _digits(text[last + 1 :]):
        return None
    before = text.rfind(":", 0, last)
    two = before >= 0 and _digits(text[before + 1 : last])
    # The path is at least one character: the `', ` ends before the location's first colon.
    quote = text.rfind("', ", 0, last - 1)
    if quote < 0:
        return None
    if two and before - 1 >= quote + 3:
        return text[:quote], text[quote + 3 : before], text[before + 1 : last], text[last + 1 :]
    return text[:quote], text[quote + 3 : last], text[last + 1 :], None


def _prefix_pattern(prefix: str) -> re.Pattern[str] | None:
    """The shape of a log prefix: the same text, any digits where it has digits (timestamps,
    container numbers)."""
    if not prefix:
        return None
    parts = re.split(r"(\d+)", prefix)
    return re.compile(
        "".join("[0-9]+" if i % 2 else re.escape(part) for i, part in enumerate(parts))
    )


class OutputScanner:
    """Finds the panics and the first build error in a program's output, fed in blocks of any
    size (a block may end in the middle of a line or of a UTF-8 character).

    Memory does not grow with the input: it keeps at most `MAX_PANICS` panics (the first ones),
    `MAX_FRAMES` frames each, `MAX_BLOCK_LINES` lines of a message or of the build error, one
    build error, and one partial line of at most `MAX_LINE` bytes (a longer line is read from
    its first `MAX_LINE` bytes). Lines are found with bytes.find on the markers (`panicked at `,
    the tape panic's words, and in the first `BUILD_WINDOW` bytes `error` followed by `[`, `:`
    or a colour code); only the lines of a block are decoded. A tape panic whose id is beyond
    u64 (or is u64::MAX) is kept with why (`Panic.rejected`), its `node_id` None. One
    scanner reads one output: `finish` ends it.
    """

    def __init__(self) -> None:
        self.panics: list[Panic] = []
        """The panics found so far, in input order."""
        self.build_error: BuildError | None = None
        """The first rustc error block found so far."""
        self.panics_dropped = 0
        """Panics past `MAX_PANICS`, counted but not kept."""
        self._could_not_compile: BuildError | None = None
        self._pending = bytearray()
        self._pending_cut = False
        self._lines = 0
        self._offset = 0
        self._state = _SEARCH
        self._prefix: re.Pattern[str] | None = None
        self._panic: Panic | None = None
        self._block: list[str] = []
        self._block_line = 0
        self._raw = ""
        self._finished: list[Event] | None = None

    # -- bytes ---------------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Read the next part of the output."""
        newline = data.find(b"\n")
        if newline < 0:
            self._keep(data, 0, len(data))
            self._offset += len(data)
            return
        if self._pending or self._pending_cut:
            self._keep(data, 0, newline)
            self._line(bytes(self._pending))
            self._pending.clear()
            self._pending_cut = False
        else:
            self._region(data, 0, newline + 1)
        last = data.rfind(b"\n")
        self._region(data, newline + 1, last + 1)
        self._keep(data, last + 1, len(data))
        self._offset += len(data)

    def finish(self) -> list[Event]:
        """Every panic in input order, and the first build error; the end of the input."""
        if self._finished is None:
            if self._pending or self._pending_cut:
                self._line(bytes(self._pending))
                self._pending.clear()
            self._end_block()
            events: list[Event] = list(self.panics)
            error = self.build_error or self._could_not_compile
            if error is not None:
                events.append(error)
            self._finished = sorted(events, key=lambda event: event.input_line)
        return self._finished

    def _keep(self, data: bytes, start: int, end: int) -> None:
        """Hold `data[start:end]` as the start of a line, up to `MAX_LINE` bytes."""
        room = MAX_LINE - len(self._pending)
        if end - start > room:
            end = start + max(room, 0)
            self._pending_cut = True
        self._pending += data[start:end]

    def _region(self, data: bytes, start: int, end: int) -> None:
        """Read the whole lines `data[start:end]`: line by line inside a block, else from one
        marker to the next."""
        # rustc's errors come before the program runs: `error` is looked for only in the
        # first BUILD_WINDOW bytes, where a failed build's output is.
        error_end = max(0, min(end, BUILD_WINDOW - self._offset))
        found = {marker: data.find(marker, start, end) for marker in _PANIC_MARKERS}
        found[_ERROR_MARKER] = data.find(_ERROR_MARKER, start, error_end)
        position = start
        while position < end:
            if self._state != _SEARCH:
                stop = data.find(b"\n", position, end) + 1
                self._line(data[position : min(stop, position + MAX_LINE)])
                position = stop
                continue
            if self.build_error is not None:
                found[_ERROR_MARKER] = -1
            for marker, at in found.items():
                if 0 <= at < position:
                    limit = error_end if marker == _ERROR_MARKER else end
                    found[marker] = data.find(marker, position, limit)
            hits = [at for at in found.values() if at >= 0]
            if not hits:
                self._lines += data.count(b"\n", position, end)
                return
            hit = min(hits)
            if found[_ERROR_MARKER] == hit and data[hit + 5 : hit + 6] not in _AFTER_ERROR:
                # `error` in a program's words (`mean error 0.3`): not rustc's header.
                found[_ERROR_MARKER] = data.find(_ERROR_MARKER, hit + 1, error_end)
                continue
            before = data.rfind(b"\n", position, hit)
            line_start = position if before < 0 else before + 1
            self._lines += data.count(b"\n", position, line_start)
            stop = data.find(b"\n", line_start, end) + 1
            self._line(data[line_start : min(stop, line_start + MAX_LINE)])
            position = stop

    # -- lines ---------------------------------------------------------------------------------

    def _line(self, raw: bytes) -> None:
        """One line of the input (its newline, if any, included)."""
        self._lines += 1
        text = _ANSI.sub("", raw.decode("utf-8", "replace").rstrip("\r\n")).rstrip("\r")
        text = _CONTROL.sub("", text)
        self._raw = text
        if self._state == _SEARCH:
            self._start(text)
            return
        if self._prefix is not None:
            shape = self._prefix.match(text)
            if shape:
                text = text[shape.end() :]
        self._continue(text)

    def _start(self, text: str) -> None:
        """A line outside any block: does one start here?"""
        header = _header(text)
        if header:
            self._start_panic(header)
            return
        if TAPE in text:
            panic = Panic("", text.strip(), None, None, None, None, [], self._lines)
            self._tape_id(panic)
            self._add(panic)
            return
        error = _ERROR.match(text)
        if error and self.build_error is None:
            prefix = error.group(1)
            self._prefix = _prefix_pattern(prefix)
            self._block = [text[len(prefix) :]]
            self._block_line = self._lines
            self._state = _ERROR_BLOCK

    def _start_panic(self, header: tuple[str, str, str | None, str]) -> None:
        prefix, thread, tid, rest = header
        self._prefix = _prefix_pattern(prefix)
        panic = Panic(thread, "", None, None, None, None, [], self._lines)
        panic.thread_id = _number(tid)
        self._panic = panic
        self._block = []
        if rest.startswith("'"):
            self._block = [rest[1:]]
            self._state = _OLD_MESSAGE
            self._old_message()
            return
        location = _LOCATION.fullmatch(rest)
        if location:
            panic.path, panic.line, panic.column = (
                location.group(1),
                _number(location.group(2)),
                _number(location.group(3)),
            )
        self._state = _MESSAGE

    def _continue(self, text: str) -> None:
        state = self._state
        if state == _MESSAGE:
            if text == "stack backtrace:":
                self._set_message()
                self._state = _BACKTRACE
            elif not text.strip() or text.startswith(_NOTE_BACKTRACE):
                self._end_block()
            elif _header(text):
                self._end_block()
                self._start(self._raw)
            else:
                self._block.append(text)
                # The tape panic's message is one line; what follows it is the program's.
                if (len(self._block) == 1 and TAPE in text) or len(self._block) >= MAX_BLOCK_LINES:
                    self._set_message()
                    self._state = _AFTER_MESSAGE
        elif state == _OLD_MESSAGE:
            self._block.append(text)
            self._old_message()
        elif state == _AFTER_MESSAGE:
            if text == "stack backtrace:":
                self._state = _BACKTRACE
            elif text.startswith(_NOTE_BACKTRACE):
                self._end_block()
            else:
                self._end_block()
                self._start(self._raw)
        elif state == _BACKTRACE:
            self._frame(text)
        elif state == _ERROR_BLOCK:
            self._error_line(text)

    def _old_message(self) -> None:
        """Before rustc 1.73 the message is quoted: it ends at `', PATH:L:C` on a line's end."""
        assert self._panic is not None
        end = _old_end(self._block[-1])
        if end is None:
            if len(self._block) >= MAX_BLOCK_LINES:
                self._set_message()
                self._state = _AFTER_MESSAGE
            return
        message, path, line, column = end
        self._block[-1] = message
        panic = self._panic
        panic.path, panic.line = path, _number(line)
        panic.column = _number(column)
        self._set_message()
        self._state = _AFTER_MESSAGE

    def _set_message(self) -> None:
        assert self._panic is not None
        self._panic.message = "\n".join(self._block)
        self._block = []
        if TAPE in self._panic.message:
            self._tape_id(self._panic)

    def _frame(self, text: str) -> None:
        assert self._panic is not None
        panic = self._panic
        full = _FULL_FRAME.fullmatch(text)
        short = None if full else _SHORT_FRAME.fullmatch(text)
        at = None if full or short else _AT.fullmatch(text)
        if full:
            index, address, name = full.groups()
            self._add_frame(Frame(_number(index) or 0, _function(name), address=address))
        elif short:
            index, name = short.groups()
            self._add_frame(Frame(_number(index) or 0, _function(name)))
        elif at:
            if panic.frames and not panic.frames_dropped and panic.frames[-1].path is None:
                frame = panic.frames[-1]
                frame.path, frame.line = at.group(1), _number(at.group(2))
                frame.column = _number(at.group(3))
        elif (inlined := _INLINED.fullmatch(text)) and (panic.frames or panic.frames_dropped):
            index = panic.frames[-1].index if panic.frames else 0
            self._add_frame(Frame(index, _function(inlined.group(1))))
        else:
            self._end_block()
            if not text.startswith(_NOTE_OMITTED):
                self._start(self._raw)

    def _add_frame(self, frame: Frame) -> None:
        assert self._panic is not None
        if len(self._panic.frames) < MAX_FRAMES:
            self._panic.frames.append(frame)
        else:
            self._panic.frames_dropped += 1

    def _error_line(self, text: str) -> None:
        block = self._block
        coded = block[0].startswith("error[")
        if len(block) == 1 and not coded and not block[0].startswith(_COULD_NOT_COMPILE):
            # `error: ...` is rustc's only when it points at the source; else a program's log.
            if not _ARROW.match(text):
                self._end_block(keep=False)
                self._start(self._raw)
                return
        if not text.strip() or len(block) >= MAX_BLOCK_LINES:
            self._end_block()
            return
        block.append(text)

    # -- blocks --------------------------------------------------------------------------------

    def _end_block(self, keep: bool = True) -> None:
        """The block being read ends: keep what it held."""
        state, self._state = self._state, _SEARCH
        self._prefix = None
        if state == _ERROR_BLOCK:
            block = self._block
            if keep and block:
                error = BuildError("\n".join(block), self._block_line)
                if block[0].startswith(_COULD_NOT_COMPILE):
                    self._could_not_compile = self._could_not_compile or error
                elif block[0].startswith("error[") or any(_ARROW.match(t) for t in block[1:]):
                    self.build_error = error
        elif self._panic is not None:
            if state in (_MESSAGE, _OLD_MESSAGE):
                self._set_message()
            self._add(self._panic)
        self._panic = None
        self._block = []

    def _add(self, panic: Panic) -> None:
        # Past the cap a panic is still read (to the end of its block), only not kept.
        if len(self.panics) < MAX_PANICS:
            self.panics.append(panic)
        else:
            self.panics_dropped += 1

    @staticmethod
    def _tape_id(panic: Panic) -> None:
        """The tape panic's NodeId, or why Burn can never hand it out (`Panic.rejected`): the
        output goes on being read (and, under `pbpit --`, passed through)."""
        from pbpit.diagnose.node_ids import PANIC_PATTERN, node_id
        from pbpit.errors import UsageError

        found = PANIC_PATTERN.search(panic.message)
        if found is None:
            return
        try:
            panic.node_id = node_id(found.group(1))
        except UsageError as err:
            panic.rejected = str(err)


def read(stream: BinaryIO | Iterable[bytes], block: int = BLOCK) -> OutputScanner:
    """A scanner that has read a whole output: a binary stream read `block` bytes at a time
    (stdin's buffer, a file), or an iterable of byte blocks. Its `finish()` gives the events,
    its `panics_dropped` the panics past `MAX_PANICS`."""
    scanner = OutputScanner()
    if hasattr(stream, "readinto"):
        # One buffer read into again and again: no new block to allocate (and fault in) each time.
        buffer = bytearray(block)
        while count := stream.readinto(buffer):  # type: ignore[union-attr]
            scanner.feed(buffer if count == block else buffer[:count])
    elif hasattr(stream, "read"):
        while data := stream.read(block):  # type: ignore[union-attr]
            scanner.feed(data)
    else:
        for data in stream:  # type: ignore[union-attr]
            scanner.feed(data)
    return scanner


def scan(stream: BinaryIO | Iterable[bytes], block: int = BLOCK) -> list[Event]:
    """The events of a whole output (`read`)."""
    return read(stream, block).finish()
