"""The crate a real panic is explained in, and the backtrace's frames in it: the crate found from
`--source` or the working directory (`find_crate`: its packages, path dependencies, workspace),
which frames are the user's (`is_users`), and the file a frame's path names in the crate
(`resolve`, only a `.rs` source of the crate), innermost first (`user_frames`)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from pbpit.diagnose.output import Frame, Panic
from pbpit.diagnostics.cargo import (
    MANIFEST,
    ManifestError,
    crate_sources,
    find_manifest,
    read_manifest,
)
from pbpit.errors import UsageError

# Where the standard library's, rustup's and cargo's downloaded crates' sources are: never the
# user's code.
_NOT_USERS = ("/rustc/", "/.cargo/registry/", "/.cargo/git/", "/.rustup/", "/library/std/src/")
# The crates of a backtrace's frames that are Rust's own, and Burn's (vendored or from git, its
# frames are still not where the user wrote the backward).
_RUST_CRATES = frozenset(
    {"std", "core", "alloc", "test", "proc_macro", "panic_unwind", "panic_abort", "backtrace"}
)


@dataclass
class Crate:
    """The crate a panic is explained in: its root, the directories a backtrace's relative paths
    are resolved against (the package, then its workspace), and what is linted."""

    root: Path
    bases: list[Path]
    sources: list[Path]
    packages: frozenset[str] = frozenset()
    """The crate names of its packages (a package's name, `-` read as `_`, as rustc names it)."""
    roots: list[Path] = field(default_factory=list)
    """The directories, symbolic links and `..` resolved, whose `.rs` files are the user's
    code: the crate's packages and the path dependencies their manifests declare. A frame's
    file anywhere else is never opened."""
    resolved: dict[str, Path | None] = field(default_factory=dict, repr=False)
    """The file each backtrace path named resolved to (`resolve`), each path looked up once."""


@dataclass
class UserFrame:
    """A frame of the backtrace in the user's code: the frame, and its file in the crate."""

    frame: Frame
    file: Path


# -- the crate ----------------------------------------------------------------------------------


def find_crate(source: str | None, cwd: Path | None = None) -> Crate | None:
    """The crate at `source` (`--source DIR`) or, by default, the one the working directory is
    in (its nearest Cargo.toml, as cargo finds it); None when there is none. A `source` that is
    not a directory, or in no crate (`--source /`), or a Cargo.toml that cannot be read, is a
    UsageError: the crate is what is read, never a directory's every file."""
    here = Path.cwd() if cwd is None else cwd
    if source is not None:
        start = Path(source)
        if not start.is_dir():
            raise UsageError(f"--source {source}: not a directory (give the crate's directory)")
        manifest = find_manifest(start.resolve())
        if manifest is None:
            raise UsageError(
                f"--source {source}: no {MANIFEST} in it or above it, so no crate to read "
                "(give the directory of the crate's Cargo.toml)"
            )
    else:
        manifest = find_manifest(here.resolve())
        if manifest is None:
            return None
    root = manifest.parent
    bases = [root]
    workspace = _workspace_of(root)
    try:
        directories, packages = crate_sources(workspace or manifest)
        names = frozenset(_crate_name(package) for package in packages)
        roots = _roots([root, *packages])
    except ManifestError as err:
        raise UsageError(str(err)) from err
    if workspace is not None:
        bases.append(workspace.parent)
    if here.resolve() not in bases:
        bases.append(here.resolve())
    return Crate(root, bases, directories or [root], names - {""}, roots)


# The tables of a manifest whose entries may name a path dependency (and each under
# `[target.'cfg(..)']`), and the workspace's shared ones.
_DEPENDENCIES = ("dependencies", "dev-dependencies", "build-dependencies")


def _roots(packages: list[Path]) -> list[Path]:
    """The packages' directories and their path dependencies' (declared in their manifests:
    `name = { path = "../lib" }`), resolved, each once."""
    roots: list[Path] = []
    for package in packages:
        for directory in (package, *_path_dependencies(package)):
            try:
                resolved = directory.resolve(strict=True)
            except (OSError, RuntimeError):
                continue
            if resolved.is_dir() and resolved not in roots:
                roots.append(resolved)
    return roots


def _path_dependencies(package: Path) -> list[Path]:
    data = read_manifest(package / MANIFEST)
    tables = [data, data.get("workspace")]
    targets = data.get("target")
    if isinstance(targets, dict):
        tables += list(targets.values())
    found = []
    for table in tables:
        if not isinstance(table, dict):
            continue
        for key in _DEPENDENCIES:
            entries = table.get(key)
            if not isinstance(entries, dict):
                continue
            for entry in entries.values():
                path = entry.get("path") if isinstance(entry, dict) else None
                if isinstance(path, str) and "\0" not in path:
                    found.append(package / path)
    return found


def _crate_name(package: Path) -> str:
    """The crate name rustc gives `package`'s code (its `[package] name`, `-` as `_`)."""
    name = read_manifest(package / MANIFEST).get("package", {}).get("name", "")
    return name.replace("-", "_") if isinstance(name, str) else ""


def _workspace_of(root: Path) -> Path | None:
    """The manifest of the workspace `root`'s package belongs to (itself when it is one)."""
    for directory in (root, *root.parents):
        manifest = directory / MANIFEST
        if manifest.is_file():
            try:
                if "workspace" in read_manifest(manifest):
                    return manifest
            except ManifestError:
                return None
    return None


# -- the frames ---------------------------------------------------------------------------------


def frame_crate(function: str) -> str:
    """The crate a frame's function belongs to: `trainer` for `trainer::train::fit` and for
    `<trainer::Model as burn::module::Module>::forward`."""
    name = function.lstrip("<&* ")
    return name.split("::", 1)[0].split(" ", 1)[0]


def is_users(frame: Frame, packages: frozenset[str] = frozenset()) -> bool:
    """A frame that can be the user's code: not the standard library's, not Burn's, not a
    crate cargo downloaded. A crate of the user's own `packages` (`burn_playground`, of the
    package `burn-playground`) is the user's whatever its name."""
    if frame.path is not None and any(part in frame.path for part in _NOT_USERS):
        return False
    crate = frame_crate(frame.function)
    if crate in packages:
        return True
    if crate in _RUST_CRATES or crate.startswith(("__rust", "rust_", "_")):
        return False
    return not (crate == "burn" or crate.startswith("burn_"))


MAX_PARTS = 12
"""The trailing components of a backtrace's path tried against the crate (a source file deeper
than that in a crate is not looked for): a log's path of thousands of `a/` costs as much as a
short one."""


def resolve(path: str, crate: Crate) -> Path | None:
    """The file a backtrace's path names, in the crate: as is when it exists, else relative to
    the package, then its workspace, dropping the leading directories a build elsewhere (CI, a
    container) had above the crate. Only a `.rs` source of the crate (`in_crate`) is ever
    found: a log's `at /etc/passwd:3:5` or `../secret.rs` names no file of the user's."""
    if path not in crate.resolved:
        crate.resolved[path] = _resolve(path, crate)
    return crate.resolved[path]


def _resolve(path: str, crate: Crate) -> Path | None:
    if "\0" in path or not path.endswith(".rs"):
        return None
    given = Path(path)
    if given.is_absolute() and in_crate(given, crate):
        return given
    parts = [part for part in given.parts if part not in ("/", ".")][-MAX_PARTS:]
    for start in range(max(len(parts) - 1, 1)):
        rest = parts[start:]
        for base in crate.bases:
            candidate = base.joinpath(*rest)
            # One stat first: most candidates do not exist.
            if os.path.isfile(candidate) and in_crate(candidate, crate):
                return candidate
    return None


def in_crate(file: Path, crate: Crate) -> bool:
    """Whether `file` is a `.rs` source of the crate: a regular file ending in `.rs`, inside
    one of the crate's roots once `..` and symbolic links are resolved."""
    try:
        real = file.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        return False
    if real.suffix != ".rs" or not any(real.is_relative_to(root) for root in crate.roots):
        return False
    try:
        return stat.S_ISREG(real.stat().st_mode)
    except (OSError, ValueError):
        return False


MAX_LOOKED_UP = 64
"""Frames of one panic whose path is looked for in the crate, innermost first (a real
backtrace has far fewer that can be the user's; a crafted one no more costs than that)."""


def user_frames(panic: Panic, crate: Crate) -> list[UserFrame]:
    """The panic's frames in the user's crate, innermost first."""
    found = []
    looked_up = 0
    for frame in panic.frames:
        if frame.path is None or frame.line is None or not is_users(frame, crate.packages):
            continue
        if looked_up == MAX_LOOKED_UP:
            break
        looked_up += 1
        file = resolve(frame.path, crate)
        if file is not None:
            found.append(UserFrame(frame, file))
    return found
