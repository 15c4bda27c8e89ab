"""No traceback from any argument or file (issue 28): malformed glob patterns, manifests of
every wrong TOML type, file names that are not UTF-8, huge numbers, lone surrogates, directories
that cannot be read. Each gives one clear line (exit 2) or the result, as rustc, cargo and git
do with the same input."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli
from test_lint_ecosystem import CACHED, CLEAN

from pbpit.check import parse_timeout
from pbpit.diagnose.crash import find_crate
from pbpit.errors import UsageError
from pbpit.lint import tree
from pbpit.lint.command import lint_command
from pbpit.lint.tree import ignore_pattern, lint_paths, rust_files

ROOT = Path(__file__).resolve().parent.parent


def one_error_line(result: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


# -- glob patterns, as git matches them ---------------------------------------------------------


@pytest.mark.parametrize("pattern", ["[z-a]", "[b-a]*.rs", "[ab", "a[", "[]", "[!]", "[\\", "[a-"])
def test_a_malformed_pattern_is_no_traceback(tmp_path, pattern):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "b.rs").write_text(CLEAN)
    (tmp_path / ".gitignore").write_text(pattern + "\n")
    assert ignore_pattern(pattern) is not None
    assert lint_paths([str(tmp_path)]).errors == []
    result = pbpit_cli("lint", "--exclude", pattern, "src", cwd=tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


# Names as bytes: `é` is two bytes in UTF-8, `\xe9` one byte that is not UTF-8.
BYTE_NAMES = [b"\xc3\xa9.rs", b"\xe9.rs", b"ab.rs", b"z.rs", b"y.rs", b"b.rs", b"1.rs", b"x9.rs"]
BYTE_PATTERNS = [
    "?.rs",  # one byte: `\xe9.rs`, `z.rs`, ... not `é.rs`
    "??.rs",  # two bytes: `é.rs`, `ab.rs`
    "[z-a].rs",  # git: `z` alone
    "[[:digit:]].rs",
    "x[0-9]*",
    "[ab",  # never matches
]


@pytest.mark.skipif(shutil.which("git") is None, reason="no git")
@pytest.mark.parametrize("pattern", BYTE_PATTERNS)
def test_patterns_match_bytes_as_git_does(tmp_path, pattern):
    root = tmp_path / "repo"
    root.mkdir()
    for name in BYTE_NAMES:
        (Path(os.fsdecode(os.fsencode(root) + b"/" + name))).write_text(CLEAN)
    (root / ".gitignore").write_text(pattern + "\n")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    listed = subprocess.run(
        ["git", "-c", "core.quotepath=off", "ls-files", "-z", "--others", "--exclude-standard"],
        cwd=root, capture_output=True, check=True,
    ).stdout.split(b"\0")  # fmt: skip
    by_git = sorted(name for name in listed if name.endswith(b".rs"))
    by_lint = sorted(os.fsencode(p.name) for p in rust_files(root))
    assert by_lint == by_git
    # The same through --exclude, relative to the directory.
    (root / ".gitignore").unlink()
    excluded = sorted(os.fsencode(p.name) for p in rust_files(root, exclude=[pattern]))
    assert excluded == by_git


def test_cargo_pbpit_lint_exclude_is_relative_to_the_crate(tmp_path, monkeypatch):
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "t"\nversion = "0.1.0"\n')
    for directory, text in (("src", CLEAN), ("tests", CACHED), ("examples", CACHED)):
        (tmp_path / directory).mkdir()
        (tmp_path / directory / "main.rs").write_text(text)
    monkeypatch.chdir(tmp_path)

    def lint(*exclude: str) -> str:
        out, err = io.StringIO(), io.StringIO()
        lint_command([], "json", out, err, cargo=True, exclude=list(exclude))
        return json.loads(out.getvalue())["files"]

    assert sorted(lint()) == ["examples/main.rs", "src/main.rs", "tests/main.rs"]
    assert sorted(lint("tests/")) == ["examples/main.rs", "src/main.rs"]
    assert sorted(lint("/examples/main.rs", "tests")) == ["src/main.rs"]
    assert sorted(lint("*.rs")) == []


# -- Cargo.toml of every wrong type -------------------------------------------------------------

# TOML values of each type; the types each key pbpit reads may have.
VALUES = {
    "integer": "3",
    "float": "1.5",
    "boolean": "true",
    "string": '"x"',
    "datetime": "1979-05-27T07:32:00Z",
    "array": "[1]",
    "table": "{ a = 1 }",
}
KEYS = {
    # key (dotted, as written at the top level) -> the types cargo takes for it
    "package": {"table"},
    "package.name": {"string"},
    "package.version": {"string", "table"},
    "package.edition": {"string", "table"},
    "workspace": {"table"},
    "workspace.members": {"array"},
    "workspace.default-members": {"array"},
    "workspace.exclude": {"array"},
    "workspace.package": {"table"},
    "workspace.package.edition": {"string"},
    "workspace.dependencies": {"table"},
    "dependencies": {"table"},
    "dependencies.lib": {"string", "table"},
    "dependencies.lib.path": {"string"},
    "dev-dependencies": {"table"},
    "build-dependencies": {"table"},
    "target": {"table"},
}
CASES = [(key, kind) for key, allowed in KEYS.items() for kind in VALUES if kind not in allowed]


def _manifest(key: str, value: str) -> str:
    """A package manifest whose `key` is `value` (the rest valid)."""
    lines = ['[package]\nname = "t"\nversion = "0.1.0"\nedition = "2021"']
    if key == "package":
        lines = []
    elif key.startswith("package."):
        lines = [f"[package]\n{key.split('.')[1]} = {value}"]
        if key != "package.name":
            lines[0] += '\nname = "t"'
        return "\n".join(lines) + "\n"
    return "\n".join([f"{key} = {value}", *lines]) + "\n"


@pytest.mark.parametrize(("key", "kind"), CASES, ids=[f"{k}={t}" for k, t in CASES])
def test_each_key_pbpit_reads_of_each_wrong_type_is_one_line(tmp_path, monkeypatch, key, kind):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.rs").write_text(CLEAN)
    (tmp_path / "Cargo.toml").write_text(_manifest(key, VALUES[kind]))
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    assert lint_command([], "human", out, err, cargo=True) == 2
    line = err.getvalue()
    assert line.count("\n") == 1 and "invalid type" in line and f"`{key}" in line, line
    with pytest.raises(UsageError, match="invalid type"):
        find_crate(None, tmp_path)


def test_workspace_3_and_members_1_through_the_command_line(tmp_path):
    (tmp_path / "Cargo.toml").write_text("workspace = 3\n")
    line = one_error_line(_cargo_lint(tmp_path))
    assert "`workspace`: invalid type: integer `3`, expected a map" in line
    (tmp_path / "Cargo.toml").write_text("[workspace]\nmembers = [1]\n")
    line = one_error_line(_cargo_lint(tmp_path))
    assert "`workspace.members[0]`: invalid type: integer `1`, expected a string" in line


def _cargo_lint(cwd: Path) -> subprocess.CompletedProcess:
    """`cargo pbpit lint` as cargo runs it: `cargo-pbpit pbpit lint`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = (
        "import sys; from pbpit.cli import cargo_main; "
        "sys.argv = ['cargo-pbpit', 'pbpit', 'lint']; cargo_main()"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True
    )


