"""`--fix` on files pbpit does not own (issue 28): a fixed file keeps its owner, group, mode and
hard links, as `cargo fix` and rustfmt leave them; a read-only file is reported, not replaced;
a file with a UTF-8 byte order mark is fixed, its spans where rustc puts them; an edit saved
while pbpit writes is not lost; Ctrl-C lists what was fixed and leaves no temporary file."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli
from test_lint_ecosystem import CACHED, CACHED_FIXED

from pbpit.diagnostics.cargo import SourceText
from pbpit.lint import apply
from pbpit.lint.apply import fix_in_place
from pbpit.lint.tree import lint_paths

ROOT = Path(__file__).resolve().parent.parent
BOM = b"\xef\xbb\xbf"
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")


def _left(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if "pbpit-tmp" in p.name)


@as_root
def test_a_file_of_another_user_keeps_its_owner_group_and_mode(tmp_path):
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    os.chown(path, 65534, 65534)
    path.chmod(0o640)
    result = pbpit_cli("lint", "--fix", "cached.rs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert path.read_text() == CACHED_FIXED
    info = path.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (65534, 65534, 0o640)
    assert _left(tmp_path) == []


@as_root
def test_a_set_group_id_directory_does_not_change_the_files_group(tmp_path):
    tmp_path.chmod(0o2775)
    os.chown(tmp_path, 0, 65534)
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    os.chown(path, 0, 0)
    assert pbpit_cli("lint", "--fix", "cached.rs", cwd=tmp_path).returncode == 0
    assert (path.stat().st_uid, path.stat().st_gid) == (0, 0)


def test_a_hard_linked_file_stays_linked(tmp_path):
    path, other = tmp_path / "cached.rs", tmp_path / "other_name.rs.keep"
    path.write_text(CACHED)
    os.link(path, other)
    inode = path.stat().st_ino
    result = pbpit_cli("lint", "--fix", "cached.rs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert path.stat().st_ino == inode and path.stat().st_nlink == 2
    assert other.read_text() == CACHED_FIXED
    assert _left(tmp_path) == []


def test_a_read_only_file_is_reported_and_not_replaced(tmp_path):
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    path.chmod(0o444)
    inode = path.stat().st_ino
    result = pbpit_cli("lint", "--fix", "cached.rs", cwd=tmp_path)
    assert path.read_text() == CACHED and path.stat().st_ino == inode
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    assert "error: not fixed cached.rs: it is read-only (-r--r--r--)\n" in result.stderr
    assert result.returncode == 2
    assert _left(tmp_path) == []


def test_a_file_with_a_byte_order_mark_is_fixed_and_keeps_it(tmp_path):
    path = tmp_path / "cached.rs"
    path.write_bytes(BOM + CACHED.encode())
    result = pbpit_cli("lint", "--fix", "cached.rs", cwd=tmp_path)
    assert result.stderr == "fixed cached.rs: 1 fix (loop-external-tracked)\n"
    assert path.read_bytes() == BOM + CACHED_FIXED.encode()


# rustc 1.95 on this file (`rustc --error-format=json`): each span's byte_start, byte_end,
# line, column_start, column_end. Byte offsets count the mark's 3 bytes; columns do not.
RUSTC_BOM = BOM + 'fn main() { let x: i32 = "a"; }\nfn f() { let y: u8 = "é"; }\n'.encode()
RUSTC_SPANS = [(28, 31, 1, 26, 29), (22, 25, 1, 20, 23), (56, 60, 2, 22, 25), (51, 53, 2, 17, 19)]


def test_byte_offsets_and_columns_of_a_file_with_a_mark_are_rustcs():
    source = SourceText(RUSTC_BOM)
    assert source.line(1) == 'fn main() { let x: i32 = "a"; }'
    for start, end, line, column, end_column in RUSTC_SPANS:
        assert (source.byte(line, column), source.byte(line, end_column)) == (start, end)


def test_the_cargo_json_of_a_file_with_a_mark_is_the_plain_files_shifted_by_it(tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "marked").mkdir()
    (tmp_path / "plain" / "cached.rs").write_text(CACHED)
    (tmp_path / "marked" / "cached.rs").write_bytes(BOM + CACHED.encode())

    def spans(directory: str) -> list[tuple]:
        result = pbpit_cli("lint", "--message-format", "json", directory, cwd=tmp_path)
        found = []
        for line in result.stdout.splitlines():
            message = json.loads(line).get("message") or {}
            for child in [message, *message.get("children", [])]:
                for span in child.get("spans", []):
                    found.append(
                        (span["byte_start"], span["byte_end"], span["line_start"])
                        + (span["column_start"], span["column_end"])
                    )
        return found

    plain, marked = spans("plain"), spans("marked")
    assert plain and [(s + 3, e + 3, *rest) for s, e, *rest in plain] == marked


def test_an_edit_saved_while_the_fix_is_written_is_not_lost(tmp_path, monkeypatch):
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    report = lint_paths([str(path)])
    edited = CACHED.replace("for step in 0..3", "for step in 0..4")
    make = apply.tempfile.mkstemp

    def editor_saves_meanwhile(*args, **kwargs):
        # The first check passed; the editor saves before the rename.
        path.write_text(edited)
        return make(*args, **kwargs)

    monkeypatch.setattr(apply.tempfile, "mkstemp", editor_saves_meanwhile)
    outcome = fix_in_place(report, lambda: lint_paths([str(path)]))
    assert path.read_text() == edited
    assert outcome.lines == [f"warning: not fixed {path}: it changed since it was read"]
    assert _left(tmp_path) == []


def test_ctrl_c_while_a_file_is_written_finishes_it_and_lists_it(tmp_path, monkeypatch):
    first, second = tmp_path / "a.rs", tmp_path / "b.rs"
    first.write_text(CACHED)
    second.write_text(CACHED)
    report = lint_paths([str(first), str(second)])
    fsync = os.fsync

    def interrupted_fsync(descriptor: int) -> None:
        monkeypatch.setattr(apply.os, "fsync", fsync)  # once
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the middle of the first write
        fsync(descriptor)

    monkeypatch.setattr(apply.os, "fsync", interrupted_fsync)
    # Ctrl-C as an interactive shell leaves it to Python (a background job of a shell without
    # job control starts with SIGINT ignored, and pbpit then keeps ignoring it).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        outcome = fix_in_place(report, lambda: lint_paths([str(first), str(second)]))
    finally:
        signal.signal(signal.SIGINT, previous)
    assert outcome.interrupted
    assert first.read_text() == CACHED_FIXED and second.read_text() == CACHED
    assert outcome.lines == [
        f"fixed {first}: 1 fix (loop-external-tracked); not linted again: interrupted"
    ]
    assert _left(tmp_path) == []


INTERRUPTED_LINT = """\
import os, signal, sys
from pbpit import cli
from pbpit.lint import apply
real = apply._fix
def fix(report, lint_again, *rest):
    def lint_interrupted():
        os.kill(os.getpid(), signal.SIGINT)
        return lint_again()
    return real(report, lint_interrupted, *rest)
