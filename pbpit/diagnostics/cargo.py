"""Cargo's view of a linted tree: the crate a directory belongs to, what `cargo pbpit lint` reads
in it, and each finding as the `compiler-message` line of `cargo check --message-format json`,
so that rust-analyzer (`check.overrideCommand`) shows it in the editor.

A message is the object rustc 1.95 prints under `--error-format=json`, field for field (checked
against rustc's own output): spans with 1-based lines and character columns, byte offsets into
the file as it is on disk (a `\\r\\n` counts two bytes), the quoted lines without their line
ending; a help's edits are its spans, each with its `suggested_replacement`.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rich.console import Console

from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label

MANIFEST = "Cargo.toml"
# The directories of a package that hold its targets' sources, as cargo finds them itself.
TARGET_DIRS = ("src", "examples", "tests", "benches")
# rustc's names for how sure a suggestion is (`rustc_lint_defs::Applicability`).
APPLICABILITY = {
    "machineapplicable": "MachineApplicable",
    "maybeincorrect": "MaybeIncorrect",
    "hasplaceholders": "HasPlaceholders",
    "unspecified": "Unspecified",
}


class ManifestError(Exception):
    """A Cargo.toml that cannot be read or is not TOML; its text is one line for the user."""


# -- the crate ----------------------------------------------------------------------------------


def find_manifest(start: Path) -> Path | None:
    """The nearest Cargo.toml at `start` or above it, as cargo looks for one."""
    for directory in (start, *start.parents):
        candidate = directory / MANIFEST
        if candidate.is_file():
            return candidate
    return None


def crate_sources(manifest: Path) -> tuple[list[Path], list[Path]]:
    """What `cargo pbpit lint` reads for `manifest`: the directories of its targets (src/,
    examples/, tests/, benches/ that exist), and the packages they belong to. A virtual
    workspace (no `[package]`) stands for its `default-members`, else all its `members`."""
    data = read_manifest(manifest)
    root = manifest.parent
    packages = [root] if "package" in data else _members(root, data.get("workspace", {}))
    directories = [p / name for p in packages for name in TARGET_DIRS if (p / name).is_dir()]
    return directories, packages


def _members(root: Path, workspace: dict) -> list[Path]:
    """The workspace's member packages; one that has no Cargo.toml is a ManifestError, as cargo
    makes it (`failed to load manifest for workspace member`)."""
    patterns = workspace.get("default-members") or workspace.get("members") or []
    excluded = {(root / path).resolve() for path in workspace.get("exclude", [])}
    found: list[Path] = []
    for pattern in patterns:
        globbed = any(c in pattern for c in "*?[")
        try:
            matches = sorted(root.glob(pattern)) if globbed else [root / pattern]
        except (ValueError, OSError) as err:  # `members = ["/abs/*"]`, `[""]`
            raise ManifestError(
                f"{root / MANIFEST}: workspace member `{pattern}` is not a path cargo accepts: "
                f"{err}"
            ) from err
        for member in matches:
            if member.resolve() in excluded or (globbed and not member.is_dir()):
                continue
            if not (member / MANIFEST).is_file():
                via = f" via `{pattern}`" if globbed else ""
                raise ManifestError(
                    f"failed to load manifest for workspace member `{member}` (referenced{via} "
                    f"by workspace at `{root / MANIFEST}`): no {MANIFEST} there"
                )
            if member not in found:
                found.append(member)
    return found


def read_manifest(manifest: Path) -> dict:
    """The TOML of `manifest`, or a ManifestError saying why not."""
    return _read_manifest(str(manifest.resolve()))


@lru_cache(maxsize=256)
def _read_manifest(path: str) -> dict:
    try:
        with open(path, "rb") as stream:
            data = tomllib.load(stream)
    except OSError as err:
        raise ManifestError(f"cannot read {path}: {err.strerror or err}") from err
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ManifestError(f"{path} is not valid TOML: {err}") from err
    wrong = _wrong_type(data, _SHAPE, "")
    if wrong is not None:
        raise ManifestError(f"{path}: {wrong} (cargo refuses it too: fix the manifest)")
    return data


# The keys of a manifest pbpit reads, and the TOML type cargo requires of each: a type (str,
# list of str, ...), or a dict of the keys of a table. `_ANY` names every key of a table;
# `_EITHER` gives the types a value may have.
_ANY = "*"


@dataclass(frozen=True)
class _Either:
    """A value of one of `shapes`; `expected`: cargo's words for them."""

    shapes: tuple
    expected: str


