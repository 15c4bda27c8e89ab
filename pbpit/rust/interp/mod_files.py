"""`mod name;` files of a crate: each module file read where rustc looks for it (Rust 2018
paths) and spliced into the crate root as an inline `mod name { .. }`, so that lowering sees
one tree and `inline_mods` resolves `use crate::model::Model;`, `super::` and `pub` as for
inline modules.

The root file's text keeps its lines and columns (a `mod name;` is blanked where it stands);
the module files follow its last line, each between a line `mod name {` and a line `}`, their
own lines and columns unchanged. `ModFiles.locate` turns a line of that text back into the
file and line it came from, for refusals and panic locations.

Where rustc looks: for `mod model;` in a crate root or a `mod.rs` in directory `D`,
`D/model.rs` or `D/model/mod.rs`; in any other file `D/file.rs`, `D/file/model.rs` or
`D/file/model/mod.rs`; `#[path = "p"]` names the file, relative to `D`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Unsupported
from pbpit.rust.syntax import RustFile, RustReadError, parse_bytes, read_rust

_PATH_ATTRIBUTE = re.compile(rb'#\s*\[\s*path\s*=\s*"([^"]*)"\s*\]')
_WHERE = re.compile(r"^(?P<path>.*):(?P<line>\d+):(?P<column>\d+)")


@dataclass
class Span:
    """Lines `first`..`first + count - 1` of the spliced text are `path`'s from line `start`."""

    first: int
    count: int
    path: str
    start: int = 1


@dataclass
class ModFiles:
    """The crate root with its module files spliced in, and where each line came from."""

    source: RustFile
    spans: list[Span] = field(default_factory=list)
    missing: list[Unsupported] = field(default_factory=list)
    """rustc's E0583 for each `mod name;` whose file is not there."""
    blocks: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Each module file spliced in after its parent's last line: its first and last line in
    the spliced text, and the line and column there of the `mod name;` that declares it."""

    def order(self, path: str, line: int, column: int) -> tuple[int, ...]:
        """Where rustc reports an error at `path:line:column` (a line of the spliced text, or
        of a module file): a module's errors where the module is declared, in its parent."""
        if path != self.source.path:
            line = self.spliced(path, line)
        inner = max(
            (block for block in self.blocks if block[0] <= line <= block[1]),
            key=lambda block: block[0],
            default=None,
        )
        if inner is None:
            return (line, column)
        return (*self.order(self.source.path, inner[2], inner[3]), line, column)

    def spliced(self, path: str, line: int) -> int:
        """The line of the spliced text that line `line` of the file `path` is."""
        for span in self.spans:
            if span.path == path and span.start <= line < span.start + span.count:
                return span.first + line - span.start
        return line

    def locate(self, line: int) -> tuple[str, int]:
        """The file and line a line of the spliced text came from."""
        for span in reversed(self.spans):
            if span.first <= line < span.first + span.count:
                return span.path, span.start + line - span.first
        return self.source.path, line

    def where(self, where: str) -> str:
        """`file:line:col` of the spliced text as the user's file and line."""
        found = _WHERE.match(where)
        if found is None or found.group("path") != self.source.path or not self.spans:
            return where
        path, line = self.locate(int(found.group("line")))
        return f"{path}:{line}:{found.group('column')}{where[found.end() :]}"

    def place(self, err: Unsupported) -> None:
        """Put `err` at the user's file and line."""
        where = self.where(err.where)
        if where == err.where:
            return
        err.where = where
        err.args = (f"unsupported Rust at {where}: {err.what}",)
        if err.end is not None:
            err.end = (self.locate(err.end[0])[1], err.end[1])


def read_crate(path: str) -> ModFiles:
    """The file at `path` as a crate root, its `mod name;` files read and spliced in;
    `RustReadError` if the root cannot be read (a module file that cannot be is E0583)."""
    root = read_rust(path)
    if not any(_declarations(root)):
        return ModFiles(root)
    spliced = ModFiles(root)
    text = _splice(root, os.path.dirname(path), True, spliced, 1)
    spliced.source = parse_bytes(text, path)
    return spliced


def _declarations(source: RustFile) -> list[Any]:
    """The file's own `mod name;` items (not those inside an inline module)."""
    return [
        node
        for node in source.root.named_children
        if node.type == "mod_item" and node.child_by_field_name("body") is None
    ]


def _nested(source: RustFile) -> list[tuple[Any, list[str]]]:
    """The `mod name;` items inside the file's inline modules, in source order, each with the
    names of the inline modules it is in, outermost first (`mod a { mod x; }`: `x`, ["a"])."""
    found: list[tuple[Any, list[str]]] = []

    def visit(node: Any, names: list[str]) -> None:
        for child in node.named_children:
            if child.type != "mod_item":
                continue
            body = child.child_by_field_name("body")
            if body is None:
                if names:
                    found.append((child, names))
                continue
            visit(body, [*names, source.node_text(child.child_by_field_name("name"))])

    visit(source.root, [])
    return found


