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


def _splice(source: RustFile, directory: str, mod_rs: bool, crate: ModFiles, first: int) -> bytes:
    """`source`'s text with its `mod name;` blanked and the module files after it; `first` is
    the line of the spliced text where `source` starts."""
    data = bytearray(source.data)
    tail = bytearray()
    if data and not data.endswith(b"\n"):
        data += b"\n"
    line = first + data.count(b"\n")
    crate.spans.append(Span(first, data.count(b"\n"), source.path))
    for node in _declarations(source):
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
        base = directory if mod_rs or explicit else os.path.join(directory, _stem(source.path))
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
            continue
        try:
            module = read_rust(found_path)
        except RustReadError as err:
            crate.missing.append(_missing(source, node, name, candidates, explicit, str(err)))
            continue
        inner_dir = os.path.dirname(found_path)
        inner_mod_rs = os.path.basename(found_path) == "mod.rs"
        body = _splice(module, inner_dir, inner_mod_rs, crate, line + 1)
        tail += header + body + b"}\n"
        line += 1 + body.count(b"\n") + 1
    return bytes(data + tail)


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
