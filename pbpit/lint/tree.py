"""The tree `pbpit lint` is given: which files it reads, how each is read, and the report.

Every file is parsed before any is analysed, so that the analysis sees the whole tree at once;
each is indexed as it is read (`analysis.Program.add`), and its tree let go unless a rule may
read it (a function of it that a reading calls is parsed again alone).

Which files: a file named on the command line is read wherever it is (unless `--exclude`
names it); in a directory, its `.rs` files, except under `target/` and hidden directories,
what the `.gitignore` files ignore (those of the directory, of its subdirectories, and of its
parents up to the repository's root, as git reads them) and what `--exclude` names. Only
regular files are opened: a FIFO, a device, a socket, or a symbolic link to one or to nothing
is skipped with a note, never read (a FIFO would block).

How the files are grouped into programs (each target of a cargo package its own, the library
visible to each; files of other packages never seen): `pbpit.lint.programs`.

What is not checked is said, never counted as checked: of a file tree-sitter-rust cannot parse
(valid Rust its grammar lacks, such as `where D:,`, or `seq!` bodies that are not Rust until
expanded) the items its error recovery kept whole are read, and a note names the first error's
place and cause and what was not read (`pbpit.lint.partial`); when nothing could be kept the
file is skipped with that note. A function nested deeper than the analysis follows is not
analysed, with a note. Neither changes the exit status, but with `--strict` a file not read
whole is a failure (`LintReport.unread`). A file that
cannot be read (permission, not UTF-8) is an error. The arguments of a macro call are tokens
the grammar does not parse: a syntax error inside them is no parse error of the file (Rust
itself leaves them to the macro), and the analysis reads them only when they parse as
expressions, as it reads any macro.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from pbpit.collector import paused
from pbpit.diagnostics.model import Diagnostic
from pbpit.lint.partial import read_partly
from pbpit.rust.syntax import Node, RustFile, RustReadError, parse_bytes

T = TypeVar("T")


@dataclass
class LintError:
    """A file that could not be linted: unreadable or not UTF-8; or a directory that could not
    be listed."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }

    @property
    def text(self) -> str:
        """One line for the user, as `pbpit lint` prints it after `error: `."""
        if self.line is None:
            return self.message
        return f"cannot parse {self.path}:{self.line}:{self.column}: {self.message}"


@dataclass
class LintSkip:
    """A file lint did not check (tree-sitter cannot parse it, or it is not a regular file),
    the parts of a checked file it could not parse (`partly`: the reason says which lines), or
    a function of a checked file it did not analyse (`function`: nested deeper than the
    analysis follows). A note: the exit status does not change (but with `--strict`)."""

    path: str
    reason: str
    line: int | None = None
    column: int | None = None
    function: str | None = None
    partly: bool = False

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "function": self.function,
            "reason": self.reason,
        }

    @property
    def text(self) -> str:
        """One line for the user, as `pbpit lint` prints it after `note: `."""
        where = self.path if self.line is None else f"{self.path}:{self.line}:{self.column}"
        if self.partly:
            return f"{where}: {self.reason}"
        if self.function is not None:
            return f"{where}: fn `{self.function}` not analysed: {self.reason}"
        return f"skipped {where}: {self.reason}"


@dataclass
class LintReport:
    """What `pbpit lint` found: the files checked, the findings in file order, the errors, what
    was skipped, and the source lines of the files with findings (to quote them)."""

    files: list[str] = field(default_factory=list)
    findings: list[Diagnostic] = field(default_factory=list)
    errors: list[LintError] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)
    skipped: list[LintSkip] = field(default_factory=list)
    originals: dict[str, str] = field(default_factory=dict, repr=False)
    """The text of each file read with parts blanked or a grammar gap said in other words (its
    lines are quoted from it, not from what was analysed)."""

    @property
    def exit_code(self) -> int:
        """0 clean, 1 with findings, 2 when a file could not be read (skipped files and
        functions do not count)."""
        if self.errors:
            return 2
        return 1 if self.findings else 0

    @property
    def skipped_files(self) -> list[str]:
        """The files not checked at all, in order."""
        return [skip.path for skip in self.skipped if skip.function is None and not skip.partly]

    @property
    def unread(self) -> list[LintSkip]:
        """What `--strict` fails on: each file not read whole (skipped, or parts of it not
        parsed)."""
        return [skip for skip in self.skipped if skip.function is None]

    @property
    def skipped_functions(self) -> list[LintSkip]:
        """The functions of checked files that were not analysed."""
        return [skip for skip in self.skipped if skip.function is not None]

    def to_json(self) -> dict:
        return {
            "files_checked": len(self.files),
            "files": self.files,
            "findings": [finding.to_json() for finding in self.findings],
            "errors": [error.to_json() for error in self.errors],
            "skipped": [skip.to_json() for skip in self.skipped],
        }


