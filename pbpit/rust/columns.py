"""Lines and columns as rustc counts them, for every reader of Rust source (the interpreter,
lint, the diagnostics' quoted lines). Its diagnostics count characters (`unsupported Rust at
file:line:col` does too); the location a panic reports (`Location::column`) counts display
columns instead: rustc computes it with `rustc_span::char_width`, a tab 4 columns, an East-Asian
wide character or emoji 2, a combining mark or zero-width character 0 (`unicode-width`'s
rules). Both are measured from the start of the line.

Python's Unicode tables (14.0) are older than rustc 1.95's (16.0, judging by what changed): the
characters whose width differs between the two were measured with rustc 1.95
(`Location::caller().column()` after each character Python's tables assign) and are listed here;
a character unassigned in Python's tables has no known width, and a panic after it on its line
is refused rather than placed in a guessed column.
"""

from __future__ import annotations

import bisect
import itertools
import unicodedata

Range = tuple[int, int]

# `rustc_span::char_width` gives these 1 whatever `unicode-width` says: control characters it
# shows as visible symbols in diagnostics, and the bidirectional controls.
_ONE = ((0x0000, 0x001F), (0x007F, 0x007F), (0x202A, 0x202E), (0x2066, 0x2069))
# Default_Ignorable_Code_Point (but U+115F, which `unicode-width` makes 2 wide, and the
# bidirectional controls; U+1160 is among the jamo).
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x2060, 0x2065),
    (0x206A, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Other zero-width characters of `unicode-width`: Hangul vowel and trailing jamo, some
# prepended concatenation marks and Prepend characters, DEVANAGARI CARET, the
# Other_Grapheme_Extend characters that are not ignorable (Unicode 14, and those Unicode 16
# added: measured).
_ZERO = (
    (0x0605, 0x0605),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x09BE, 0x09BE),
    (0x09D7, 0x09D7),
    (0x0B3E, 0x0B3E),
    (0x0B57, 0x0B57),
    (0x0BBE, 0x0BBE),
    (0x0BD7, 0x0BD7),
    (0x0CC0, 0x0CC0),
    (0x0CC2, 0x0CC2),
    (0x0CC7, 0x0CC8),
    (0x0CCA, 0x0CCB),
    (0x0CD5, 0x0CD6),
    (0x0D3E, 0x0D3E),
    (0x0D4E, 0x0D4E),
    (0x0D57, 0x0D57),
    (0x0DCF, 0x0DCF),
    (0x0DDF, 0x0DDF),
    (0x1160, 0x11FF),
    (0x1715, 0x1715),
    (0x1734, 0x1734),
    (0x1B35, 0x1B35),
    (0x1B3B, 0x1B3B),
    (0x1B3D, 0x1B3D),
    (0x1B43, 0x1B44),
    (0x1BAA, 0x1BAA),
    (0x1BF2, 0x1BF3),
    (0x302E, 0x302F),
    (0xA8FA, 0xA8FA),
    (0xA953, 0xA953),
    (0xA9C0, 0xA9C0),
    (0xD7B0, 0xD7FF),
    (0xFF9E, 0xFF9F),
    (0x111C0, 0x111C0),
    (0x111C2, 0x111C3),
    (0x11235, 0x11235),
    (0x1133E, 0x1133E),
    (0x1134D, 0x1134D),
    (0x11357, 0x11357),
    (0x114B0, 0x114B0),
    (0x114BD, 0x114BD),
    (0x115AF, 0x115AF),
    (0x116B6, 0x116B6),
    (0x11930, 0x11930),
    (0x1193D, 0x1193D),
    (0x1193F, 0x1193F),
    (0x11941, 0x11941),
    (0x11A84, 0x11A89),
    (0x11D46, 0x11D46),
    (0x16FF0, 0x16FF1),
    (0x1D165, 0x1D166),
    (0x1D16D, 0x1D172),
)
# Wide: two letters by `unicode-width`'s rules, and what Unicode 16 made wide but Python's tables
# do not (Yijing and Tai Xuan Jing symbols, counting rods).
_WIDE = (
    (0x115F, 0x115F),
    (0x17A4, 0x17A4),
    (0x2630, 0x2637),
    (0x268A, 0x268F),
    (0x4DC0, 0x4DFF),
    (0x1D300, 0x1D356),
    (0x1D360, 0x1D376),
)
# Width 1 whatever Python's tables say: TIFINAGH CONSONANT JOINER (`unicode-width`'s rule), a mark
# that Unicode 16 made a spacing mark, a Prepend character it no longer is.
_NARROW = ((0x1171E, 0x1171E), (0x11A3A, 0x11A3A), (0x2D7F, 0x2D7F))