_INHERITABLE = _Either((str, {"workspace": bool}), "a string or workspace")
_DEPENDENCY = _Either(
    (str, {"path": str}), 'a version string like "0.9.8" or a detailed dependency'
)
_DEPENDENCIES = {_ANY: _DEPENDENCY}
_TABLES = {
    "dependencies": _DEPENDENCIES,
    "dev-dependencies": _DEPENDENCIES,
    "build-dependencies": _DEPENDENCIES,
}
_SHAPE: dict = {
    "package": {"name": str, "version": _INHERITABLE, "edition": _INHERITABLE},
    "workspace": {
        "members": [str],
        "default-members": [str],
        "exclude": [str],
        "package": {"version": str, "edition": str},
        "dependencies": _DEPENDENCIES,
    },
    **_TABLES,
    "target": {_ANY: _TABLES},
}
_EXPECTED = {str: "a string", bool: "a boolean", list: "a sequence", dict: "a map"}


def _wrong_type(value: object, shape: object, key: str) -> str | None:
    """Where `value` (at `key`) is not of `shape`, in cargo's words, else None."""
    if isinstance(shape, _Either):
        for one in shape.shapes:
            if isinstance(one, dict | list) and isinstance(value, type(one)):
                return _wrong_type(value, one, key)  # a table: what inside it is wrong
            if _wrong_type(value, one, key) is None:
                return None
        return _invalid(value, key, shape.expected)
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return _invalid(value, key, "a map")
        for name, inner in value.items():
            wanted = shape.get(name, shape.get(_ANY))
            if wanted is not None:
                wrong = _wrong_type(inner, wanted, f"{key}.{name}" if key else name)
                if wrong is not None:
                    return wrong
        return None
    if isinstance(shape, list):
        if not isinstance(value, list):
            return _invalid(value, key, "a sequence")
        for index, inner in enumerate(value):
            wrong = _wrong_type(inner, shape[0], f"{key}[{index}]")
            if wrong is not None:
                return wrong
        return None
    assert isinstance(shape, type)
    if isinstance(value, shape) and not (shape is not bool and isinstance(value, bool)):
        return None
    return _invalid(value, key, _EXPECTED[shape])


def _invalid(value: object, key: str, expected: str) -> str:
    """serde's words, as cargo prints them: `invalid type: integer `3`, expected a string`."""
    if isinstance(value, bool):
        found = f"boolean `{str(value).lower()}`"
    elif isinstance(value, int):
        found = f"integer `{value}`"
    elif isinstance(value, float):
        found = f"floating point `{value}`"
    elif isinstance(value, str):
        found = f"string {json.dumps(value)}"
    elif isinstance(value, list):
        found = "sequence"
    elif isinstance(value, dict):
        found = "map"
    else:
        found = "datetime"
    return f"`{key}`: invalid type: {found}, expected {expected}"


@dataclass(frozen=True)
class Package:
    """A cargo package, as its messages name it."""

    root: Path
    name: str
    version: str
    edition: str

    @property
    def manifest_path(self) -> str:
        return str(self.root / MANIFEST)

    @property
    def package_id(self) -> str:
        """Cargo's package id spec for a path package: `path+file:///dir#version`, with the
        name before the version when it is not the directory's."""
        tail = self.version if self.name == self.root.name else f"{self.name}@{self.version}"
        return f"path+{self.root.as_uri()}#{tail}"


def package_of(file: Path) -> Package | None:
    """The package whose manifest is nearest above `file` (a workspace-only manifest skipped),
    or None outside any."""
    return _package_of(str(file.absolute().parent))