# -- which files --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pattern:
    """One line of a `.gitignore` (or one `--exclude`), compiled."""

    regex: re.Pattern[str]
    negated: bool
    directory_only: bool
    name: str | None = None
    """Of a pattern without a `/` (but a trailing one), which matches a name at any depth: the
    expression of that name alone, matched against a path's last name (the same verdict as
    `regex` on the whole path, without trying it after every `/`)."""


def as_bytes(text: str) -> str:
    """A path or pattern as git matches it, byte by byte: each byte of its file-system encoding
    (what os.walk and argv decoded, a byte that is not UTF-8 included) one character. Patterns and
    paths are compared in this form, so that `?` matches one byte, as in git."""
    return os.fsencode(text).decode("latin-1")


class _NeverMatches(Exception):
    """A pattern git's wildmatch gives up on (an unclosed `[`): it matches nothing."""


_NOTHING = "(?!)"


def ignore_pattern(line: str) -> _Pattern | None:
    """A gitignore line as git reads it (`gitignore(5)`): None for a blank line or a comment;
    `!` negates, a trailing `/` matches directories only, a `/` at the start or in the middle
    anchors the pattern to its directory (else it matches a name at any depth), `*` and `?`
    match within a name, `**` across names (`**/x`, `x/**`, `a/**/b`), `[...]` a character
    class (`[z-a]` only `z`, as git's wildmatch), and `\\` escapes. `line` and the paths it is
    matched against are in `as_bytes` form. A pattern git cannot match (an unclosed `[`)
    matches nothing; none raises."""
    if line.startswith("#"):
        return None
    while line.endswith(" ") and not line.endswith("\\ "):
        line = line[:-1]
    negated = line.startswith("!")
    if negated:
        line = line[1:]
    directory_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    anchored = "/" in line
    line = line.removeprefix("/")
    try:
        body = _glob_regex(line)
        regex = body if anchored else f"(?:.*/)?{body}"
        compiled = re.compile(f"{regex}\\Z", re.DOTALL)
    except (_NeverMatches, re.error):
        body = regex = _NOTHING
        compiled = re.compile(_NOTHING)
    name = None if anchored else body
    return _Pattern(compiled, negated, directory_only, name)


def _glob_regex(glob: str) -> str:
    """The regular expression of a gitignore glob, `/`-separated."""
    out = []
    parts = glob.split("/")
    for number, part in enumerate(parts):
        last = number == len(parts) - 1
        if part == "**":
            # `**/`: any leading directories; a trailing `/**`: everything inside.
            out.append(".*" if last else "(?:.*/)?")
        else:
            out.append(_name_regex(part) + ("" if last else "/"))
    return "".join(out)


def _name_regex(name: str) -> str:
    """The regular expression of one `/`-free piece of a glob."""
    out = []
    index = 0
    while index < len(name):
        char = name[index]
        if char == "*":
            while name[index + 1 : index + 2] == "*":
                index += 1  # other consecutive asterisks are one
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "\\" and index + 1 < len(name):
            index += 1
            out.append(re.escape(name[index]))
        elif char == "[":
            end = _class_end(name, index)
            if end == -1:
                raise _NeverMatches  # wildmatch: an unclosed class aborts the match
            out.append(_class_regex(name[index + 1 : end]))
            index = end
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


