"""Which files `pbpit lint` reads and how: files tree-sitter cannot parse, files that are not
regular files, `--exclude` and `.gitignore`, any nesting depth, and work linear in a function's
length (issue 11, items 4 and 5)."""

from __future__ import annotations

import gc
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from lint_lets import arms, branches, loops_in_a_row, nested
from pbpit_process import lint_captured, write_source

from pbpit.lint.tree import ignore_pattern, lint_paths, rust_files

# A tensor made once before the loop and backpropagated in every pass: one finding, line 9.
TWICE = """\
use burn::tensor::Tensor;

fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
    }
}
"""

# Valid Rust (Burn's crates/burn-dataset/src/transform/window.rs has it) that tree-sitter-rust's
# grammar lacks: an empty bound list after `D:`. tree-sitter stops at the `,` (line 4, col 11).
EMPTY_BOUNDS = """\
impl<D> Windows<D> {
    pub fn new(dataset: D, size: usize) -> Self
    where
        D:,
    {
        Self { dataset, size }
    }
}
"""


run = lint_captured
write = write_source


def pbpit(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`pbpit ARGS` in its own process: a lint that blocks fails by its timeout rather than
    hanging the suite, and one that reads without end by its memory limit."""

    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    return subprocess.run(
        [sys.executable, "-m", "pbpit", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=60,
        preexec_fn=limit_memory,
    )


# -- files tree-sitter cannot parse -------------------------------------------------------------


def test_a_file_tree_sitter_cannot_parse_is_a_note_and_the_others_are_checked(
    tmp_path, monkeypatch
):
    write(tmp_path, "src/window.rs", EMPTY_BOUNDS)
    write(tmp_path, "src/main.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run(["src"])
    assert (status, stderr) == (1, "")
    assert stdout.startswith(
        "note: skipped src/window.rs:4:11: cannot parse: expected an expression\n\nwarning"
    )
    assert stdout.endswith("pbpit lint: 1 warning in 1 file (1 file checked, 1 skipped)\n")


def test_a_skipped_file_is_an_entry_in_json_apart_from_errors_and_checked_files(
    tmp_path, monkeypatch
):
    write(tmp_path, "window.rs", EMPTY_BOUNDS)
    write(tmp_path, "main.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    status, stdout, _ = run(["."], "json")
    data = json.loads(stdout)
    assert status == 1
    assert (data["files_checked"], data["files"], data["errors"]) == (1, ["main.rs"], [])
    assert data["skipped"] == [
        {
            "path": "window.rs",
            "line": 4,
            "column": 11,
            "function": None,
            "reason": "cannot parse: expected an expression",
        }
    ]
    assert len(data["findings"]) == 1


def test_a_skipped_file_is_a_sarif_note_of_a_successful_invocation(tmp_path, monkeypatch):
    write(tmp_path, "window.rs", EMPTY_BOUNDS)
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run(["window.rs"], "sarif")
    assert (status, stderr) == (0, "")
    [invocation] = json.loads(stdout)["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is True
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "note"
    assert note["message"]["text"] == (
        "skipped window.rs:4:11: cannot parse: expected an expression"
    )
    location = note["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "window.rs", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 4, "startColumn": 11}


# Valid Rust of Burn's own repository that tree-sitter-rust cannot parse (issue 11).
BURN_SHAPES = {
    "seq": "fn f() {\n    seq!(N in 0..8 {\n        let mut sum~N = 0;\n    });\n}\n",
    "cfg_in_pattern": (
        "fn f(s: S) {\n    let S {\n        #[cfg(feature = \"x\")]\n        a,\n"
        "        b,\n    } = s;\n}\n"
    ),
    "empty_bounds": EMPTY_BOUNDS,
    "unit_bound": "fn f<B>()\nwhere\n    (): Trait<B>,\n{\n}\n",
}


@pytest.mark.parametrize("shape", sorted(BURN_SHAPES))
def test_valid_rust_the_grammar_lacks_leaves_the_exit_status_0(tmp_path, shape):
    path = write(tmp_path, f"{shape}.rs", BURN_SHAPES[shape])
    status, stdout, _ = run([str(path)])
    assert status == 0
    assert stdout.startswith(f"note: skipped {path}:")
    assert stdout.endswith("pbpit lint: no warnings (0 files checked, 1 skipped)\n")


def test_a_syntax_error_inside_macro_arguments_is_no_parse_error(tmp_path):
    # The macro's tokens are for the macro to read (rustc too leaves them to it): the file is
    # checked, and its arguments, which are not expressions, are not read.
    path = write(
        tmp_path,
        "main.rs",
        "fn main() {\n    my_macro!(let = ; 1 +);\n    let x = 1;\n}\n",
    )
    assert run([str(path)]) == (0, "pbpit lint: no warnings (1 file checked)\n", "")


def test_a_file_that_is_not_utf8_is_still_an_error_and_a_failed_invocation(
    tmp_path, monkeypatch
):
    (tmp_path / "latin1.rs").write_bytes(b"// caf\xe9\nfn main() {}\n")
    write(tmp_path, "window.rs", EMPTY_BOUNDS)
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run(["."], "sarif")
    assert status == 2
    assert stderr.startswith("pbpit: error: latin1.rs: ")
    [invocation] = json.loads(stdout)["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    levels = [n["level"] for n in invocation["toolExecutionNotifications"]]
    assert levels == ["error", "note"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_a_file_that_cannot_be_read_is_an_error(tmp_path):
    path = write(tmp_path, "secret.rs", TWICE)
    path.chmod(0)
    try:
        status, stdout, _ = run([str(tmp_path)])
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert status == 2
    assert stdout.startswith(f"error: {path}: cannot read: Permission denied\n")


# -- only regular files -------------------------------------------------------------------------


def test_a_fifo_named_on_the_command_line_is_skipped_not_opened(tmp_path):
    os.mkfifo(tmp_path / "pipe.rs")
    done = pbpit("lint", "pipe.rs", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (
        "note: skipped pipe.rs: not a regular file: a FIFO\n\n"
        "pbpit lint: no warnings (0 files checked, 1 skipped)\n"
    )


def test_a_fifo_in_a_directory_is_skipped_and_the_other_files_are_checked(tmp_path):
    os.mkfifo(tmp_path / "pipe.rs")
    write(tmp_path, "main.rs", TWICE)
    done = pbpit("lint", "--format", "json", ".", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)
    assert data["files"] == ["main.rs"] and len(data["findings"]) == 1
    assert [(s["path"], s["reason"]) for s in data["skipped"]] == [
        ("pipe.rs", "not a regular file: a FIFO")
    ]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_symlink_to_a_device_is_skipped_named_or_in_a_directory(tmp_path):
    os.symlink("/dev/zero", tmp_path / "zero.rs")
    write(tmp_path, "main.rs", TWICE)
    for args in (["zero.rs"], ["."]):
        done = pbpit("lint", "--format", "json", *args, cwd=tmp_path)
        assert done.returncode in (0, 1), done.stderr
        [skip] = json.loads(done.stdout)["skipped"]
        assert skip["reason"] == "not a regular file: a symbolic link to a character device"


def test_a_symlink_to_nothing_in_a_directory_is_skipped(tmp_path):
    os.symlink(tmp_path / "gone.rs", tmp_path / "dangling.rs")
    write(tmp_path, "main.rs", TWICE)
    status, stdout, _ = run([str(tmp_path)], "json")
    assert status == 1
    [skip] = json.loads(stdout)["skipped"]
    assert skip["path"] == str(tmp_path / "dangling.rs")
    assert skip["reason"] == "a symbolic link that loops or points nowhere"


# -- --exclude and .gitignore -------------------------------------------------------------------

TREE = [
    "src/main.rs",
    "src/model.pb.rs",
    "src/generated/ops.rs",
    "src/nested/generated/more.rs",
    "src/tests/unit.rs",
    "tests/integration.rs",
    "benches/speed.rs",
]


def make_tree(root: Path, names: list[str]) -> None:
    for name in names:
        write(root, name, "fn main() {}\n")


def test_exclude_takes_gitignore_globs_relative_to_the_directory(tmp_path, monkeypatch):
    make_tree(tmp_path, TREE)
    monkeypatch.chdir(tmp_path)
    report = lint_paths(["."], exclude=["tests/", "**/generated/*.rs", "*.pb.rs"])
    assert report.files == ["benches/speed.rs", "src/main.rs"]
    # Anchored to each directory given: `/main.rs` is src/main.rs when linting src.
    assert lint_paths(["src"], exclude=["/main.rs", "/generated/"]).files == [
        "src/model.pb.rs",
        "src/nested/generated/more.rs",
        "src/tests/unit.rs",
    ]


def test_exclude_applies_to_files_named_on_the_command_line(tmp_path, monkeypatch):
    make_tree(tmp_path, TREE)
    monkeypatch.chdir(tmp_path)
    named = ["src/main.rs", "src/model.pb.rs", "src/tests/unit.rs", "src/generated/ops.rs"]
    report = lint_paths(named, exclude=["*.pb.rs", "tests/", "src/generated/**"])
    assert report.files == ["src/main.rs"]


def test_exclude_is_a_repeatable_command_line_option(tmp_path):
    make_tree(tmp_path, TREE)
    done = pbpit(
        "lint", "--format", "json", "--exclude", "tests/", "--exclude", "*.pb.rs", ".",
        cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["files"] == [
        "benches/speed.rs",
        "src/main.rs",
        "src/generated/ops.rs",
        "src/nested/generated/more.rs",
    ]


GITIGNORE_TREE = {
    ".gitignore": "# generated code\n/top.rs\ngenerated/\n*.tmp.rs\n!keep.tmp.rs\nbuild-*/\n",
    "src/.gitignore": "legacy/**\n!legacy/\n\\#hash.rs\n[ab]?.rs\n",
    "src/sub/.gitignore": "!again.tmp.rs\n",
}
GITIGNORE_FILES = [
    "top.rs",
    "lib/top.rs",
    "generated/a.rs",
    "src/generated/b.rs",
    "generated.rs",
    "x.tmp.rs",
    "src/keep.tmp.rs",
    "src/sub/again.tmp.rs",
    "src/sub/other.tmp.rs",
    "build-1/out.rs",
    "build-1.rs",
    "src/legacy/old.rs",
    "src/legacy/deeper/old.rs",
    "src/#hash.rs",
    "src/a1.rs",
    "src/c1.rs",
    "src/ab1.rs",
    "lib/a1.rs",
    "main.rs",
    "target/debug/build.rs",
]


def test_gitignore_rules_skip_what_git_ignores(tmp_path):
    for name, text in GITIGNORE_TREE.items():
        write(tmp_path, name, text)
    make_tree(tmp_path, GITIGNORE_FILES)
    found = sorted(p.relative_to(tmp_path).as_posix() for p in rust_files(tmp_path))
    # By hand from gitignore(5): `/top.rs` only at the top, `generated/` a directory anywhere,
    # `!keep.tmp.rs` re-includes, a deeper file's `!` overrides a shallower one's pattern,
    # `legacy/**` everything inside (`!legacy/` does not re-include what is in it), `\#`, `[ab]?`;
    # `build-*/` directories only.
    assert found == [
        "build-1.rs",
        "generated.rs",
        "lib/a1.rs",
        "lib/top.rs",
        "main.rs",
        "src/ab1.rs",
        "src/c1.rs",
        "src/keep.tmp.rs",
        "src/sub/again.tmp.rs",
    ]


def listed_by_git_and_lint(
    root: Path, gitignores: dict[str, str], files: list[str]
) -> tuple[list[str], list[str]]:
    """The `.rs` files of a tree that git lists as not ignored, and those `rust_files` finds."""
    for name, text in gitignores.items():
        write(root, name, text)
    make_tree(root, files)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    listed = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "--", "*.rs"],
        cwd=root, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return sorted(listed), sorted(p.relative_to(root).as_posix() for p in rust_files(root))


@pytest.mark.skipif(shutil.which("git") is None, reason="no git")
def test_gitignore_rules_agree_with_git(tmp_path):
    listed, found = listed_by_git_and_lint(tmp_path, GITIGNORE_TREE, GITIGNORE_FILES)
    assert found == [name for name in listed if not name.startswith("target/")]


# Without a negation each file's patterns are matched as one: those of a name against the
# last name of a path, the others against the path.
NAMES_AND_PATHS = {
    ".gitignore": "*.tmp.rs\ngen?/\n/top.rs\n**/out/*.rs\n[xy]*.rs\nold\ndocs/**/*.rs\n",
    "src/.gitignore": "deep.rs\nvendor/\nsub/*.rs\n",
}
NAMES_AND_PATHS_FILES = [
    "top.rs", "src/top.rs", "a.tmp.rs", "src/deep/b.tmp.rs", "gen1/a.rs", "src/gen2/b.rs",
    "gen1.rs", "src/genx.rs", "out/a.rs", "src/out/b.rs", "src/out/in/c.rs", "x1.rs",
    "src/yy.rs", "src/zx.rs", "old/a.rs", "src/old", "src/old.rs", "docs/a.rs", "docs/b/c.rs",
    "src/docs/d.rs", "deep.rs", "src/deep.rs", "src/a/deep.rs", "src/vendor/v.rs",
    "vendor/v.rs", "src/sub/s.rs", "src/sub/t/s.rs", "sub/s.rs", "main.rs",
]  # fmt: skip


@pytest.mark.skipif(shutil.which("git") is None, reason="no git")
def test_gitignore_patterns_of_names_and_of_paths_agree_with_git(tmp_path):
    listed, found = listed_by_git_and_lint(tmp_path, NAMES_AND_PATHS, NAMES_AND_PATHS_FILES)
    assert found == listed
    assert 5 < len(found) < len(NAMES_AND_PATHS_FILES) - 10


def test_gitignore_files_above_the_directory_count_up_to_the_repository_root(tmp_path):
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    write(tmp_path, ".gitignore", "*.rs\n")  # outside the repository: not its rules
    write(tmp_path, "repo/.gitignore", "/crate/src/skipped.rs\nignored_anywhere.rs\n")
    make_tree(tmp_path / "repo", ["crate/src/skipped.rs", "crate/src/ignored_anywhere.rs"])
    make_tree(tmp_path / "repo", ["crate/src/main.rs"])
    found = rust_files(tmp_path / "repo" / "crate")
    assert [p.name for p in found] == ["main.rs"]


@pytest.mark.parametrize(
    ("line", "path", "is_dir", "ignored"),
    [
        ("doc/frotz/", "doc/frotz", True, True),  # gitignore(5)'s own examples
        ("doc/frotz/", "a/doc/frotz", True, False),
        ("frotz/", "a/frotz", True, True),
        ("frotz/", "a/frotz", False, False),
        ("*.html", "a/b.html", False, True),
        ("/*.c", "cat-file.c", False, True),
        ("/*.c", "mozilla-sha1/sha1.c", False, False),
        ("**/foo", "a/b/foo", False, True),
        ("**/foo/bar", "foo/bar", False, True),
        ("abc/**", "abc/x/y", False, True),
        ("abc/**", "abc", True, False),
        ("a/**/b", "a/b", False, True),
        ("a/**/b", "a/x/y/b", False, True),
        ("foo/*", "foo/test.json", False, True),
        ("foo/*", "foo/bar/hello.c", False, False),
        ("a?c", "a/c", False, False),
        ("[!a]b", "cb", False, True),
        ("[!a]b", "ab", False, False),
        ("trailing   ", "trailing", False, True),
        ("\\!important", "!important", False, True),
    ],
)
def test_ignore_patterns_match_as_gitignore_says(line, path, is_dir, ignored):
    pattern = ignore_pattern(line)
    assert pattern is not None
    matches = bool(pattern.regex.match(path)) and (is_dir or not pattern.directory_only)
    assert matches is ignored


# -- any nesting depth --------------------------------------------------------------------------


def deep(shape: str, n: int) -> str:
    """A function whose finding needs a part nested `n` deep read: `x`, tracked and made before
    the loop, reaches a backward in every pass through `n` ifs, blocks, terms or calls."""
    made = "    let x = model.forward(input);\n"
    if shape in ("ifs", "blocks"):
        opening = "if ready { " if shape == "ifs" else "{ "
        inner = opening * n + "x.clone().sum().backward();" + " }" * n
        return f"fn main() {{\n{made}    for _ in 0..2 {{\n        {inner}\n    }}\n}}\n"
    value = " + ".join(["x.clone()"] * n) if shape == "sum" else "x" + ".exp()" * n
    use = "    for _ in 0..2 {\n        y.clone().sum().backward();\n    }\n"
    return f"fn main() {{\n{made}    let y = {value};\n{use}}}\n"


SHAPES = {"ifs": 140, "blocks": 326, "sum": 488, "chain": 488}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_depths_that_raised_are_analysed(tmp_path, shape):
    path = write(tmp_path, f"{shape}.rs", deep(shape, SHAPES[shape]))
    status, stdout, stderr = run([str(path)], "json")
    data = json.loads(stdout)
    assert (status, stderr, data["skipped"]) == (1, "", [])
    [finding] = data["findings"]
    assert finding["line"] == (2 if shape in ("ifs", "blocks") else 3)


def test_ten_thousand_levels_are_analysed_and_the_other_files_kept(tmp_path):
    for shape in SHAPES:
        write(tmp_path, f"{shape}.rs", deep(shape, 10_000))
    write(tmp_path, "twice.rs", TWICE)
    status, stdout, stderr = run([str(tmp_path)], "json")
    data = json.loads(stdout)
    assert (status, stderr, data["skipped"]) == (1, "", [])
    found = {Path(f["path"]).name for f in data["findings"]}
    assert found == {"blocks.rs", "chain.rs", "ifs.rs", "sum.rs", "twice.rs"}


TOO_DEEP = 60_000


def test_a_function_nested_deeper_than_the_analysis_follows_is_a_note(tmp_path, monkeypatch):
    # `too_deep` nests 60,000 terms (more than the recursion limit lint sets, in frames); the
    # function after it in the file, and the other file, are still analysed. Its two backwards
    # (a finding, if it could be read) make it a function that must be read.
    terms = " + ".join(["x"] * TOO_DEEP)
    body = (
        f"    let x = model.forward(input);\n    let y = {terms};\n"
        "    x.clone().sum().backward(); y.backward();\n"
    )
    twice_fn = TWICE.split("\n", 2)[2].replace("fn main()", "fn after()")
    write(tmp_path, "deep.rs", f"fn too_deep() {{\n{body}}}\n\n{twice_fn}")
    write(tmp_path, "twice.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run(["."], "json")
    data = json.loads(stdout)
    assert (status, stderr) == (1, "")
    assert data["files"] == ["deep.rs", "twice.rs"]
    assert [(f["path"], f["line"]) for f in data["findings"]] == [("deep.rs", 11), ("twice.rs", 7)]
    [skip] = data["skipped"]
    assert {k: skip[k] for k in ("path", "line", "column", "function")} == {
        "path": "deep.rs",
        "line": 1,
        "column": 1,
        "function": "too_deep",
    }
    status, stdout, _ = run(["."])
    assert status == 1
    assert stdout.startswith("note: deep.rs:1:1: fn `too_deep` not analysed: nested ")
    assert stdout.endswith(
        "pbpit lint: 2 warnings in 2 files (2 files checked, 1 function not analysed)\n"
    )
    sarif = json.loads(run(["."], "sarif")[1])
    [note] = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "note"


def test_lint_leaves_the_recursion_limit_as_it_found_it(tmp_path):
    path = write(tmp_path, "main.rs", TWICE)
    limit = sys.getrecursionlimit()
    lint_paths([path])
    assert sys.getrecursionlimit() == limit



@pytest.mark.parametrize("enabled", [True, False], ids=["enabled", "disabled"])
def test_lint_leaves_the_cycle_collector_as_it_found_it(tmp_path, enabled):
    path = write(tmp_path, "main.rs", TWICE)
    threshold = gc.get_threshold()
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        assert len(lint_paths([path]).findings) == 1
        assert (gc.isenabled(), gc.get_threshold()) == (enabled, threshold)
    finally:
        (gc.enable if was else gc.disable)()


# A helper called in loops (its summary applied at each call), passes compared (a loop whose
# state changes), a `Vec` of losses and a struct field carried across passes.
CYCLES = """\
struct Model<B: Backend> { hidden: Tensor<B, 2> }

fn update(loss: Tensor<B, 1>, optim: &mut O) { let grads = loss.backward(); optim.step(grads); }

impl<B: AutodiffBackend> Model<B> {
    fn step(&mut self, x: Tensor<B, 2>) -> Tensor<B, 1> {
        self.hidden = self.hidden.clone() + x;
        self.hidden.clone().sum()
    }
}

fn train(model: &mut Model<B>, x: Tensor<B, 2>, optim: &mut O) {
    let feats = x.clone().require_grad().exp();
    let mut losses = Vec::new();
    for epoch in 0..3 {
        for _ in 0..2 {
            let loss = model.step(feats.clone());
            losses.push(loss.clone());
            update(loss, optim);
        }
        if epoch == 0 { update(feats.clone().sum(), optim); }
    }
    for loss in losses { update(loss, optim); }
}
"""


def test_what_the_analysis_leaves_for_the_cycle_collector_is_its_definitions_only(tmp_path):
    # A reading's journal and the state's dicts referred to each other, and a call's summary
    # was applied by a closure that called itself, as was a pass's renaming: each reading left
    # its whole state (tens of objects a name) for the cycle collector to find. A definition
    # is in its own `sources`: that cycle, and what it holds, stays.
    path = write(tmp_path, "main.rs", CYCLES)
    lint_paths([path])
    was = gc.isenabled()
    gc.disable()
    gc.collect()
    try:
        report = lint_paths([path])
        assert report.findings
        del report
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = {type(o).__name__ for o in gc.garbage}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        (gc.enable if was else gc.disable)()
    assert left <= {"Definition", "frozenset", "tuple", "_Shared"}


class _Climbs:
    """A tree-sitter node whose climbs by `parent` are counted (each is a search down from the
    root), as are those of every node reached from it."""

    def __init__(self, node, counted: list[int]) -> None:
        self.node, self.counted = node, counted

    def _wrap(self, value):
        return _Climbs(value, self.counted) if isinstance(value, type(self.node)) else value

    def __getattr__(self, name):
        if name == "parent":
            self.counted[0] += 1
        value = getattr(self.node, name)
        if not callable(value):
            return self._wrap(value)
        return lambda *args: self._wrap(
            value(*(a.node if isinstance(a, _Climbs) else a for a in args))
        )

    def __eq__(self, other) -> bool:
        return self.node == (other.node if isinstance(other, _Climbs) else other)

    __hash__ = None


def test_whether_a_reason_lies_in_an_inner_item_is_asked_without_climbing(tmp_path):
    # Asked by climbing `Node.parent` from the word up to the function's body, a word 8,000
    # `if`s deep took 8,000 searches down from the root: n² (19 s at that depth).
    from pbpit.lint.analysis import _in_skipped_item
    from pbpit.rust.syntax import parse_bytes

    depth = 300
    inner = "// backward\n x.backward(); fn g() { y.backward(); }"
    text = f"fn f() {{ {'if a { ' * depth}{inner}{' }' * depth} }}\n".encode()
    source = parse_bytes(text)
    body = source.root.named_children[0].child_by_field_name("body")
    counted = [0]
    answers = [
        _in_skipped_item(_Climbs(body, counted), text.index(word))
        for word in (b"backward\n", b"x.backward", b"y.backward")
    ]
    assert answers == [True, False, True]  # a comment, the body's own code, a nested `fn`
    assert counted == [0]

# -- linear time --------------------------------------------------------------------------------


def chain(lets: int) -> str:
    """n `let`s, each made from the one before, feeding a loop that runs backward."""
    made = "".join(f"    let h{i} = h{i - 1}.exp();\n" for i in range(1, lets))
    loop = f"    for _ in 0..3 {{\n        h{lets - 1}.clone().sum().backward();\n    }}\n"
    return f"fn main() {{\n    let h0 = model.forward(x);\n{made}{loop}}}\n"


def python_events_in_fixes(path: Path) -> int:
    """How many Python calls and returns the fixes make while `path` is linted (on any thread):
    a count of work, not a time."""
    count = 0

    def profile(frame, event, arg):
        nonlocal count
        if frame.f_code.co_filename.endswith(os.path.join("lint", "fixes.py")):
            count += 1

    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        report = lint_paths([path])
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    assert len(report.findings) == 1 and report.findings[0].helps
    return count


def test_the_fix_for_a_chain_of_lets_asks_linear_work(tmp_path):
    # Each member of the chain moves into the loop with it; asking whether each is read
    # elsewhere walked the whole block once per member, checking every node against every
    # moved statement: cubic in the chain's length.
    small = python_events_in_fixes(write(tmp_path, "small.rs", chain(60)))
    large = python_events_in_fixes(write(tmp_path, "large.rs", chain(240)))
    assert large < 6 * small  # 4x the length: linear work grows 4x, cubic 64x


def test_a_long_chain_of_lets_is_moved_whole_into_the_loop(tmp_path):
    """Each `let` of a chain of 40 derives from all before it (their sets are shared, not
    copied, past 16 members): the loop's backward consumes the first, and the fix moves all 40,
    in order, into the loop."""
    lets = 40
    chain = "".join(f"    let h{i} = h{i - 1}.exp();\n" for i in range(1, lets))
    text = (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {\n"
        "    let h0 = model.forward(x);\n"
        f"{chain}"
        "    for _ in 0..3 {\n"
        f"        let loss = h{lets - 1}.clone().sum();\n"
        "        loss.backward();\n"
        "    }\n"
        "}\n"
    )
    path = write(tmp_path, "chain.rs", text)
    status, out, _ = run([str(path)], fmt="json")
    (finding,) = json.loads(out)["findings"]
    assert status == 1 and finding["rule"] == "loop-external-tracked"
    assert finding["line"] == lets + 1  # the last `let`, whose value the loop reads
    edits = finding["help"][0]["edits"]
    removed = [(e["line"], e["end_line"]) for e in edits if e["replacement"] == ""]
    assert removed == [(line, line + 1) for line in range(2, lets + 2)]
    moved = "        let h0 = model.forward(x.clone());\n" + "".join(
        f"        let h{i} = h{i - 1}.exp();\n" for i in range(1, lets)
    )
    assert [e["replacement"] for e in edits if e["replacement"]] == [moved]


def lines_run_in_analysis(path: Path) -> int:
    """How many lines of the analysis Python runs while `path` is linted (on any thread): a
    count of work, not a time."""
    count = 0
    analysis = os.path.join("lint", "analysis", "")

    def lines(frame, event, arg):
        nonlocal count
        count += 1
        return lines

    def trace(frame, event, arg):
        return lines if analysis in frame.f_code.co_filename else None

    threading.settrace(trace)
    sys.settrace(trace)
    try:
        report = lint_paths([path])
    finally:
        sys.settrace(None)
        threading.settrace(None)
    assert report.findings == []
    return count


@pytest.mark.parametrize(
    ("shape", "lets"),
    [(branches, 300), (nested, 600), (arms, 200)],
    ids=["branches", "nested", "arms"],
)
def test_the_analysis_of_a_function_twice_as_long_is_twice_the_work(tmp_path, shape, lets):
    # Each join after an `if` or a `match` walked every name in scope and each arm copied them
    # all; each name looked up went through every enclosing scope: quadratic.
    small = lines_run_in_analysis(write(tmp_path, "small.rs", shape(lets)))
    large = lines_run_in_analysis(write(tmp_path, "large.rs", shape(2 * lets)))
    assert large < 2.2 * small  # linear work doubles; quadratic work quadruples


def test_loops_one_after_another_are_twice_the_work_when_twice_as_many(tmp_path):
    # Each loop copied what every name in scope held as it started, and each pass compared
    # them all with what the pass before started with: quadratic in the loops.
    small = lines_run_in_analysis(write(tmp_path, "small.rs", loops_in_a_row(150)))
    large = lines_run_in_analysis(write(tmp_path, "large.rs", loops_in_a_row(300)))
    assert large < 2.2 * small  # linear work doubles; quadratic work quadruples