@lru_cache(maxsize=1024)
def _package_of(directory: str) -> Package | None:
    for root in (Path(directory), *Path(directory).parents):
        if not (root / MANIFEST).is_file():
            continue
        try:
            data = read_manifest(root / MANIFEST)
        except ManifestError:
            return None
        package = data.get("package")
        if isinstance(package, dict):
            return Package(
                root,
                str(package.get("name", root.name)),
                _inherited(root, package, "version", "0.0.0"),
                _inherited(root, package, "edition", "2015"),
            )
    return None


def _inherited(root: Path, package: dict, key: str, default: str) -> str:
    """`package.KEY`, or the workspace's when it says `KEY.workspace = true`."""
    value = package.get(key, default)
    if isinstance(value, str):
        return value
    workspace = find_manifest(root.parent)
    while workspace is not None:
        try:
            shared = read_manifest(workspace).get("workspace", {}).get("package", {})
        except ManifestError:
            return default
        if key in shared:
            return str(shared[key])
        workspace = find_manifest(workspace.parent.parent)
    return default


def target_of(package: Package | None, file: Path) -> dict:
    """The cargo target `file` is compiled in, as cargo's messages describe it, found the way
    cargo discovers targets (src/lib.rs, src/main.rs, src/bin/, examples/, tests/, benches/)."""
    path = file.absolute()
    if package is None:
        # Not in any package: the file is its own binary, as `rustc FILE` would build it.
        return _target(["bin"], ["bin"], path.stem, path, "2015", doc=True, doctest=False)
    root = package.root
    relative = path.relative_to(root).parts if path.is_relative_to(root) else ()
    top = relative[0] if relative else ""
    kinds = {"examples": "example", "tests": "test", "benches": "bench"}
    if top in kinds and len(relative) > 1:
        name = Path(relative[1]).stem
        source = root / top / (relative[1] if len(relative) == 2 else f"{relative[1]}/main.rs")
        kind = kinds[top]
        return _target(
            [kind],
            ["bin"],
            name,
            source,
            package.edition,
            doc=False,
            doctest=False,
            test=kind != "example",
        )
    if relative[:2] == ("src", "bin") and len(relative) > 2:
        name = Path(relative[2]).stem
        source = root / "src" / "bin" / (relative[2] if len(relative) == 3 else f"{name}/main.rs")
        return _target(["bin"], ["bin"], name, source, package.edition, doc=True, doctest=False)
    lib, main = root / "src" / "lib.rs", root / "src" / "main.rs"
    if lib.is_file() and path != main:
        name = package.name.replace("-", "_")
        return _target(["lib"], ["lib"], name, lib, package.edition, doc=True, doctest=True)
    return _target(["bin"], ["bin"], package.name, main, package.edition, doc=True, doctest=False)


def _target(
    kind: list[str],
    crate_types: list[str],
    name: str,
    source: Path,
    edition: str,
    *,
    doc: bool,
    doctest: bool,
    test: bool = True,
) -> dict:
    return {
        "kind": kind,
        "crate_types": crate_types,
        "name": name,
        "src_path": str(source),
        "edition": edition,
        "doc": doc,
        "doctest": doctest,
        "test": test,
    }


# -- messages -----------------------------------------------------------------------------------


BOM = b"\xef\xbb\xbf"


class SourceText:
    """One file's lines as rustc quotes them, and where each starts in the file's bytes."""

    def __init__(self, data: bytes) -> None:
        # rustc reads a file without its UTF-8 byte order mark: columns of the first line count
        # from after it, byte offsets from the file's first byte (rustc 1.95, checked).
        offset = len(BOM) if data.startswith(BOM) else 0
        raw = data[offset:].split(b"\n")
        self.starts: list[int] = []
        for line in raw:
            self.starts.append(offset)
            offset += len(line) + 1
        self.size = len(data)
        self.lines = [line.decode("utf-8", "replace").removesuffix("\r") for line in raw]

    def line(self, number: int) -> str:
        return self.lines[number - 1] if 1 <= number <= len(self.lines) else ""

    def byte(self, line: int, column: int) -> int:
        """The file byte at 1-based `line` and character `column` (past the end: the end)."""
        if line > len(self.lines):
            return self.size
        text = self.line(line)
        return min(self.starts[line - 1] + len(text[: column - 1].encode()), self.size)


