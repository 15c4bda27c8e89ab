"""The programs cargo builds from a crate, for lint: which files each target of a package is
made of, so that each is analysed as the program it is.

A package is the directory of the `Cargo.toml` nearest above a file that has a `[package]` (a
workspace's members are packages of their own; a file whose nearest manifest is a virtual
workspace's, or that has none, belongs to no package). Its targets are found as cargo finds
them: the library (`[lib] path`, else `src/lib.rs`), the binaries (`src/main.rs`,
`src/bin/*.rs`, `src/bin/*/main.rs`), `examples/`, `tests/` and `benches/` (`*.rs`,
`*/main.rs`), the `[[bin]]`, `[[example]]`, `[[test]]` and `[[bench]]` tables' `path`s, and the
build script (`build.rs`, `package.build`). Each target is its root file and the files of the
`mod name;` it declares, found where rustc looks for them (`D/name.rs`, `D/name/mod.rs`, `D`
the root's or a `mod.rs`'s directory, else `D/stem/`; `#[path = ".."]` names the file), and of
theirs: only those files are opened, and only of the targets a run needs. The library's name
(`[lib] name`, else the package's with `-` read as `_`) is how the other targets name it
(`my_crate::train(..)`). A dependency given by `path` (`other = { path = "../other" }`,
`[dependencies.other]` with a `path`) is another package whose library its targets see, as
cargo makes it visible to them (`[dependencies]` to every target but the build script,
`[dev-dependencies]` to the examples, tests and benches, `[build-dependencies]` to the build
script), by its library's name (or, renamed with `package = ".."`, by its key).

A dependency inherited from the workspace (`other = { workspace = true }`, `other.workspace =
true`, `[dependencies.other]` with `workspace = true`) is what the workspace root's
`[workspace.dependencies]` says of `other`, its `path` read from the root's directory, as cargo
resolves it: the root is the manifest with a `[workspace]` named by `package.workspace` (a
directory above the package), else the nearest one at or above the package's directory, no
higher than the repository's (the first directory above holding `.git`). Only manifests are read
to find it, each once a run; the library of such a dependency is read as any `path` one's, when
files of it are among those linted.

The manifest is read as a text file, for the few keys that name targets and path
dependencies (not parsed whole: the rest of the dependencies, features, versions are no business
of lint's), nothing else of the package: no `cargo metadata`, no network.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pbpit.rust.syntax import Node, RustFile

MANIFEST = "Cargo.toml"
# The directories of a package whose files are each a target of a kind (and its `*/main.rs`).
_TARGET_DIRS = (("examples", "example"), ("tests", "test"), ("benches", "bench"))
# The manifest's tables of targets that may name a root file (`path = ".."`).
_TABLES = (("bin", "bin"), ("example", "example"), ("test", "test"), ("bench", "bench"))
_PATH_ATTRIBUTE = re.compile(rb'#\s*\[\s*path\s*=\s*"([^"]*)"\s*\]')
_MOD = re.compile(rb"mod\s")
_MOD_RS = os.sep + "mod.rs"
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(?:#.*)?$")
_PAIR = re.compile(r"""^\s*([A-Za-z0-9_-]+)\s*=\s*("[^"\\]*"|'[^']*'|true|false)\s*(?:#.*)?$""")
_LISTS = frozenset({"bin", "example", "test", "bench"})
# The manifest's tables of dependencies, and the targets each is visible to.
_DEPENDENCIES = {"dependencies": "", "dev-dependencies": "dev", "build-dependencies": "build"}
_INLINE = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=\s*\{(.*)\}\s*(?:#.*)?$")
_INLINE_KEY = re.compile(
    r"""(?:^|,)\s*(?:(path|package)\s*=\s*("[^"\\]*"|'[^']*')|(workspace)\s*=\s*(true))"""
)
_DOTTED = re.compile(
    r"""^\s*([A-Za-z0-9_-]+)\s*\.\s*(?:(path|package)\s*=\s*("[^"\\]*"|'[^']*')"""
    r"""|(workspace)\s*=\s*(true))\s*(?:#.*)?$"""
)
"""A dependency's key given dotted (`burn.workspace = true`, `core.path = "../core"`)."""
WORKSPACE = "workspace-dependencies"
"""The key of `_read_keys`'s table under which `[workspace.dependencies]` entries are kept."""


@dataclass
class Target:
    """One target of a package: its kind (`lib`, `bin`, `example`, `test`, `bench`,
    `build-script`), its name, its root file (an absolute path), and, once `expand` found them,
    its files (the root first)."""

    kind: str
    name: str
    root: str
    package: str = "/"
    """The package's directory: no file outside it is read as a module (`#[path = "/etc/x"]`)."""
    files: list[str] | None = None

    def expand(
        self,
        read: Callable[[str], RustFile | None],
        declared: Declared | None = None,
        visit: Callable[[str], None] | None = None,
    ) -> list[str]:
        """Its files: the root and its modules' (found on the first call, `read` giving each
        file's parsed source; `declared` and `visit` as `module_files` takes them)."""
        if self.files is None:
            self.files = module_files(self.root, read, self.package, declared, visit)
        return self.files


@dataclass
class Dependency:
    """A `path` dependency of a package: the key it is given under, the directory it names
    (absolute), whether it is renamed (`package = ".."`: then named by the key), and the
    targets it is visible to (`""`: all but the build script; `dev`: examples, tests, benches
    too, and only them; `build`: the build script)."""

    key: str
    directory: str
    renamed: bool
    kind: str

    def visible_to(self, target: str) -> bool:
        if self.kind == "build":
            return target == "build-script"
        if self.kind == "dev":
            return target in ("example", "test", "bench")
        return target != "build-script"


@dataclass
class Crate:
    """A package: its directory (absolute), its library's crate name, and its targets, the
    library first when it has one."""

    root: str
    name: str
    targets: list[Target] = field(default_factory=list)
    dependencies: list[Dependency] = field(default_factory=list)
    """Its `path` dependencies (each directory once for each kind)."""

    @property
    def library(self) -> Target | None:
        return self.targets[0] if self.targets and self.targets[0].kind == "lib" else None


class Packages:
    """The package each directory is in (the directory of the nearest `Cargo.toml` above it
    with a `[package]`), each directory looked at once for a whole run."""

    def __init__(self) -> None:
        self._of: dict[str, str | None] = {}
        self.tables: dict[str, dict] = {}
        """The manifest of each package found, by its directory."""
        self._workspaces: dict[str, tuple[str, dict[str, dict]] | None] = {}
        """Each directory looked at for a workspace root: the root and its dependencies."""

    def root_of(self, file: str) -> str | None:
        """The package directory of `file` (an absolute path), None when it is in none."""
        directory = os.path.dirname(file)
        walked = []
        found: str | None = None
        while True:
            if directory in self._of:
                found = self._of[directory]
                break
            walked.append(directory)
            manifest = os.path.join(directory, MANIFEST)
            if os.path.isfile(manifest):
                package, table = _manifest(manifest)
                found = directory if package else None
                if package:
                    self.tables[directory] = table
                break
            parent = os.path.dirname(directory)
            if parent == directory:
                break
            directory = parent
        for seen in walked:
            self._of[seen] = found
        return found

    def workspace(self, root: str, table: dict) -> tuple[str, dict[str, dict]] | None:
        """The workspace root of the package at `root` (its manifest `table`) and its
        `[workspace.dependencies]` by key, None when there is none (see the module's doc)."""
        named = (
            table.get("package", {}).get("workspace")
            if isinstance(table.get("package"), dict)
            else None
        )
        if isinstance(named, str):
            candidates = [os.path.normpath(os.path.join(root, named))]
            if not os.path.join(root, "").startswith(os.path.join(candidates[0], "")):
                return None  # a workspace not above the package is not looked for
        else:
            candidates = []
            directory = root
            while True:
                candidates.append(directory)
                parent = os.path.dirname(directory)
                if parent == directory or os.path.exists(os.path.join(directory, ".git")):
                    break
                directory = parent
        for directory in candidates:
            if directory not in self._workspaces:
                found = table if directory == root else self._table(directory)
                if found is None or "workspace" not in found:
                    self._workspaces[directory] = None
                else:
                    by_key = {e["key"]: e for e in found.get(WORKSPACE, ())}
                    self._workspaces[directory] = (directory, by_key)
            if self._workspaces[directory] is not None:
                return self._workspaces[directory]
        return None

    def _table(self, directory: str) -> dict | None:
        """The manifest in `directory` as `_read_keys` reads it (None: there is none)."""
        if directory in self.tables:
            return self.tables[directory]
        manifest = os.path.join(directory, MANIFEST)
        return _manifest(manifest)[1] if os.path.isfile(manifest) else None


def _manifest(path: str) -> tuple[bool, dict]:
    """Whether the manifest at `path` is a package's (it has a `[package]` table), and the
    keys of it lint reads (`_read_keys`)."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(1 << 20)
    except OSError:
        return False, {}
    table = _read_keys(data.decode("utf-8", "replace"))
    return "package" in table, table


def _read_keys(text: str) -> dict:
    """The tables of a manifest that name targets, read line by line as TOML writes them
    (`[package]`, `[lib]`, `[[bin]]`, `[[example]]`, `[[test]]`, `[[bench]]`) and their keys
    with a string or boolean value on one line (`name = "my-crate"`, `path = 'x.rs'`,
    `build = false`), the dependencies' `path`, `package` and `workspace = true`, whether it
    has a `[workspace]`, and its `[workspace.dependencies]` (under `WORKSPACE`): all lint needs,
    without parsing the rest (versions, features)."""
    table: dict = {}
    current: dict | None = None
    dependencies: str | None = None
    """The kind of the dependency table the lines are in (`_DEPENDENCIES`, `workspace`)."""
    entries: dict[str, dict] = {}
    """The entries of that table by key (a key's dotted lines are one entry)."""

    def entry_of(key: str, kind: str) -> dict:
        if key not in entries:
            entries[key] = {"key": key, "kind": kind}
            table.setdefault(WORKSPACE if kind == "workspace" else "dependencies", []).append(
                entries[key]
            )
        return entries[key]

    for line in text.splitlines():
        header = _HEADER.match(line)
        if header is not None:
            name, listed = header.group(2), header.group(1) == "[["
            current, dependencies, entries = None, None, {}
            table_name, _, key = name.partition(".")
            if table_name == "workspace" and not listed:
                table.setdefault("workspace", True)
                table_name, _, key = key.partition(".")
                if table_name == "dependencies":
                    if key and "." not in key:  # `[workspace.dependencies.other]`
                        current = entry_of(key, "workspace")
                    elif not key:
                        dependencies = "workspace"
                continue
            if listed and name in _LISTS:
                current = {}
                table.setdefault(name, []).append(current)
            elif not listed and name in ("package", "lib"):
                current = table.setdefault(name, {})
            elif not listed and table_name in _DEPENDENCIES:
                if key and "." not in key:  # `[dependencies.other]`: its keys follow
                    current = entry_of(key, _DEPENDENCIES[table_name])
                elif not key:
                    dependencies = _DEPENDENCIES[table_name]
            continue
        if dependencies is not None:
            inline = _INLINE.match(line)
            dotted = None if inline is not None else _DOTTED.match(line)
            if inline is not None:
                entry = entry_of(inline.group(1), dependencies)
                for pair in _INLINE_KEY.finditer(inline.group(2)):
                    if pair.group(1) is not None:
                        entry[pair.group(1)] = pair.group(2)[1:-1]
                    else:
                        entry["workspace"] = True
            elif dotted is not None:
                entry = entry_of(dotted.group(1), dependencies)
                if dotted.group(2) is not None:
                    entry[dotted.group(2)] = dotted.group(3)[1:-1]
                else:
                    entry["workspace"] = True
            continue
        if current is None:
            continue
        pair = _PAIR.match(line)
        if pair is not None:
            value = pair.group(2)
            if value in ("true", "false"):
                current[pair.group(1)] = value == "true"
            else:
                current[pair.group(1)] = value[1:-1]
    return table


def crate_at(root: str, table: dict | None = None, packages: Packages | None = None) -> Crate:
    """The package at directory `root` and its targets (their files found by `expand`);
    `table`: its manifest, when already read; `packages`: the run's, which finds the workspace
    root its inherited dependencies are read from (a new one when not given)."""
    if table is None:
        _, table = _manifest(os.path.join(root, MANIFEST))
    package = table.get("package") if isinstance(table.get("package"), dict) else {}
    lib = table.get("lib") if isinstance(table.get("lib"), dict) else {}
    package_name = package.get("name") if isinstance(package.get("name"), str) else None
    name = lib.get("name") if isinstance(lib.get("name"), str) else None
    name = (name or package_name or os.path.basename(root)).replace("-", "_")
    crate = Crate(root, name)
    roots: list[tuple[str, str, str]] = []
    """Each target's kind, name and root file."""
    lib_path = lib.get("path") if isinstance(lib.get("path"), str) else "src/lib.rs"
    if os.path.isfile(os.path.join(root, lib_path)):
        roots.append(("lib", name, os.path.join(root, lib_path)))
    if os.path.isfile(os.path.join(root, "src", "main.rs")):
        roots.append(("bin", package_name or name, os.path.join(root, "src", "main.rs")))
    for directory, kind in (("src/bin", "bin"), *_TARGET_DIRS):
        roots.extend((kind, n, p) for n, p in _each_target(os.path.join(root, directory)))
    for key, kind in _TABLES:
        entries = table.get(key)
        for entry in entries if isinstance(entries, list) else ():
            path = entry.get("path") if isinstance(entry, dict) else None
            if isinstance(path, str) and os.path.isfile(os.path.join(root, path)):
                label = entry.get("name") if isinstance(entry.get("name"), str) else path
                roots.append((kind, label, os.path.join(root, path)))
    build = package.get("build", "build.rs")
    if isinstance(build, str) and os.path.isfile(os.path.join(root, build)):
        roots.append(("build-script", "build-script-build", os.path.join(root, build)))
    seen: set[str] = set()
    inside = os.path.join(root, "")
    for kind, label, path in roots:
        path = os.path.normpath(path)
        if path in seen or not path.startswith(inside):
            continue  # a root outside the package (`path = "/etc/x"`) is not read
        seen.add(path)
        crate.targets.append(Target(kind, label, path, root))
    workspace: tuple[str, dict[str, dict]] | None = None
    for entry in table.get("dependencies", ()):
        path, base, renamed = entry.get("path"), root, "package" in entry
        if entry.get("workspace") is True and path is None:
            if workspace is None:
                workspace = (packages or Packages()).workspace(root, table) or ("", {})
            inherited = workspace[1].get(entry["key"], {})
            path, base, renamed = inherited.get("path"), workspace[0], "package" in inherited
        if isinstance(path, str):
            directory = os.path.normpath(os.path.join(base, path))
            dependency = Dependency(entry["key"], directory, renamed, entry["kind"])
            if directory != root and dependency not in crate.dependencies:
                crate.dependencies.append(dependency)
    return crate


def _each_target(directory: str) -> list[tuple[str, str]]:
    """The targets of a target directory (`examples/`): each `*.rs` and each `*/main.rs`, by
    name, sorted."""
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return []
    found = []
    for entry in names:
        path = os.path.join(directory, entry)
        if entry.endswith(".rs") and os.path.isfile(path):
            found.append((entry[:-3], path))
        elif os.path.isfile(os.path.join(path, "main.rs")):
            found.append((entry, os.path.join(path, "main.rs")))
    return found


Declaration = tuple[list[str], str, "str | None"]
Declared = Callable[[str], "list[Declaration] | None"]


def module_files(
    root: str,
    read: Callable[[str], RustFile | None],
    within: str = "/",
    declared: Declared | None = None,
    visit: Callable[[str], None] | None = None,
) -> list[str]:
    """A target's files: its root and, in the order they are declared, the files of its
    modules (a module whose file is missing or cannot be read, or is outside the directory
    `within`, is left out). `declared`: a file's `declarations` (None: it cannot be read), in
    place of reading them in `read(path)`'s tree (a caller that keeps them needs no tree
    twice); `visit(path)`: called for each file that could be read, in the order of the list,
    once its declarations are read (its tree then needed no more here)."""
    inside = os.path.join(os.path.normpath(within), "")
    files = [root]
    seen = {root}
    pending = [(root, True)]
    while pending:
        path, mod_rs = pending.pop(0)
        if declared is not None:
            found_here = declared(path)
        else:
            source = read(path)
            found_here = None if source is None else declarations(source)
        if found_here is None:
            continue
        here = os.path.dirname(path)
        children = (
            here if mod_rs else os.path.join(here, os.path.splitext(os.path.basename(path))[0])
        )
        for inline, name, attribute in found_here:
            directory = os.sep.join((children, *inline)) if inline else children
            if attribute is not None:
                base = directory if inline else here
                candidates: tuple[str, ...] = (os.path.normpath(os.path.join(base, attribute)),)
            else:
                name = name.removeprefix("r#")
                candidates = (
                    f"{directory}{os.sep}{name}.rs",
                    f"{directory}{os.sep}{name}{os.sep}mod.rs",
                )
            found = next((c for c in candidates if os.path.isfile(c)), None)
            if found is None or found in seen or not found.startswith(inside):
                continue
            seen.add(found)
            files.append(found)
            pending.append((found, attribute is not None or found.endswith(_MOD_RS)))
        if visit is not None:
            visit(path)
    return files


def declarations(source: RustFile) -> list[Declaration]:
    """The file's `mod name;` items, each with the inline modules it is in (outermost first)
    and its `#[path = ".."]`, in source order (those of a file tree-sitter could only partly
    parse: of the parts it read)."""
    if _MOD.search(source.data) is None:
        return []  # most files declare no module
    found: list[tuple[int, list[str], str, str | None]] = []
    stack: list[tuple[Node, list[str]]] = [(source.root, [])]
    while stack:
        node, inline = stack.pop()
        previous: Node | None = None
        for child in node.named_children:
            if child.type == "ERROR":
                stack.append((child, inline))
            elif child.type == "mod_item":
                name_node = child.child_by_field_name("name")
                body = child.child_by_field_name("body")
                if name_node is None:
                    pass
                elif body is not None:
                    stack.append((body, [*inline, source.node_text(name_node)]))
                else:
                    attribute = None
                    if previous is not None and previous.type == "attribute_item":
                        attribute = _path_attribute(source, previous)
                    found.append((child.start_byte, inline, source.node_text(name_node), attribute))
            previous = child
    found.sort(key=lambda item: item[0])
    return [(inline, name, attribute) for _, inline, name, attribute in found]


def _path_attribute(source: RustFile, last: Node) -> str | None:
    """The `#[path = ".."]` among the attributes right before `item` (`last` the nearest)."""
    node: Node | None = last
    while node is not None and node.type == "attribute_item":
        match = _PATH_ATTRIBUTE.fullmatch(source.data[node.start_byte : node.end_byte].strip())
        if match is not None:
            return match.group(1).decode("utf-8", "replace")
        node = node.prev_named_sibling
    return None
