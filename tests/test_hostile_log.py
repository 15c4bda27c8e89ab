"""A log is data (issue 28): `pbpit explain -` reads a pasted bug report or a CI log, and a
backtrace frame in it may name any file. A frame is the user's code only if its file is a `.rs`
source of the crate being read, once `..` and symbolic links are resolved; any other file is
never opened. A frame's file is read to its line, in blocks, and not at all past a size limit.
`--source` names a crate, never a directory's every file."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli

from pbpit.diagnose import crash
from pbpit.diagnose.crash import OneLine, find_crate, resolve, source_line
from pbpit.diagnose.output import scan
from pbpit.errors import UsageError

SECRET = "hunter2-backward-secret"
MANIFEST = '[package]\nname = "trainer"\nversion = "0.1.0"\nedition = "2021"\n'
MAIN = "fn main() {\n    let grads = loss.backward();\n}\n"
TAPE = (
    "Cannot run backward: graph tape has already been consumed at NodeId(2). Burn does not "
    "support retain_graph."
)


def _log(path: str, line: int = 1, column: int = 1) -> str:
    """A tape panic whose user frame, `trainer::step`, is at PATH:LINE:COLUMN."""
    return (
        "thread 'main' (7) panicked at /home/u/.cargo/registry/src/i/burn-autodiff-0.22.1/"
        "src/runtime/server.rs:74:17:\n"
        f"{TAPE}\n"
        "stack backtrace:\n"
        "   0: __rustc::rust_begin_unwind\n"
        "             at /rustc/0123/library/std/src/panicking.rs:697:5\n"
        "   8: trainer::step\n"
        f"             at {path}:{line}:{column}\n"
        "   9: trainer::main\n"
        "             at ./src/main.rs:2:17\n"
    )


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """A crate `trainer/` beside a directory `outside/` of secrets, and secrets inside the crate
    that are not its sources; the crate's `src/` holds symbolic links out."""
    root = tmp_path / "trainer"
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(MANIFEST)
    (root / "src" / "main.rs").write_text(MAIN)
    (root / ".env").write_text(f"A=1\nTOKEN={SECRET}\n")
    (root / "secret.txt").write_text(f"{SECRET}\n" * 3)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "lib.rs").write_text(f"fn f() {{ {SECRET}.backward(); }}\n" * 3)
    (outside / "notes.txt").write_text(f"{SECRET}\n" * 3)
    (root / "src" / "link.rs").symlink_to(outside / "lib.rs")
    (root / "src" / "text.rs").symlink_to(root / "secret.txt")
    os.symlink(outside, root / "src" / "linked_dir")
    return root


HOSTILE = [
    "/etc/passwd",
    "/proc/self/environ",
    ".env",
    "./.env",
    "secret.txt",
    "../outside/lib.rs",
    "src/../../outside/lib.rs",
    "./src/../../outside/notes.txt",
    "./src/link.rs",
    "./src/text.rs",
    "./src/linked_dir/lib.rs",
    "{outside}/lib.rs",
    "{outside}/notes.txt",
]


@pytest.mark.parametrize("path", HOSTILE)
def test_a_frame_outside_the_crates_sources_resolves_to_nothing(layout, path):
    crate = find_crate(None, layout)
    assert resolve(path.format(outside=layout.parent / "outside"), crate) is None
    assert resolve("./src/main.rs", crate) == layout / "src" / "main.rs"


@pytest.mark.parametrize("path", HOSTILE)
def test_explain_never_shows_a_line_of_a_file_outside_the_crate(layout, path):
    log = _log(path.format(outside=layout.parent / "outside"), 2, 5)
    for args in ((), ("--json",)):
        result = pbpit_cli("explain", "-", *args, stdin=log, cwd=layout)
        assert "Traceback" not in result.stderr
        assert SECRET not in result.stdout + result.stderr, (path, result.stdout)
        assert "/etc/passwd" not in result.stdout.replace(f"at {path}", "")


def test_the_users_own_frame_is_still_quoted(layout):
    result = pbpit_cli("explain", "-", stdin=_log("./src/main.rs", 2, 17), cwd=layout)
    assert "let grads = loss.backward();" in result.stdout, result.stdout + result.stderr