apply._fix = fix
cli.main(["lint", "--fix", "a.rs", "b.rs"])
"""


def _interactive_sigint() -> None:
    """SIGINT as an interactive shell starts a program with it: a background job of a shell
    without job control starts with SIGINT ignored, which the program would keep."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_fix_says_what_was_fixed_then_interrupted(tmp_path):
    for name in ("a.rs", "b.rs"):
        (tmp_path / name).write_text(CACHED)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_LINT],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        preexec_fn=_interactive_sigint,
    )
    assert done.returncode == 130
    assert done.stderr.decode().splitlines() == [
        "fixed a.rs: 1 fix (loop-external-tracked); not linted again: interrupted",
        "fixed b.rs: 1 fix (loop-external-tracked); not linted again: interrupted",
        "pbpit: interrupted",
    ]
    assert _left(tmp_path) == []


def _exchange_works(directory: Path) -> bool:
    first, second = directory / "x1", directory / "x2"
    first.write_text("1")
    second.write_text("2")
    swapped = apply._exchange(str(first), str(second))
    works = swapped and first.read_text() == "2" and second.read_text() == "1"
    first.unlink()
    second.unlink()
    return works


@pytest.mark.parametrize("save", ["in place", "by rename"])
def test_an_edit_saved_just_after_the_last_look_is_not_lost(tmp_path, monkeypatch, save):
    if not _exchange_works(tmp_path):
        pytest.skip("no atomic exchange here: the window is documented in docs/SECURITY.md")
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    report = lint_paths([str(path)])
    edited = CACHED.replace("for step in 0..3", "for step in 0..4")
    unchanged = apply._unchanged

    def then_the_editor_saves(real, expected, now):
        looked = unchanged(real, expected, now)
        if real == str(path):  # the last look at the file itself passed; the editor saves
            monkeypatch.setattr(apply, "_unchanged", unchanged)
            if save == "in place":
                path.write_text(edited)
            else:
                (tmp_path / "editor.swp").write_text(edited)
                os.replace(tmp_path / "editor.swp", path)
        return looked

    monkeypatch.setattr(apply, "_unchanged", then_the_editor_saves)
    outcome = fix_in_place(report, lambda: lint_paths([str(path)]))
    assert path.read_text() == edited
    assert outcome.lines == [f"warning: not fixed {path}: it changed since it was read"]
    assert _left(tmp_path) == []


def test_a_file_in_a_directory_pbpit_may_not_add_to_is_fixed_in_place(tmp_path, monkeypatch):
    # (As root a directory's mode does not stop it: the refusal is what mkstemp would raise.)
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    inode = path.stat().st_ino
    report = lint_paths([str(path)])

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr(apply.tempfile, "mkstemp", refused)
    outcome = fix_in_place(report, lambda: lint_paths([str(path)]))
    assert path.read_text() == CACHED_FIXED and path.stat().st_ino == inode
    assert outcome.lines == [f"fixed {path}: 1 fix (loop-external-tracked)"]