def _class_end(name: str, start: int) -> int:
    """Where the `]` closing the class opened at `start` is (-1: none). A `]` first in the class
    (after a `!`) is one of its characters, and so is an escaped one."""
    index = start + 1
    if name[index : index + 1] in ("!", "^"):
        index += 1
    first = True
    while index < len(name):
        char = name[index]
        if char == "\\":
            index += 1
        elif char == "[" and name[index + 1 : index + 2] == ":":
            close = name.find("]", index + 2)
            if close != -1 and name[close - 1] == ":" and close > index + 2:
                index = close  # `[:digit:]` inside the class
        elif char == "]" and not first:
            return index
        first = False
        index += 1
    return -1


def _class_regex(inside: str) -> str:
    """A class as git's wildmatch reads it: single characters, `\\` escapes, ranges `a-z`
    (a range's first character always in it, the rest only when it is not backwards:
    `[z-a]` is `z`), `[:name:]` classes; never `/`."""
    negate = inside[:1] in ("!", "^")
    inside = inside[1:] if negate else inside
    items: list[str] = []
    previous: str | None = None
    index = 0
    while index < len(inside):
        char = inside[index]
        if char == "\\" and index + 1 < len(inside):
            index += 1
            char = inside[index]
        elif (
            char == "-" and previous is not None and index + 1 < len(inside)
        ):  # a range from the previous character
            index += 1
            last = inside[index]
            if last == "\\" and index + 1 < len(inside):
                index += 1
                last = inside[index]
            if previous <= last:
                items.append(f"{re.escape(previous)}-{re.escape(last)}")
            previous = None
            index += 1
            continue
        elif char == "[" and inside[index + 1 : index + 2] == ":":
            close = inside.find("]", index + 2)
            if close != -1 and inside[close - 1] == ":" and close > index + 2:
                named = inside[index + 2 : close - 1]
                if named not in _POSIX_CLASSES:
                    raise _NeverMatches  # wildmatch: a class it does not know aborts the match
                items.append(_POSIX_CLASSES[named])
                previous = None
                index = close + 1
                continue
        items.append(re.escape(char))
        previous = char
        index += 1
    body = "".join(items)
    if not body:
        return "[^/]" if negate else _NOTHING
    # A class never matches the `/` between names.
    return f"[^/{body}]" if negate else f"(?!/)[{body}]"


# wildmatch's `[:name:]` classes, for bytes as the C locale has them.
_POSIX_CLASSES = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": "\\t-\\r ",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}


_Joined = tuple[re.Pattern[str] | None, re.Pattern[str] | None]


@dataclass(frozen=True)
class _Rules:
    """The patterns of one `.gitignore` (or the `--exclude` globs), for the paths under
    `base` (a `/`-separated path relative to the walk's origin, "" for the origin itself)."""

    base: str
    patterns: tuple[_Pattern, ...]
    any_of: tuple[_Joined, _Joined] | None = field(init=False, repr=False, compare=False)
    """Without a negated pattern: for files and for directories, one expression of the
    patterns of a name (matched against a path's last name) and one of the others (against
    the path): any match ignores the path; two searches instead of one per pattern. None with
    a negated pattern."""

    def __post_init__(self) -> None:
        def joined(patterns: list[_Pattern]) -> _Joined:
            names = [p.name for p in patterns if p.name is not None]
            paths = [p.regex.pattern for p in patterns if p.name is None]
            return (
                re.compile("(?:" + "|".join(f"(?:{n})" for n in names) + ")\\Z", re.DOTALL)
                if names
                else None,
                re.compile("|".join(f"(?:{p})" for p in paths), re.DOTALL) if paths else None,
            )

        any_of = None
        if not any(p.negated for p in self.patterns):
            files = [p for p in self.patterns if not p.directory_only]
            any_of = (joined(files), joined(list(self.patterns)))
        object.__setattr__(self, "any_of", any_of)


def _verdict(rules: Iterable[_Rules], path: str, is_dir: bool) -> bool | None:
    """Whether `path` (relative to the origin) is ignored by the last pattern that matches it,
    the deeper files' patterns after the shallower ones; None when none matches."""
    path = as_bytes(path)
    verdict = None
    for layer in rules:
        if layer.base:
            if not path.startswith(layer.base + "/"):
                continue
            relative = path[len(layer.base) + 1 :]
        else:
            relative = path
        if layer.any_of is not None:
            names, paths = layer.any_of[is_dir]
            if (names is not None and names.match(relative, relative.rfind("/") + 1)) or (
                paths is not None and paths.match(relative)
            ):
                verdict = True
            continue
        for pattern in layer.patterns:
            if pattern.directory_only and not is_dir:
                continue
            if pattern.regex.match(relative):
                verdict = not pattern.negated
    return verdict