@pytest.mark.parametrize("members", ['["missing"]', '["crates/*"]'])
def test_a_workspace_member_that_does_not_exist_is_an_error_as_cargo_says(tmp_path, members):
    (tmp_path / "crates" / "empty").mkdir(parents=True)
    (tmp_path / "Cargo.toml").write_text(f"[workspace]\nmembers = {members}\n")
    line = one_error_line(_cargo_lint(tmp_path))
    assert "failed to load manifest for workspace member" in line


# -- file names that are not UTF-8 --------------------------------------------------------------


@pytest.fixture
def latin1_tree(tmp_path: Path) -> Path:
    name = os.fsdecode(b"caf\xe9.rs")
    (tmp_path / name).write_text(CACHED)
    return tmp_path


def test_json_of_a_file_name_that_is_not_utf8_is_valid(latin1_tree):
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "lint", "--format", "json", "."],
        cwd=latin1_tree, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    data = json.loads(result.stdout.decode("utf-8"))  # strict: valid UTF-8
    assert data["files"] == ["caf\ufffd.rs"]  # as rustc shows such a name
    assert data["findings"][0]["path"] == "caf\ufffd.rs"


def test_sarif_of_a_file_name_that_is_not_utf8_percent_encodes_its_bytes(latin1_tree):
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "lint", "--format", "sarif", "."],
        cwd=latin1_tree, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert b"Traceback" not in result.stderr, result.stderr
    data = json.loads(result.stdout.decode("utf-8"))
    location = data["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "caf%E9.rs"


def test_cargo_json_of_a_file_name_that_is_not_utf8_is_valid(latin1_tree):
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "lint", "--message-format", "json", "."],
        cwd=latin1_tree, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    lines = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert lines[0]["message"]["spans"][0]["file_name"] == "caf\ufffd.rs"


# -- numbers, surrogates, permissions -----------------------------------------------------------


def test_a_timeout_past_what_a_timer_holds_is_no_limit():
    assert parse_timeout(1e10) is None and parse_timeout(1e300) is None
    assert parse_timeout(5.0) == 5.0
    result = pbpit_cli("check", "--timeout", "1e10", "cases/twice.py", cwd=ROOT)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


def test_lone_surrogates_in_run_json_are_replacement_characters(tmp_path):
    case = tmp_path / "surrogate.py"
    case.write_text('print("bad \\ud800 text")\n')
    result = pbpit_cli("run", str(case), "--json")
    assert "\\ud800" not in result.stdout
    assert json.loads(result.stdout)["stdout"] == "bad \ufffd text\n"


def test_a_directory_that_cannot_be_read_is_named(tmp_path, monkeypatch):
    (tmp_path / "locked").mkdir()
    walk = os.walk

    def denied(top, onerror=None, **kwargs):
        for root, dirs, files in walk(top, onerror=onerror, **kwargs):
            if "locked" in dirs:
                dirs.remove("locked")
                error = PermissionError(13, "Permission denied", os.path.join(root, "locked"))
                onerror(error)
            yield root, dirs, files

    monkeypatch.setattr(tree.os, "walk", denied)
    report = lint_paths([str(tmp_path)])
    [error] = report.errors
    assert error.text == f"cannot read directory {tmp_path / 'locked'}: Permission denied"


def test_check_on_a_directory_that_cannot_be_read_names_it(tmp_path, monkeypatch):
    from pbpit import check

    def denied(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(check.os, "listdir", denied)
    with pytest.raises(UsageError, match=f"cannot read directory {tmp_path}: Permission denied"):
        check.collect_cases([str(tmp_path)])


def test_a_gitignore_that_is_a_fifo_is_not_opened(tmp_path):
    # Opening a FIFO for reading blocks until someone writes: lint would hang.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.rs").write_text(CLEAN)
    os.mkfifo(tmp_path / ".gitignore")
    os.mkfifo(tmp_path / "src" / ".gitignore")
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "lint", "."],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "1 file checked" in result.stdout