def _splice(source: RustFile, directory: str, mod_rs: bool, crate: ModFiles, first: int) -> bytes:
    """`source`'s text with its `mod name;` blanked and the module files spliced in; `first` is
    the line of the spliced text where `source` starts. The files of the file's own `mod name;`
    follow its last line, so its lines stay where they are; that of a `mod name;` inside an
    inline module goes inside it, just after the declaration (the rest of that line on a line
    of its own, at its column), and the file's lines after it move down."""
    data = bytearray(source.data)
    if data and not data.endswith(b"\n"):
        data += b"\n"
    # Where the files of the modules it declares are: `D/` for a crate root or a `mod.rs`,
    # else `D/file/` (Rust 2018); an inline `mod a { .. }` adds `a/`.
    base = directory if mod_rs else os.path.join(directory, _stem(source.path))
    top = [(node, directory, base) for node in _declarations(source)]
    nested = [(node, os.path.join(base, *names)) for node, names in _nested(source)]
    # Blank every declaration first: the byte offsets of the others stay valid.
    modules: dict[int, tuple[bytes, RustFile] | None] = {}
    for node, relative_to, inner_base in top + [(n, b, b) for n, b in nested]:
        modules[node.start_byte] = _module(source, node, relative_to, inner_base, data, crate)
    out = bytearray()
    spans_before = len(crate.spans)
    cursor, line, file_line = 0, first, 1
    for node, _ in nested:
        module = modules[node.start_byte]
        if module is None:
            continue
        header, module_file = module
        at = node.end_byte
        out += data[cursor:at]
        count = data.count(b"\n", cursor, at) + 1  # the line of the declaration ends here
        crate.spans.append(Span(line, count, source.path, file_line))
        line += count
        file_line += count - 1
        body = _module_body(module_file, crate, line + 1)
        column = len(data[data.rfind(b"\n", 0, at) + 1 : at].decode("utf-8", "replace"))
        out += b"\n" + header + body + b"}\n" + b" " * column
        line += 1 + body.count(b"\n") + 1
        cursor = at
    out += data[cursor:]
    count = data.count(b"\n", cursor)
    crate.spans.append(Span(line, count, source.path, file_line))
    line += count
    own = crate.spans[spans_before:]
    for node, _, _ in top:
        module = modules[node.start_byte]
        if module is None:
            continue
        header, module_file = module
        body = _module_body(module_file, crate, line + 1)
        out += header + body + b"}\n"
        end = line + 1 + body.count(b"\n")
        declared, column = source.start(node)
        declared = next(
            span.first + declared - span.start
            for span in own
            if span.start <= declared < span.start + span.count
        )
        crate.blocks.append((line, end, declared, column))
        line = end + 1
    return bytes(out)


def _module(
    source: RustFile, node: Any, directory: str, base: str, data: bytearray, crate: ModFiles
) -> tuple[bytes, RustFile] | None:
    """For `mod name;`: blank it (and its `#[path]`) in `data`, and give the header of its
    inline module (`pub mod name {`) and its file, read; or note rustc's E0583 and give None
    (`#[path]` is relative to `directory`, `name.rs` looked for in `base`)."""
    name = source.node_text(node.child_by_field_name("name"))
    start = node.start_byte
    attribute = node.prev_named_sibling
    explicit = None
    if attribute is not None and attribute.type == "attribute_item":
        text = source.data[attribute.start_byte : attribute.end_byte]
        found = _PATH_ATTRIBUTE.fullmatch(text)
        if found is not None:
            explicit = found.group(1).decode()
            start = attribute.start_byte
    candidates = (
        [os.path.join(directory, explicit)]
        if explicit
        else [os.path.join(base, f"{name}.rs"), os.path.join(base, name, "mod.rs")]
    )
    found_path = next((p for p in candidates if os.path.isfile(p)), None)
    header = source.data[node.start_byte : node.end_byte].rstrip(b";").rstrip() + b" {\n"
    data[start : node.end_byte] = re.sub(rb"[^\n]", b" ", data[start : node.end_byte])
    if found_path is None:
        crate.missing.append(_missing(source, node, name, candidates, explicit))
        return None
    try:
        return header, read_rust(found_path)
    except RustReadError as err:
        crate.missing.append(_missing(source, node, name, candidates, explicit, str(err)))
        return None


def _module_body(module: RustFile, crate: ModFiles, first: int) -> bytes:
    """The text of a module file, its own `mod name;` spliced in, from line `first` of the
    spliced text on."""
    inner_dir = os.path.dirname(module.path)
    return _splice(module, inner_dir, os.path.basename(module.path) == "mod.rs", crate, first)


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def _missing(
    source: RustFile,
    node: Any,
    name: str,
    candidates: list[str],
    explicit: str | None,
    reason: str = "",
) -> Unsupported:
    """rustc's E0583 for `mod name;` with no file (its help names the files it looked for)."""
    line, column = source.start(node)
    err = Unsupported(
        f"{source.path}:{line}:{column}",
        rejects(f"file not found for module `{name}`", "E0583"),
        source.end(node),
    )
    if explicit is None:
        shown = " or ".join(f'"{p}"' for p in candidates)
        err.help = f"to create the module `{name}`, create file {shown}"
        err.note = (
            f"if there is a `mod {name}` elsewhere in the crate already, import it with "
            "`use crate::...` instead"
        )
    elif reason:
        err.help = reason
    return err