def _patterns(lines: Iterable[str]) -> tuple[_Pattern, ...]:
    """The patterns of `lines` (in `as_bytes` form)."""
    return tuple(p for p in map(ignore_pattern, lines) if p is not None)


MAX_GITIGNORE_BYTES = 100 << 20
"""git reads no `.gitignore` larger than 100 MiB (`PATTERN_MAX_FILE_SIZE`); neither does lint."""


def _gitignore(directory: str | Path, base: str) -> list[_Rules]:
    """The rules of `directory/.gitignore`, if there is one and it can be read (its bytes, as
    git reads them)."""
    path = os.path.join(directory, ".gitignore")
    try:
        info = os.stat(path)
        if info.st_size > MAX_GITIGNORE_BYTES:  # git ignores one as large too
            return []
        text = read_bytes(path, info).decode("latin-1")
    except (OSError, _NotRegular):  # none, unreadable, or a FIFO that would block: as git
        return []
    # Lines end at `\n` only (a `\r` before it dropped): no other byte ends a line for git.
    patterns = _patterns(line.removesuffix("\r") for line in text.split("\n"))
    return [_Rules(as_bytes(base), patterns)] if patterns else []


def _posix(path: Path) -> str:
    """A relative path `/`-separated, "" for `.`."""
    text = path.as_posix()
    return "" if text == "." else text


def _absolute(path: Path) -> Path:
    """`path` from the root, `..` resolved by name (its parents are then its directories)."""
    return Path(os.path.abspath(path))


def _repository_layers(directory: Path) -> tuple[Path, list[_Rules]]:
    """The origin of a walk of `directory` and the `.gitignore` rules of its parents: up to the
    root of the git repository holding it (none outside a repository)."""
    absolute = _absolute(directory)
    chain = [absolute, *absolute.parents]
    root = next((d for d in chain if (d / ".git").exists()), None)
    if root is None or root == absolute:
        return absolute, []
    parents = chain[1 : chain.index(root) + 1]
    layers: list[_Rules] = []
    for parent in reversed(parents):
        layers += _gitignore(parent, _posix(parent.relative_to(root)))
    return root, layers


def rust_files(
    directory: Path,
    errors: list[LintError] | None = None,
    exclude: Iterable[str] = (),
    exclude_from: Path | None = None,
) -> list[Path]:
    """The `.rs` files under `directory`, sorted; `target/`, hidden directories, what the
    `.gitignore` files ignore and what `exclude` (gitignore globs relative to `exclude_from`, by
    default `directory`) names are skipped. A directory that cannot be listed goes into
    `errors`."""

    def unreadable(error: OSError) -> None:
        if errors is not None:
            reason = error.strerror or str(error)
            where = os.fsdecode(error.filename) if error.filename is not None else str(directory)
            errors.append(LintError(where, f"cannot read directory {where}: {reason}"))

    origin, inherited = _repository_layers(directory)
    walked = _posix(_absolute(directory).relative_to(origin))
    # `directory` as seen from where the globs are relative to ("" when it is that place).
    prefix = ""
    if exclude_from is not None:
        prefix = _posix(Path(os.path.relpath(_absolute(directory), _absolute(exclude_from))))
        if prefix.startswith(".."):
            prefix = ""
    excluded = [_Rules("", _patterns(map(as_bytes, exclude)))]
    parts = prefix.split("/") if prefix else []
    if any(_verdict(excluded, "/".join(parts[:end]), True) for end in range(1, len(parts) + 1)):
        return []  # `cargo pbpit lint --exclude tests/`: the whole target directory

    def excluded_path(path: str, is_dir: bool) -> bool:
        inside = path[len(walked) + 1 :] if walked else path
        return bool(_verdict(excluded, f"{prefix}/{inside}" if prefix else inside, is_dir))

    layers: dict[str, list[_Rules]] = {}
    """The rules in force in each directory still to walk, by its path from the origin."""
    found = []
    heres = {os.fspath(directory): _posix(_absolute(directory).relative_to(origin))}
    """Each directory still to walk, as `os.walk` names it, by its path from the origin."""
    for root, dirs, files in os.walk(directory, onerror=unreadable):
        here = heres.pop(root)
        rules = layers.pop(here, None)
        if rules is None:  # the walk's own directory
            rules = inherited + _gitignore(root, here)

        def ignored(name: str, is_dir: bool, here: str = here, rules: list = rules) -> bool:
            path = f"{here}/{name}" if here else name
            return bool(_verdict(rules, path, is_dir) or excluded_path(path, is_dir))

        dirs[:] = sorted(
            d for d in dirs if d != "target" and not d.startswith(".") and not ignored(d, True)
        )
        for name in dirs:
            path = f"{here}/{name}" if here else name
            heres[os.path.join(root, name)] = path
            layers[path] = rules + _gitignore(os.path.join(root, name), path)
        found.extend(
            Path(root, name)
            for name in sorted(files)
            if name.endswith(".rs") and not ignored(name, False)
        )
    return found