def test_a_fifo_in_the_crate_named_by_a_frame_is_never_opened(layout):
    os.mkfifo(layout / "src" / "pipe.rs")
    crate = find_crate(None, layout)
    assert resolve("./src/pipe.rs", crate) is None
    result = pbpit_cli("explain", "-", stdin=_log("./src/pipe.rs"), cwd=layout)
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("source", ["/", "{tmp}"])
def test_source_that_is_no_crate_is_a_usage_error(tmp_path, source):
    source = source.format(tmp=tmp_path)
    with pytest.raises(UsageError, match="no Cargo.toml"):
        find_crate(source, tmp_path)
    result = pbpit_cli("explain", "-", "--source", source, stdin=_log("/etc/passwd"), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "no Cargo.toml" in result.stderr, result.stderr


def test_source_inside_a_crate_is_read_as_that_crate(layout):
    crate = find_crate(str(layout / "src"), layout.parent)
    assert crate is not None and crate.root == layout


# -- reading a frame's file ---------------------------------------------------------------------


def test_a_frames_line_is_read_to_that_line_only(tmp_path):
    file = tmp_path / "big.rs"
    with file.open("w") as out:
        for number in range(1, 300_001):
            out.write(f"line {number}\n")
    assert source_line(file, 1) == ("line 1", None)
    assert source_line(file, 123_457) == ("line 123457", None)
    assert source_line(file, 300_000) == ("line 300000", None)
    assert source_line(file, 300_002) == ("", None)  # past its end: the source changed


def test_a_frames_line_of_a_minified_file_is_cut(tmp_path):
    file = tmp_path / "min.rs"
    file.write_text("x" * (1 << 21) + "\nsecond\n")
    text, skipped = source_line(file, 1)
    assert skipped is None and text == "x" * crash.MAX_QUOTED
    assert source_line(file, 2) == ("second", None)


def test_a_file_past_the_limit_is_not_read_and_says_so(tmp_path, monkeypatch):
    file = tmp_path / "generated.rs"
    file.write_text("fn f() {}\n" * 200)
    monkeypatch.setattr(crash, "MAX_SOURCE_BYTES", 1000)
    text, skipped = source_line(file, 3)
    assert text == "" and skipped is not None and "more than" in skipped


def test_one_line_renders_like_the_files_lines():
    lines = OneLine(3, "let x = 1;")
    assert len(lines) == 3
    assert [lines[i] for i in range(3)] == ["", "", "let x = 1;"]


def test_a_number_of_thousands_of_digits_in_a_log_is_no_traceback():
    digits = "1" * 5000
    log = (
        f"thread 'main' ({digits}) panicked at src/main.rs:{digits}:{digits}:\n{TAPE}\n"
        f"stack backtrace:\n  {digits}: trainer::step\n       at ./src/main.rs:{digits}:1\n"
        f"thread 'main' panicked at '{TAPE}', src/main.rs:{digits}:{digits}\n"
    )
    panics = scan([log.encode()])
    assert [p.node_id for p in panics] == [2, 2]
    assert panics[0].line is None and panics[0].frames[0].line is None
    result = pbpit_cli("explain", "-", stdin=log)
    assert "Traceback" not in result.stderr


def test_panics_past_the_cap_are_counted_and_said(tmp_path):
    other = "thread 'w{}' panicked at src/x.rs:1:1:\nboom {}\n"
    log = f"thread 'main' panicked at src/main.rs:4:22:\n{TAPE}\n" + "".join(
        other.format(n, n) for n in range(150)
    )
    result = pbpit_cli("explain", "-", stdin=log, cwd=tmp_path)
    assert "51 more panics in the output not read: pbpit reads the first 100" in result.stdout
    result = pbpit_cli("explain", "-", "--json", stdin=log, cwd=tmp_path)
    assert '"panics_dropped": 51' in result.stdout


def test_lint_skips_a_file_past_its_limit_with_a_note(tmp_path, monkeypatch):
    from pbpit.lint import tree

    (tmp_path / "generated.rs").write_text("fn f() {}\n" * 200)
    (tmp_path / "main.rs").write_text(MAIN)
    monkeypatch.setattr(tree, "MAX_FILE_BYTES", 1000)
    report = tree.lint_paths([str(tmp_path)])
    assert report.files == [str(tmp_path / "main.rs")]
    [skip] = report.skipped
    assert skip.path == str(tmp_path / "generated.rs") and "more than the" in skip.reason


def test_a_frame_in_a_file_past_the_limit_is_not_read(layout):
    big = layout / "src" / "generated.rs"
    big.write_bytes(b"fn f() { loss.backward(); }\n" * ((8 << 20) // 28 + 10))
    result = pbpit_cli("explain", "-", stdin=_log("./src/generated.rs", 3, 10), cwd=layout)
    assert "Traceback" not in result.stderr
    assert (
        "not quoted: src/generated.rs:" in result.stdout and "more than the 8 MiB" in result.stdout
    )


def test_pbpit_dash_dash_never_shows_a_line_of_a_file_a_program_names(layout):
    # The program's own output names the files: the same rule as for a pasted log.
    for path in ("/etc/passwd", "../outside/lib.rs", "./src/link.rs", ".env"):
        log = _log(path, 2, 5)
        program = f"import os, sys\nos.write(2, {log.encode()!r})\nsys.exit(101)\n"
        result = pbpit_cli("--", sys.executable, "-c", program, cwd=layout)
        assert result.returncode == 101, result.stderr
        report = result.stderr[len(log) :]
        assert "NodeId(2)" in report and SECRET not in report, report
        assert "root:" not in report


def test_a_crafted_backtrace_costs_a_bounded_number_of_lookups(layout, monkeypatch):
    # Thousands of components in a path, hundreds of frames that look like the user's: each
    # path is looked for by its last MAX_PARTS components, in at most MAX_LOOKED_UP frames.
    from pbpit.diagnose.output import Frame, Panic

    crate = find_crate(None, layout)
    deep = "a/" * 20_000 + "main.rs"
    frames = [Frame(i, f"trainer::f{i}", f"{deep}{i}.rs", 1, 1) for i in range(300)]
    panic = Panic("main", TAPE, None, None, None, 2, frames)
    looked = []
    isfile = os.path.isfile
    monkeypatch.setattr(crash.os.path, "isfile", lambda p: looked.append(p) or isfile(p))
    assert crash.user_frames(panic, crate) == []
    bound = crash.MAX_LOOKED_UP * crash.MAX_PARTS * len(crate.bases)
    assert 0 < len(looked) <= bound
    # Each path once: the same frames again cost nothing more.
    before = len(looked)
    crash.user_frames(panic, crate)
    assert len(looked) == before