def _table(*groups: tuple[tuple[Range, ...], int]) -> tuple[list[int], list[int], list[int]]:
    rows = sorted((lo, hi, width) for ranges, width in groups for lo, hi in ranges)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(rows)), "overlapping ranges"
    return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]


_LOWS, _HIGHS, _WIDTHS = _table((_ONE, 1), (_IGNORABLE, 0), (_ZERO, 0), (_WIDE, 2), (_NARROW, 1))


def char_width(ch: str) -> int | None:
    """The display columns rustc 1.95 gives `ch` in a panic's location (None: unknown, as `ch` is
    unassigned in Python's Unicode tables)."""
    code = ord(ch)
    if ch == "\t":
        return 4
    if 0x20 <= code < 0x7F:
        return 1
    if code == 0x17D8:  # KHMER SIGN BEYYAL, `unicode-width`'s one character of width 3
        return 3
    i = bisect.bisect_right(_LOWS, code) - 1
    if i >= 0 and code <= _HIGHS[i]:
        return _WIDTHS[i]
    category = unicodedata.category(ch)
    if category == "Cn":
        return None
    if category in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class Columns:
    """Line and column of byte offsets into one source file, in linear time overall (a file of
    one long line included)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.starts = [0]
        at = data.find(b"\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = data.find(b"\n", at + 1)
        self._chars: dict[int, list[int] | None] = {}
        self._display: dict[int, tuple[list[int] | None, int | None, str | None]] = {}

    def line_start(self, row: int) -> int:
        """Byte offset where 0-based `row` starts (the end of the file past the last row)."""
        return self.starts[row] if row < len(self.starts) else len(self.data)

    def _line_bytes(self, index: int) -> bytes:
        end = self.starts[index + 1] - 1 if index + 1 < len(self.starts) else len(self.data)
        return self.data[self.starts[index] : end]

    def _char_offsets(self, index: int) -> list[int] | None:
        """Byte offsets of the characters of line `index` (None: an ASCII line, one byte each)."""
        if index not in self._chars:
            line = self._line_bytes(index)
            offsets = None
            if not line.isascii():
                # Every byte that does not continue a UTF-8 sequence starts a character.
                offsets = [i for i, b in enumerate(line) if b & 0xC0 != 0x80]
            self._chars[index] = offsets
        return self._chars[index]

    def position(self, byte: int) -> tuple[int, int]:
        """1-based line and column, in characters, as rustc's diagnostics count them."""
        index = bisect.bisect_right(self.starts, byte) - 1
        offset = byte - self.starts[index]
        offsets = self._char_offsets(index)
        if offsets is None:
            return index + 1, offset + 1
        return index + 1, bisect.bisect_left(offsets, offset) + 1

    def display_column(self, line: int, column: int) -> tuple[int, str | None]:
        """The display column of character `column` of `line` (both 1-based), as a panic's
        location reports it; with the first character before it whose width is unknown, if
        any (then the column is not rustc's)."""
        columns, unknown_at, unknown = self._display_columns(line - 1)
        if columns is None:
            return column, None
        if unknown_at is not None and unknown_at < column - 1:
            return column, unknown
        return columns[min(column - 1, len(columns) - 1)], None

    def _display_columns(self, index: int) -> tuple[list[int] | None, int | None, str | None]:
        """Per character of line `index`, its display column (None: a line of ASCII without
        tabs, where it is the character's); the index of the first character of unknown width
        and that character."""
        if index not in self._display:
            text = self._line_bytes(index).decode("utf-8", errors="replace")
            found: tuple[list[int] | None, int | None, str | None] = (None, None, None)
            if not text.isascii() or "\t" in text:
                columns, unknown_at, unknown = [1], None, None
                for i, ch in enumerate(text):
                    width = char_width(ch)
                    if width is None and unknown_at is None:
                        unknown_at, unknown = i, ch
                    columns.append(columns[-1] + (width or 0))
                found = (columns, unknown_at, unknown)
            self._display[index] = found
        return self._display[index]


# -- a source line quoted under a diagnostic ---------------------------------------------------


def display_line(line: str) -> str:
    """A source line as rustc quotes it: each tab shown as four spaces."""
    return line.replace("\t", "    ")


def display_columns(line: str, column: int) -> int:
    """The terminal columns taken by the characters of `line` before 1-based `column`, as
    rustc lays them out under a quoted line (`char_width`; a character of unknown width, 1)."""
    widths = (char_width(char) for char in line[: column - 1])
    return sum(1 if width is None else width for width in widths)