def excluded_file(path: str, exclude: Iterable[str]) -> bool:
    """Whether `exclude` (gitignore globs) names a file given on the command line: its path as
    given, or a directory it is in."""
    patterns = _patterns(map(as_bytes, exclude))
    if not patterns:
        return False
    rules = [_Rules("", patterns)]
    parts = [p for p in os.path.normpath(path).split(os.sep) if p not in ("", ".")]
    for end in range(1, len(parts) + 1):
        if _verdict(rules, "/".join(parts[:end]), end < len(parts)):
            return True
    return False


# -- how each is read ---------------------------------------------------------------------------

_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def _not_regular(mode: int) -> str | None:
    """What a file that is not a regular file is (`a FIFO`), None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


class _NotRegular(Exception):
    """A file that is not a regular file: it is skipped, never read."""


def read_bytes(path: str, info: os.stat_result | None = None) -> bytes:
    """The bytes of a regular file, never blocking: `_NotRegular` (its kind) for anything else,
    checked before it is opened (on `info`, its `os.stat` if the caller has it) and again on
    what was opened; OSError if it cannot be read."""
    kind = _not_regular((info or os.stat(path)).st_mode)
    if kind is not None:
        raise _NotRegular(kind)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as file:
        kind = _not_regular(os.fstat(descriptor).st_mode)  # replaced since it was looked at
        if kind is not None:
            raise _NotRegular(kind)
        return file.read()


MAX_FILE_BYTES = 8 << 20
"""The largest file lint reads (8 MiB): the syntax tree of a file costs about 55 times its size
(tree-sitter), so a generated file of hundreds of megabytes would exhaust memory. Larger ones
are skipped with a note (docs/SECURITY.md)."""


def read_file(path: str, report: LintReport, info: os.stat_result | None = None) -> RustFile | None:
    """Read and parse one file for `report`, or say in it why it is not linted: an error if it
    cannot be read, a note if it is not a regular file or tree-sitter cannot parse it (of a file
    with a syntax error, what `partial.read_partly` can read, and a note of the rest). `info`:
    its `os.stat`, if the caller has it. A file past `MAX_FILE_BYTES` is skipped with a note,
    never read."""
    try:
        size = (info or os.stat(path)).st_size
    except OSError:
        size = 0  # said below, when it is read
    if size > MAX_FILE_BYTES:
        report.skipped.append(
            LintSkip(path, f"{size} bytes, more than the {MAX_FILE_BYTES >> 20} MiB lint reads")
        )
        return None
    try:
        data = read_bytes(path, info)
        source = parse_bytes(data, path)
    except _NotRegular as kind:
        link = "a symbolic link to " if os.path.islink(path) else ""
        report.skipped.append(LintSkip(path, f"not a regular file: {link}{kind}"))
        return None
    except OSError as err:
        if os.path.islink(path) and not os.path.exists(path):
            report.skipped.append(LintSkip(path, "a symbolic link that loops or points nowhere"))
            return None
        report.errors.append(LintError(path, f"{path}: cannot read: {err.strerror or err}"))
        return None
    except RustReadError as err:
        report.errors.append(LintError(path, str(err)))
        return None
    if source.root.has_error:
        partial = read_partly(source)
        place = (partial.line, partial.column)
        if partial.source is None:
            report.skipped.append(LintSkip(path, f"cannot parse: {partial.what}", *place))
            return None
        if partial.unread is not None:
            reason = f"cannot parse: {partial.what}; not read: {partial.unread}"
            report.skipped.append(LintSkip(path, reason, *place, partly=True))
        report.originals[path] = source.text
        source = partial.source
    report.files.append(path)
    return source


# -- the whole tree -----------------------------------------------------------------------------

STACK_BYTES = 256 << 20
"""The stack of the thread lint runs on: the analysis recurses on the syntax tree."""
RECURSION_LIMIT = 100_000
"""Python frames lint may nest on that thread: real code a few thousand levels deep is read
(a level of syntax costs a few frames; a frame at most about 1 KiB of that stack)."""


def lint_paths(
    paths: Iterable[str | Path],
    progress: Callable[[int, int], None] | None = None,
    exclude: Iterable[str] = (),
    exclude_from: str | Path | None = None,
) -> LintReport:
    """Lint files and directories (recursively), each file once, as the programs cargo builds
    of them (`pbpit.lint.programs`): what a function of one file does is known at its calls in
    the other files of its program. Paths must exist: the caller checks,
    so that a mistyped path is a usage error rather than a file error. `exclude` holds
    gitignore globs (`tests/`, `**/generated/*.rs`, `*.pb.rs`) matched against paths relative
    to each directory given and against the files given (or, with `exclude_from`, relative to
    that directory: `cargo pbpit lint`'s crate root). `progress(done, total)` is called as the
    files are analysed. No nesting depth raises: what is too deep is a note."""
    exclude = list(exclude)
    base = None if exclude_from is None else Path(exclude_from)
    # The collector would walk every function, summary and reading's state lint keeps alive
    # at each young collection: about a tenth of the analysis on Burn's repository.
    with paused():
        return _on_a_deep_stack(lambda: _lint_paths(list(paths), progress, exclude, base))


def _lint_paths(
    paths: list[str | Path],
    progress: Callable[[int, int], None] | None,
    exclude: list[str],
    exclude_from: Path | None = None,
) -> LintReport:
    from pbpit.lint.programs import lint_files

    report = LintReport()
    seen: set[object] = set()
    given: list[tuple[str, os.stat_result | None]] = []
    for path in map(Path, paths):
        if path.is_dir():
            files = rust_files(path, report.errors, exclude, exclude_from)
        else:
            named = str(path) if exclude_from is None else os.path.relpath(path, exclude_from)
            files = [] if excluded_file(named, exclude) else [path]
        for file in files:
            info: os.stat_result | None
            try:
                info = os.stat(file)
                key: object = (info.st_dev, info.st_ino)
            except OSError:  # a symbolic link that loops or points nowhere: said when read
                info, key = None, file.absolute()
            if key not in seen:
                seen.add(key)
                given.append((str(file), info))
    lint_files(given, progress, report)
    return report


def nesting(node: Node) -> int:
    """How many levels of syntax a node holds below it (without recursion)."""
    deepest = 0
    cursor = node.walk()
    depth = 0
    while True:
        deepest = max(deepest, depth)
        if cursor.goto_first_child():
            depth += 1
            continue
        while not cursor.goto_next_sibling():
            if depth == 0 or not cursor.goto_parent():
                return deepest
            depth -= 1
            if depth == 0:
                return deepest


def _on_a_deep_stack(work: Callable[[], T]) -> T:
    """`work()` on a thread with a large stack and a raised recursion limit (a thread's own
    stack is the only one whose size a program can choose), its exceptions raised here."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as error:  # noqa: BLE001 -- re-raised on the calling thread
            outcome.append((False, error))

    limit = sys.getrecursionlimit()
    try:
        previous = threading.stack_size(STACK_BYTES)
    except (ValueError, RuntimeError):  # a platform that cannot: the calling thread's stack
        return work()
    try:
        sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
        # A daemon, so that Ctrl-C on the waiting thread ends the process.
        thread = threading.Thread(target=run, name="pbpit-lint", daemon=True)
        thread.start()
    finally:
        threading.stack_size(previous)
    try:
        thread.join()
    finally:
        sys.setrecursionlimit(limit)
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value
