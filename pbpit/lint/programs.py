"""The programs of one `pbpit lint` run: the files it is given, read as cargo builds them.

Files are grouped by the package they are in (`pbpit.lint.targets`): each target of a package
is a program of its own (the library; each binary, example, test, bench; the build script),
its files analysed together with the library's, which every other target sees (as
`crate_name::..`); nothing of one target is seen by another, and nothing of one package by
another, but for the libraries of a package's `path` dependencies (`other = { path =
"../other" }`): each is visible to the targets cargo shows it to, as `other::..`, when files of
it are among those linted (never a file outside what was given). A file given that is in no
target of its package (a module no `mod` declares) is read with the library. Files in no
package are read together, as one program.

What is reported is what was given: a file of a target that was not given (`pbpit lint
src/train.rs`, the hook's staged files) is read as context, so that what `src/model.rs`'s
`Model::encode` does is known at its calls in `train.rs`, but its own findings, notes and
errors are not said. Only a target's own files are opened, each once per run (the library's
indexed as they are read, each tree let go as soon as no other program needs it); a target whose
files hold no word any rule needs, and call none of the library's helpers, is not analysed (it
can have no finding). A file in several targets (a module two roots declare, as Burn's
`tests/autodiff.rs` and `tests/autodiff_f16.rs` both do) is analysed in the first of them only
(each finding said once, each file read once).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pbpit.diagnostics.model import Diagnostic
from pbpit.lint.analysis import Program, lint_sources
from pbpit.lint.rules import RULES
from pbpit.lint.targets import (
    Crate,
    Declaration,
    Declared,
    Dependency,
    Packages,
    Target,
    crate_at,
    declarations,
)
from pbpit.lint.tree import LintReport, LintSkip, nesting, read_file
from pbpit.lint.walk_order import ordered
from pbpit.rust.syntax import Node, RustFile

_WORDS = tuple(
    dict.fromkeys(
        [word for rule in RULES for word in rule.words]
        + [method.encode() for rule in RULES for method in sorted(rule.methods)]
    )
)
"""What a file must hold for some rule to fire in a program of it (`analysis`'s words)."""
_SMALLEST = tuple(w for w in _WORDS if not any(o != w and o in w for o in _WORDS))
"""The words of `_WORDS` that hold no other: a file holds one of `_WORDS` iff one of these."""

Given = tuple[str, "os.stat_result | None"]
Progress = Callable[[int, int], None] | None


def lint_files(given: list[Given], progress: Progress, report: LintReport) -> None:
    """Lint the files `given` (each once, as named on the command line or found in a
    directory, with its `os.stat` when known) into `report`, each program of them apart."""
    packages = Packages()
    groups: dict[str | None, list[tuple[str, str, os.stat_result | None]]] = {}
    for path, info in given:
        full = os.path.abspath(path)
        groups.setdefault(packages.root_of(full), []).append((full, path, info))
    run = _Run(report, progress, len(given), packages)
    run.trees = {root for root in groups if root is not None}
    run.given = {full: (path, info) for files in groups.values() for full, path, info in files}
    for root, files in groups.items():
        if root is None:
            sources = [s for full, path, info in files if (s := run.read_given(path, info))]
            run.analyse(Program(), sources)
        else:
            run.crate(root, files)
    run.finish([path for path, _ in given])


class _Run:
    """One run's reading and analysing, program by program."""

    def __init__(
        self, report: LintReport, progress: Progress, total: int, packages: Packages
    ) -> None:
        self.report = report
        self.packages = packages
        self.progress = progress
        self.total = total
        self.done = 0
        self.found: dict[str, dict[tuple, Diagnostic]] = {}
        """Each file's findings (those of a file in several programs, once)."""
        self.texts: dict[str, str] = {}
        self.trees: set[str] = set()
        """The packages some file given is in: only their libraries are read as dependencies."""
        self.libraries: dict[str, tuple[str, Target] | None] = {}
        """Each package met as a dependency: its library's name and target (None: it has none)."""
        self.shared: dict[str, RustFile | None] = {}
        """The files of the libraries read as dependencies, each read once in a run."""
        self.given: dict[str, tuple[str, os.stat_result | None]] = {}
        """Each file given, by its absolute path: as it was named, and its `os.stat`."""
        self.opened: set[str] = set()
        """The files given read by `own`."""

    def dependencies(self, crate: Crate) -> list[tuple[Dependency, str, Target]]:
        """The `path` dependencies of `crate` that are among the packages linted, each with the
        name its targets give its library, and the library (its files read when first asked,
        by `library_files`)."""
        found = []
        for dependency in crate.dependencies:
            directory = dependency.directory
            if directory not in self.trees:
                continue  # outside what was given: not read
            if directory not in self.libraries:
                other = crate_at(directory, self.packages.tables.get(directory), self.packages)
                library = other.library
                self.libraries[directory] = None if library is None else (other.name, library)
            known = self.libraries[directory]
            if known is not None:
                name = dependency.key.replace("-", "_") if dependency.renamed else known[0]
                found.append((dependency, name, known[1]))
        return found

    def library_files(self, library: Target, relative: bool) -> list[str]:
        """The files of a dependency's library, read once in a run."""

        def read(full: str) -> RustFile | None:
            if full not in self.shared:
                if full in self.given and full not in self.opened:
                    self.shared[full] = self.own(full)  # said in the report, as given
                else:
                    shown = os.path.relpath(full) if relative else full
                    self.shared[full] = read_file(shown, LintReport())
            return self.shared[full]

        return library.expand(read)

    def own(self, full: str) -> RustFile | None:
        """A file given, by its absolute path, read into the report (once a run: read again
        as a dependency's after its own package let it go, it is read quietly)."""
        self.opened.add(full)
        return self.read_given(*self.given[full])

    def read_given(self, path: str, info: os.stat_result | None) -> RustFile | None:
        source = read_file(path, self.report, info)
        if source is not None:
            self.texts[path] = self.report.originals.get(path, source.text)
        return source

    def crate(self, root: str, files: list[tuple[str, str, os.stat_result | None]]) -> None:
        """The programs of the package at `root` that hold the given `files`."""
        given = {full: (path, info) for full, path, info in files}
        relative = not os.path.isabs(files[0][1])
        cache: dict[str, RustFile | None] = {}
        context = LintReport()  # what is said of a file not given is not reported

        def read(full: str) -> RustFile | None:
            if full in self.shared:
                return self.shared[full]
            if full not in cache:
                if full in given:
                    cache[full] = self.own(full)
                else:
                    shown = os.path.relpath(full) if relative else full
                    cache[full] = read_file(shown, context)
            return cache[full]

        found: dict[str, list[Declaration] | None] = {}

        def declared(full: str) -> list[Declaration] | None:
            """A file's `mod` declarations, read once (its tree may be let go after)."""
            if full not in found:
                source = read(full)
                found[full] = None if source is None else declarations(source)
            return found[full]

        crate = crate_at(root, self.packages.tables.get(root), self.packages)
        dependencies = self.dependencies(crate)

        def seen_by(kind: str, program: list[str]) -> tuple[list[str], list[str]]:
            """The names and files of the dependencies' libraries a target of `kind` whose
            program is made of the files `program` sees and names: in a file that holds a word
            some rule needs (the only files it can have findings in), as `other::..` or `use
            other..` would (a dependency such a file does not name is not read for it)."""
            if not dependencies:
                return [], []
            held = [s.data for f in program if _holds_words(s := read(f))]
            names: list[str] = []
            files: list[str] = []
            for dependency, name, lib in dependencies:
                if dependency.visible_to(kind) and any(name.encode() in d for d in held):
                    names.append(name)
                    files.extend(f for f in self.library_files(lib, relative) if f not in files)
            return names, files

        library = crate.library
        lib_program = self._library(crate, given, read, declared, seen_by)
        lib_files = list(library.expand(read, declared)) if library else []
        in_library = set(lib_files)
        roots = {target.root: target for target in crate.targets}
        directories = [
            (target, directory + os.sep, os.path.splitext(target.root)[0] + os.sep)
            for target in crate.targets
            if target is not library
            for directory in [os.path.dirname(target.root)]
        ]
        directories.sort(key=lambda entry: -len(entry[1]))  # the nearest directory first
        needed: set[int] = set()
        stray = []
        members: dict[int, set[str]] = {}

        def holds(target: Target, full: str) -> bool:
            if id(target) not in members:
                members[id(target)] = set(target.expand(read, declared))
            return full in members[id(target)]

        for full in given:
            target = roots.get(full)
            if target is None and full in in_library:
                target = library
            if target is None:
                # A module of a binary, an example, ..: of the target whose root's directory
                # holds it (each looked into only when a file given may be one of its).
                # Those whose root is named after a directory holding it first
                # (`tests/autodiff.rs` for `tests/autodiff/add.rs`).
                target = next(
                    (
                        candidate
                        for named in (True, False)
                        for candidate, directory, own in directories
                        if full.startswith(own if named else directory) and holds(candidate, full)
                    ),
                    None,
                )
            if target is None:
                stray.append(full)
            else:
                needed.add(id(target))
        plans: list[tuple[list[str], list[str], str]] = []
        """Each program's files, the given ones among them, and its target's kind."""
        for target in crate.targets:
            if id(target) in needed:
                own = list(target.expand(read, declared))
                plans.append((own, [f for f in own if f in given], target.kind))
        if stray:
            plans.append((stray, stray, "stray"))
        # The library's trees, read by several programs, are kept until the package is done.
        keep = set(lib_files) if any(kind != "lib" for _, _, kind in plans) else set()
        keep.update(self.shared)  # and those of the dependencies, by every package's
        analysed: set[str] = set()
        for own, all_reported, kind in plans:
            # A file of several targets (one `#[path]` two test roots declare) is analysed in
            # the first: its findings are said once, and the work stays linear.
            reported = [f for f in all_reported if f not in analysed]
            analysed.update(reported)
            if not reported:
                continue
            reported_sources = [s for f in reported if (s := read(f)) is not None]
            visible = [] if kind == "build-script" else lib_files  # a build script sees none
            names, outside = seen_by("lib" if kind in ("lib", "stray") else kind, own + visible)
            if kind == "lib":
                lib_program = lib_program or self._program(own + outside, read, names, keep)
                self.analyse(lib_program, reported_sources)
                continue
            if not self._may_find(own, read, lib_program):
                may = any(_holds_words(read(f)) for f in visible)
                # The dependencies' helpers are not sought: one holding a rule's word is read.
                may = may or any(_holds_words(read(f)) for f in outside)
                if may and visible:  # the library's helpers, found once
                    lib_program = lib_program or self._program(visible, read, [], keep)
                    may = self._may_find(own, read, lib_program)
                if not may:
                    self._skip(own, read, keep, len(reported_sources))
                    continue
            files = own + [f for f in visible + outside if f not in own]
            program = self._program(files, read, [crate.name, *names], keep)
            self.analyse(program, reported_sources)

    def _library(
        self,
        crate: Crate,
        given: dict,
        read: Callable[[str], RustFile | None],
        declared: Declared,
        seen: Callable[[str, list[str]], tuple[list[str], list[str]]],
    ) -> Program | None:
        """The library's program when its root is given (it is then analysed): each file
        indexed as soon as it is read, its tree let go then (when it holds no word a rule
        needs) unless another target given, whose own files hold such a word, will index
        the library again (one that does without: its trees parsed again then). A tree let
        go soon is freed while its memory is still in the cache, and the next file's tree
        reuses that memory (Burn's 1,705 files parsed and indexed one by one: 1.40 s of CPU;
        all parsed, then all indexed: 1.54 s). None when the library's root is not given (its
        program is made when needed). `seen(kind, files)`: the names and files of the
        dependencies' libraries a target of `kind` made of `files` sees."""
        library = crate.library
        if library is None or library.root not in given:
            return None
        keep = False
        for target in crate.targets:
            if target is library or target.root not in given or target.kind == "build-script":
                continue
            if any(_holds_words(read(f)) for f in target.expand(read, declared)):
                keep = True
                break
        program = Program()

        def visit(full: str) -> None:
            source = read(full)
            if source is not None:
                program.add(source, release=not keep)

        names, outside = seen("lib", library.expand(read, declared, visit))
        for full in outside:
            source = read(full)
            if source is not None:
                program.add(source)
        program.modules.update(names)
        program.link()
        return program

    def _program(
        self,
        files: list[str],
        read: Callable[[str], RustFile | None],
        crates: list[str],
        keep: set[str],
    ) -> Program:
        """The program of `files`, linked; `crates`: the names of the libraries among them that
        are not the target's own (`my_crate::train(..)`); the trees of `keep` are not let go."""
        program = Program()
        for file in files:
            source = read(file)
            if source is not None:
                program.add(source, release=file not in keep)
        program.modules.update(crates)  # `my_crate::train(..)` names the library's
        program.link()
        return program

    @staticmethod
    def _may_find(
        own: list[str], read: Callable[[str], RustFile | None], lib_program: Program | None
    ) -> bool:
        """Whether a program of the target's own files `own` (and the library's) can find
        anything: its files hold a word some rule needs, or name a helper of the library that
        runs a backward (`lib_program` None: the library's helpers not known yet)."""
        sources = [s for f in own if (s := read(f)) is not None]
        if any(_holds_words(s) for s in sources):
            return True
        if lib_program is None:
            return False
        names = [name.encode() for name in lib_program.helper_names]
        return any(name in s.data for name in names for s in sources)

    def analyse(self, program: Program, reported: list[RustFile]) -> None:
        """The findings of the `reported` files of a program (made of them when it holds none
        yet), a function nested too deep for the analysis a note."""
        if not program.sources:
            for source in reported:
                program.add(source, release=True)
            program.link()
        base = self.done

        def step(done: int, _total: int) -> None:
            if self.progress is not None:
                self.progress(base + done, self.total)

        for source, findings in zip(reported, self._findings(program, reported, step), strict=True):
            known = self.found.setdefault(source.path, {})
            for finding in findings:
                where = (finding.rule, finding.primary.line, finding.primary.column)
                known.setdefault((*where, finding.message), finding)
        self.done = base + len(reported)

    def _findings(
        self, program: Program, reported: list[RustFile], step: Callable[[int, int], None]
    ) -> list[list[Diagnostic]]:
        report = self.report

        def too_deep(source: RustFile, function: Node) -> None:
            name = function.child_by_field_name("name")
            line, column = source.start(function)
            report.skipped.append(
                LintSkip(
                    source.path,
                    f"nested {nesting(function)} levels deep, deeper than the analysis follows",
                    line,
                    column,
                    source.node_text(name) if name is not None else "?",
                )
            )

        try:
            return lint_sources(reported, step, too_deep, program)
        except RecursionError:
            pass
        # Too deep outside any one function's analysis: each file alone, so the others count.
        found = []
        for source in reported:
            try:
                found.append(lint_sources([source], None, too_deep)[0])
            except RecursionError:
                found.append([])
                reason = f"not analysed: nested {nesting(source.root)} levels deep"
                report.skipped.append(LintSkip(source.path, reason))
                if source.path in report.files:
                    report.files.remove(source.path)
        return found

    def _skip(
        self, own: list[str], read: Callable[[str], RustFile | None], keep: set[str], count: int
    ) -> None:
        """A target that can have no finding: its trees let go, its files counted done."""
        for file in own:
            source = read(file)
            if source is not None and file not in keep:
                source.release_tree()
        self.tick(count)

    def tick(self, count: int) -> None:
        self.done += count
        if self.progress is not None and count:
            self.progress(self.done, self.total)

    def finish(self, order: list[str]) -> None:
        """The report in the order the files were given: files, notes, errors, findings."""
        report = self.report
        rank = {path: number for number, path in enumerate(order)}
        report.files.sort(key=lambda path: rank.get(path, -1))
        report.skipped.sort(key=lambda skip: rank.get(skip.path, -1))
        report.errors.sort(key=lambda error: rank.get(error.path, -1))
        for path in sorted(self.found, key=lambda path: rank.get(path, -1)):
            # By place; the findings of one backward in the order Burn's walk meets them.
            findings = ordered(list(self.found[path].values()), self.texts[path])
            if findings:
                report.findings.extend(findings)
                text = self.texts[path]
                report.sources[path] = [line.removesuffix("\r") for line in text.split("\n")]


def _holds_words(source: RustFile | None) -> bool:
    return source is not None and any(word in source.data for word in _SMALLEST)
