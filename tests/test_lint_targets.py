"""Crates read as cargo builds them (`pbpit.lint.programs`, `pbpit.lint.targets`): each target
its own program with the library visible to it, files given read within their crate, and
unrelated trees apart.

The fixtures of tests/data/targets/ each hold a bug whose place is derived by hand (the comments
in them say why it panics in Burn) beside a namesake, a context file or another tree that hid it
or made a false alarm when every file of a run was one program (checked: the code before this
change found nothing in `rnn/`, nothing with `staged/src/train.rs` alone, and false alarms in
`trees/alpha` and `trees/ws/gamma` but not `trees/ws/beta`'s bug).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli

from pbpit.diagnose.crash import explain_events
from pbpit.diagnose.output import Frame, Panic
from pbpit.lint import programs
from pbpit.lint.targets import Packages, crate_at, module_files
from pbpit.lint.tree import lint_paths
from pbpit.rust.syntax import read_rust

DATA = Path(__file__).parent / "data" / "targets"


def _where(report) -> list[tuple[str, int, int, str]]:
    return [(f.path, f.primary.line, f.primary.column, f.rule) for f in report.findings]


# -- each target its own program ----------------------------------------------------------------


def test_a_namesake_in_another_example_does_not_hide_the_bug(monkeypatch):
    # examples/rnn.rs carries `h` from pass to pass and backpropagates every pass: Burn panics at
    # the second pass's backward (line 32); rnn_detached.rs, with the same `RnnCell::step`,
    # detaches `h` after each backward.
    monkeypatch.chdir(DATA / "rnn")
    report = lint_paths(["src", "examples"])
    assert _where(report) == [("examples/rnn.rs", 30, 13, "loop-external-tracked")]
    assert report.findings[0].tape.panics.line == 32
    assert report.files == ["src/lib.rs", "examples/rnn.rs", "examples/rnn_detached.rs"]


def test_cargo_pbpit_lint_reads_each_example_apart():
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pbpit.cli import cargo_main; "
            "sys.argv = ['cargo-pbpit', 'pbpit', 'lint', '--message-format', 'short']; "
            "cargo_main()",
        ],
        capture_output=True,
        text=True,
        cwd=DATA / "rnn",
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("examples/rnn.rs:30:13: warning[pbpit::loop-external-tracked]")
    assert "rnn_detached" not in result.stdout


def test_explain_finds_the_panic_of_the_example_it_happened_in(monkeypatch):
    monkeypatch.chdir(DATA / "rnn")
    message = "Cannot run backward: graph tape has already been consumed at NodeId(7)."
    frames = [
        Frame(4, "burn_autodiff::runtime::server::AutodiffServer::backward", None, None, None),
        Frame(8, "rnn::main", "./examples/rnn.rs", 32, 14),
    ]
    explained = explain_events([Panic("main", message, None, None, None, 7, frames)], None)
    [diagnosis] = explained.diagnoses
    # The error on the panicking backward, from rnn.rs's finding (none without it).
    assert [(d.path, d.primary.line, d.rule) for d in diagnosis.exact] == [
        ("examples/rnn.rs", 32, "loop-external-tracked")
    ]


def test_the_library_is_named_by_the_crate_name_and_other_packages_never_seen():
    # beta-data's binary calls its library's `batch` (a tracked tensor) as `beta_data::batch`
    # before its loop; alpha and gamma call a `batch` of a crate outside the tree (data), in
    # the same directory tree, gamma in the same workspace as beta-data.
    report = lint_paths([str(DATA / "trees")])
    assert [(Path(p).relative_to(DATA).as_posix(), line) for p, line, _, _ in _where(report)] == [
        ("trees/ws/beta/src/main.rs", 9)
    ]
    assert len(report.files) == 4
    assert _where(lint_paths([str(DATA / "trees" / "alpha")])) == []


# -- files given: read within their crate -------------------------------------------------------


def test_a_staged_file_is_read_with_the_modules_of_its_crate(monkeypatch):
    # `Model::encode` (src/model.rs) runs the encoder's forward: `features` is tracked, made
    # before the loop and backpropagated every epoch; only train.rs is given, as a pre-commit
    # hook passes its staged files.
    monkeypatch.chdir(DATA / "staged")
    report = lint_paths(["src/train.rs"])
    assert _where(report) == [("src/train.rs", 9, 20, "loop-external-tracked")]
    assert report.files == ["src/train.rs"]
    assert set(report.sources) == {"src/train.rs"}
    other = lint_paths(["src/model.rs"])
    assert (_where(other), other.files) == ([], ["src/model.rs"])


def test_the_hook_entry_with_one_staged_file_fails():
    result = pbpit_cli("lint", "src/train.rs", cwd=DATA / "staged")
    assert result.returncode == 1
    assert result.stdout.endswith("pbpit lint: 1 warning in 1 file (1 file checked)\n")


def test_only_the_files_of_the_target_are_opened(tmp_path, monkeypatch):
    crate = tmp_path / "c"
    for name in ("examples", "src", "benches"):
        (crate / name).mkdir(parents=True)
    (crate / "Cargo.toml").write_text('[package]\nname = "c"\nversion = "0.1.0"\n')
    (crate / "src" / "lib.rs").write_text("pub mod model;\n")
    (crate / "src" / "model.rs").write_text("pub fn f() {}\n")
    (crate / "src" / "unused.rs").write_text("pub fn g() {}\n")
    (crate / "examples" / "a.rs").write_text("fn main() { c::model::f(); }\n")
    (crate / "benches" / "b.rs").write_text("fn main() {}\n")
    opened: list[str] = []
    real = programs.read_file

    def spy(path, report, info=None):
        opened.append(Path(path).relative_to(crate).as_posix())
        return real(path, report, info)

    monkeypatch.setattr(programs, "read_file", spy)
    monkeypatch.chdir(tmp_path)
    report = lint_paths([str(crate / "examples" / "a.rs")])
    assert report.files == [str(crate / "examples" / "a.rs")]
    assert sorted(opened) == ["examples/a.rs", "src/lib.rs", "src/model.rs"]


def test_what_is_said_of_a_context_file_is_not_reported(tmp_path, monkeypatch):
    (tmp_path / "src").mkdir()
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "c"\nversion = "0.1.0"\n')
    (tmp_path / "src" / "main.rs").write_text("mod broken;\nfn main() {}\n")
    (tmp_path / "src" / "broken.rs").write_text("fn f( {\n")
    monkeypatch.chdir(tmp_path)
    report = lint_paths(["src/main.rs"])
    assert (report.files, report.skipped, report.errors) == (["src/main.rs"], [], [])


# -- the targets cargo finds --------------------------------------------------------------------


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_targets_and_their_module_files_are_where_cargo_and_rustc_find_them(tmp_path):
    _tree(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "my-crate"\nversion = "0.1.0"\n\n'
            '[[example]]\nname = "extra"\npath = "demo/extra.rs"\n',
            "src/lib.rs": 'pub mod a;\nmod b { pub mod c; }\n#[path = "elsewhere.rs"]\nmod d;\n',
            "src/a.rs": "pub mod inner;\n",
            "src/a/inner.rs": "",
            "src/b/c.rs": "",
            "src/elsewhere.rs": "mod e;\n",
            "src/e.rs": "",
            "src/main.rs": "mod cli;\nfn main() {}\n",
            "src/cli/mod.rs": "mod parse;\n",
            "src/cli/parse.rs": "",
            "src/bin/tool.rs": "fn main() {}\n",
            "src/bin/big/main.rs": "mod util;\nfn main() {}\n",
            "src/bin/big/util.rs": "",
            "examples/ex.rs": "fn main() {}\n",
            "demo/extra.rs": "fn main() {}\n",
            "tests/t.rs": "",
            "benches/b/main.rs": "",
            "build.rs": "fn main() {}\n",
            "src/stray.rs": "",
        },
    )
    crate = crate_at(str(tmp_path))
    for target in crate.targets:
        target.expand(lambda path: read_rust(path))
    assert crate.name == "my_crate"
    found = {
        (t.kind, t.name): [os.path.relpath(f, tmp_path) for f in t.files] for t in crate.targets
    }
    assert found == {
        ("lib", "my_crate"): [
            "src/lib.rs",
            "src/a.rs",
            "src/b/c.rs",
            "src/elsewhere.rs",
            "src/a/inner.rs",
            "src/e.rs",
        ],
        ("bin", "my-crate"): ["src/main.rs", "src/cli/mod.rs", "src/cli/parse.rs"],
        ("bin", "big"): ["src/bin/big/main.rs", "src/bin/big/util.rs"],
        ("bin", "tool"): ["src/bin/tool.rs"],
        ("example", "ex"): ["examples/ex.rs"],
        ("test", "t"): ["tests/t.rs"],
        ("bench", "b"): ["benches/b/main.rs"],
        ("example", "extra"): ["demo/extra.rs"],
        ("build-script", "build-script-build"): ["build.rs"],
    }


def test_a_module_file_missing_is_left_out(tmp_path):
    _tree(tmp_path, {"main.rs": "mod gone;\nmod here;\n", "here.rs": ""})
    files = module_files(str(tmp_path / "main.rs"), lambda path: read_rust(path))
    assert [os.path.basename(f) for f in files] == ["main.rs", "here.rs"]


@pytest.mark.parametrize(
    ("manifest", "package"),
    [
        ('[package]\nname = "p"\n', True),
        ('[workspace]\nmembers = ["m"]\n', False),
        ("[package\nname = ", False),  # not TOML, no `[package]` line: not a package
        ('[package]\nname = "p"\nversion = \n', True),  # not TOML, but a `[package]` line
    ],
)
def test_the_package_of_a_file_is_the_nearest_manifest_with_a_package(tmp_path, manifest, package):
    _tree(tmp_path, {"outer/Cargo.toml": '[package]\nname = "o"\n', "outer/x/Cargo.toml": manifest})
    file = tmp_path / "outer" / "x" / "src" / "deep" / "f.rs"
    assert Packages().root_of(str(file)) == (str(tmp_path / "outer" / "x") if package else None)


def test_no_file_outside_the_package_is_read_as_its_module(tmp_path):
    _tree(
        tmp_path,
        {
            "outside.rs": "",
            "p/Cargo.toml": '[package]\nname = "p"\n\n[lib]\npath = "../outside.rs"\n',
            "p/src/main.rs": '#[path = "../../outside.rs"]\nmod m;\nmod n;\n',
            "p/src/n.rs": "",
        },
    )
    crate = crate_at(str(tmp_path / "p"))
    assert [(t.kind, t.root) for t in crate.targets] == [("bin", str(tmp_path / "p/src/main.rs"))]
    files = crate.targets[0].expand(lambda path: read_rust(path))
    assert files == [str(tmp_path / "p/src/main.rs"), str(tmp_path / "p/src/n.rs")]


def test_a_module_of_one_test_target_opens_that_target_only(tmp_path, monkeypatch):
    _tree(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "p"\n',
            "tests/a.rs": "mod common;\nfn main() {}\n",
            "tests/common.rs": "",
            "tests/b/main.rs": "mod helper;\n",
            "tests/b/helper.rs": "fn h() {}\n",
            "tests/d.rs": "mod d_mod;\n",
            "tests/d_mod.rs": "",
            "tests/c.rs": "",
        },
    )
    opened: list[str] = []
    real = programs.read_file

    def spy(path, report, info=None):
        opened.append(Path(path).relative_to(tmp_path).as_posix())
        return real(path, report, info)

    monkeypatch.setattr(programs, "read_file", spy)
    report = lint_paths([str(tmp_path / "tests" / "b" / "helper.rs")])
    assert report.files == [str(tmp_path / "tests" / "b" / "helper.rs")]
    assert sorted(opened) == ["tests/b/helper.rs", "tests/b/main.rs"]


# -- path dependencies: a sibling package's library ------------------------------------------

SIBLING = Path(__file__).parent / "crates" / "sibling_state"


def test_a_path_dependency_s_library_is_read_under_its_crate_name():
    # lang uses `state_core::state::State`, its `detach_in_place` and `state_core::Teacher` of
    # the package `state-core` (`state-core = { path = "../core" }`). src/main.rs detaches the
    # state after each chunk's backward: no panic (`pbpit run` of it as one file runs to the end;
    # it was a false alarm while the dependency was not read). examples/undetached.rs does not:
    # the second chunk's backward (line 17) panics (NodeId(6) as one file).
    report = lint_paths([str(SIBLING)])
    found = [
        (Path(p).relative_to(SIBLING).as_posix(), line, rule) for p, line, _, rule in _where(report)
    ]
    assert found == [("lang/examples/undetached.rs", 15, "loop-external-tracked")]
    assert report.findings[0].tape.panics.line == 17
    assert len(report.files) == 4


def test_a_path_dependency_outside_the_files_given_is_not_read(monkeypatch):
    opened: list[str] = []
    real = programs.read_file

    def spy(path, report, info=None):
        opened.append(Path(path).resolve().relative_to(SIBLING).as_posix())
        return real(path, report, info)

    monkeypatch.setattr(programs, "read_file", spy)
    lint_paths([str(SIBLING / "lang")])
    assert sorted(opened) == ["lang/examples/undetached.rs", "lang/src/main.rs"]


def test_the_path_dependencies_of_a_manifest_and_the_targets_they_are_visible_to(tmp_path):
    manifest = """[package]