def compiler_message(
    finding: Diagnostic, source: SourceText, rendered: str, file_name: str | None = None
) -> dict:
    """The `compiler-message` line of cargo's JSON for `finding` (`rendered`: its rustc-style
    text; `file_name`: the path the spans give, the finding's own by default)."""
    path = Path(finding.path)
    package = package_of(path)
    return {
        "reason": "compiler-message",
        "package_id": package.package_id if package else f"path+{path.absolute().parent.as_uri()}",
        "manifest_path": package.manifest_path if package else None,
        "target": target_of(package, path),
        "message": diagnostic_message(finding, source, rendered, file_name or finding.path),
    }


def diagnostic_message(finding: Diagnostic, source: SourceText, rendered: str, file_name: str):
    """rustc's JSON diagnostic for `finding`: its labels as spans, its notes and helps as
    children (in the order the text gives them), each edit a span with its replacement."""
    spans = [_span(file_name, source, label=label) for label in finding.labels]
    children = [_child("note", note, []) for note in finding.notes]
    helps = [h for h in finding.helps if not h.edits] + [h for h in finding.helps if h.edits]
    for help_ in helps:
        edits = [
            _span(file_name, source, edit=e, applicability=applicability(help_))
            for e in help_.edits
        ]
        children.append(_child("help", help_.message, edits))
        if help_.note:
            children.append(_child("note", help_.note, []))
    return {
        "$message_type": "diagnostic",
        "message": finding.message,
        "code": {"code": finding.rule_id, "explanation": None} if finding.rule else None,
        "level": finding.level,
        "spans": spans,
        "children": children,
        "rendered": rendered,
    }


def applicability(help_: Help) -> str:
    """rustc's name for how sure the fix is (machine-applicable unless the help says)."""
    value = getattr(help_, "applicability", None) or "machine-applicable"
    word = str(getattr(value, "value", value))
    return APPLICABILITY.get(word.replace("-", "").replace("_", "").lower(), "Unspecified")


def _child(level: str, message: str, spans: list[dict]) -> dict:
    return {
        "message": message,
        "code": None,
        "level": level,
        "spans": spans,
        "children": [],
        "rendered": None,
    }


def _span(
    file_name: str,
    source: SourceText,
    label: Label | None = None,
    edit: Edit | None = None,
    applicability: str | None = None,
) -> dict:
    at = label or edit
    assert at is not None
    text = []
    for number in range(at.line, at.end_line + 1):
        line = source.line(number)
        start = at.column if number == at.line else 1
        end = at.end_column if number == at.end_line else len(line) + 1
        text.append({"text": line, "highlight_start": start, "highlight_end": end})
    return {
        "file_name": file_name,
        "byte_start": source.byte(at.line, at.column),
        "byte_end": source.byte(at.end_line, at.end_column),
        "line_start": at.line,
        "line_end": at.end_line,
        "column_start": at.column,
        "column_end": at.end_column,
        "is_primary": label.primary if label is not None else True,
        "text": text,
        "label": label.text if label is not None and label.text else None,
        "suggested_replacement": edit.replacement if edit is not None else None,
        "suggestion_applicability": applicability if edit is not None else None,
        "expansion": None,
    }


def build_finished(success: bool) -> dict:
    """Cargo's last line: `success` is false exactly when the exit status is not 0."""
    return {"reason": "build-finished", "success": success}


def render_ansi(text) -> str:
    """A rich Text as the ANSI-coloured string `json-diagnostic-rendered-ansi` puts in
    `rendered`, as cargo does for a terminal."""
    console = Console(
        force_terminal=True,
        color_system="standard",
        width=10_000,
        soft_wrap=True,
        record=True,
        file=_Discard(),
    )
    console.print(text, end="", highlight=False, markup=False)
    return console.export_text(styles=True)


class _Discard:
    def write(self, _: str) -> int:
        return 0

    def flush(self) -> None:
        pass