name = "a"
[dependencies]
burn = { version = "0.22", features = ["train"] }
core-x = { path = "../core-x", version = "0.1" }
shared = { workspace = true }
renamed = { package = "other", path = '../other' } # a comment
[dev-dependencies.helpers]
path = "../helpers"
[build-dependencies]
gen = { path = "gen" }
[features]
x = { path = "not-a-dependency" }
"""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "Cargo.toml").write_text(manifest)
    crate = crate_at(str(tmp_path / "a"))
    found = [
        (d.key, Path(d.directory).relative_to(tmp_path).as_posix(), d.renamed, d.kind)
        for d in crate.dependencies
    ]
    assert found == [
        ("core-x", "core-x", False, ""),
        ("renamed", "other", True, ""),
        ("helpers", "helpers", False, "dev"),
        ("gen", "a/gen", False, "build"),
    ]
    seen = {
        kind: [d.key for d in crate.dependencies if d.visible_to(kind)]
        for kind in ("lib", "bin", "test", "build-script")
    }
    assert seen == {
        "lib": ["core-x", "renamed"],
        "bin": ["core-x", "renamed"],
        "test": ["core-x", "renamed", "helpers"],
        "build-script": ["gen"],
    }


def test_a_renamed_path_dependency_is_named_by_its_key(tmp_path):
    # b's `batch` is an intermediate (a leaf's `exp()`); a calls it as `data::batch`, the key
    # its manifest gives the package `beta-data` under, before its loop: the second pass's
    # backward walks the consumed `exp` step again (the shape of tests/data/targets/trees/ws/beta).
    lib = (DATA / "trees" / "ws" / "beta" / "src" / "lib.rs").read_text()
    main = (DATA / "trees" / "ws" / "beta" / "src" / "main.rs").read_text()
    _tree(
        tmp_path,
        {
            "Cargo.toml": '[workspace]\nmembers = ["a", "b"]\n',
            "b/Cargo.toml": '[package]\nname = "beta-data"\n',
            "b/src/lib.rs": lib,
            "a/Cargo.toml": '[package]\nname = "a"\n[dependencies]\n'
            'data = { package = "beta-data", path = "../b" }\n',
            "a/src/main.rs": main.replace("beta_data::batch", "data::batch"),
        },
    )
    report = lint_paths([str(tmp_path)])
    assert [
        (Path(p).relative_to(tmp_path).as_posix(), line) for p, line, _, _ in _where(report)
    ] == [("a/src/main.rs", 9)]


_INHERITED = {
    "inline": "[dependencies]\nburn = { workspace = true }\nstate-core = { workspace = true }\n",
    "dotted": "[dependencies]\nburn.workspace = true\nstate-core.workspace = true\n",
    "table": "[dependencies.state-core]\nworkspace = true\nfeatures = []\n",
}


@pytest.mark.parametrize("form", sorted(_INHERITED))
def test_a_dependency_inherited_from_the_workspace_is_read_where_its_root_says(tmp_path, form):
    # SIBLING with `state-core` inherited (`workspace = true`, cargo's three spellings of it):
    # the root's `[workspace.dependencies]` gives its `path`, read from the root's directory.
    # The same finding as with the path written in lang's manifest (src/main.rs, which detaches,
    # was a false alarm while the dependency was not read; checked before this change).
    for file in SIBLING.rglob("*"):
        if file.is_file():
            (tmp_path / file.relative_to(SIBLING)).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / file.relative_to(SIBLING)).write_bytes(file.read_bytes())
    (tmp_path / "Cargo.toml").write_text(
        '[workspace]\nmembers = ["core", "lang"]\n\n[workspace.package]\nedition = "2021"\n\n'
        '[workspace.dependencies]\nburn = "0.22"\nstate-core = { version = "0.1", path = "core" }\n'
    )
    (tmp_path / "lang" / "Cargo.toml").write_text('[package]\nname = "lang"\n' + _INHERITED[form])
    report = lint_paths([str(tmp_path)])
    found = [(Path(p).relative_to(tmp_path).as_posix(), line) for p, line, _, _ in _where(report)]
    assert found == [("lang/examples/undetached.rs", 15)]
    assert len(report.files) == 4  # each file once, the library's too


def test_the_workspace_root_is_found_as_cargo_finds_it(tmp_path):
    _tree(
        tmp_path,
        {
            "repo/.git/HEAD": "",
            "repo/Cargo.toml": '[workspace]\n[workspace.dependencies]\nx = { path = "libs/x" }\n'
            'y = { package = "why", path = "libs/y" }\nz = "1.0"\n'
            '[workspace.dependencies.w]\npath = "libs/w"\n',
            "repo/a/Cargo.toml": '[package]\nname = "a"\n[dependencies]\nx.workspace = true\n'
            "y = { workspace = true }\nz = { workspace = true }\nmissing = { workspace = true }\n"
            '[dev-dependencies]\nw = { workspace = true, features = ["f"] }\n',
            # Its own workspace: `package.workspace` names a root above it.
            "repo/nested/Cargo.toml": '[workspace]\n[workspace.dependencies]\nx = { path = "n" }\n',
            "repo/nested/b/Cargo.toml": '[package]\nname = "b"\nworkspace = "../.."\n'
            "[dependencies]\nx = { workspace = true }\n",
            # A workspace named where no root is above the package: nothing inherited.
            "repo/c/Cargo.toml": '[package]\nname = "c"\nworkspace = "../nested"\n'
            "[dependencies]\nx = { workspace = true }\n",
            # No workspace at or above it inside the repository (the one above `.git` not read).
            "Cargo.toml": '[workspace]\n[workspace.dependencies]\nx = { path = "outside" }\n',
            "repo/d/Cargo.toml": '[package]\nname = "d"\n'
            "[dependencies]\nx = { workspace = true }\n",
        },
    )

    def found(name: str) -> list[tuple[str, str, bool, str]]:
        crate = crate_at(str(tmp_path / "repo" / name), packages=Packages())
        return [
            (d.key, Path(d.directory).relative_to(tmp_path).as_posix(), d.renamed, d.kind)
            for d in crate.dependencies
        ]

    assert found("a") == [
        ("x", "repo/libs/x", False, ""),
        ("y", "repo/libs/y", True, ""),
        ("w", "repo/libs/w", False, "dev"),
    ]
    assert found("nested/b") == [("x", "repo/libs/x", False, "")]
    assert found("c") == []
    os.remove(tmp_path / "repo" / "Cargo.toml")
    assert found("d") == []


@pytest.mark.parametrize(
    "root",
    [
        b'[workspace]\n[workspace.dependencies]\nx = { path = "/" }\n',
        b'[workspace]\n[workspace.dependencies]\nx = { path = "a" }\n',  # the package itself
        b'[workspace]\n[workspace.dependencies]\nx = { path = "../../.." }\n',
        b"[workspace]\n[workspace.dependencies]\n\xff\xfe\x00x = { path = \x00 }\n",
        b"[workspace.dependencies\nx = { workspace = true }\n",
    ],
)
def test_a_hostile_workspace_manifest_opens_nothing_outside_the_tree(tmp_path, root, monkeypatch):
    (tmp_path / "t" / "a" / "src").mkdir(parents=True)
    (tmp_path / "t" / "Cargo.toml").write_bytes(root)
    (tmp_path / "t" / "a" / "Cargo.toml").write_text(
        '[package]\nname = "a"\n[dependencies]\nx = { workspace = true }\n'
    )
    (tmp_path / "t" / "a" / "src" / "main.rs").write_text("fn main() { let _ = x::f(); }\n")
    opened: list[str] = []
    real = programs.read_file

    def spy(path, report, info=None):
        opened.append(Path(path).resolve().relative_to(tmp_path).as_posix())
        return real(path, report, info)

    monkeypatch.setattr(programs, "read_file", spy)
    report = lint_paths([str(tmp_path / "t")])
    assert opened == ["t/a/src/main.rs"]
    assert report.files == [str(tmp_path / "t" / "a" / "src" / "main.rs")] and not report.errors


def test_a_library_read_first_as_a_dependency_is_still_reported_as_given():
    # lang first: core's library is read for lang's programs before core's own turn; its files
    # were read then outside the report, and left out of what was checked (burn_dragon: 101 of
    # 270 files) and of the findings said.
    report = lint_paths([str(SIBLING / "lang"), str(SIBLING / "core")])
    assert sorted(Path(p).relative_to(SIBLING).as_posix() for p in report.files) == [
        "core/src/lib.rs",
        "core/src/state.rs",
        "lang/examples/undetached.rs",
        "lang/src/main.rs",
    ]
