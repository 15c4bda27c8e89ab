"""`pbpit check`: cases against their golden NAME.stdout / NAME.stderr, run as a process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import pbpit.check as check
from pbpit.runner import CASES_DIR

# SPEC §3, written out here rather than read from pbpit's output.
# rustc 1.95's panic hook writes an empty line before the panic (SPEC §1).
PANIC_LINE = (
    "\nthread 'main' (TID) panicked at ~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/"
    "burn-autodiff-0.22.1/src/runtime/server.rs:74:17:\n"
)
MESSAGE = (
    "Cannot run backward: graph tape has already been consumed at NodeId({}). Burn does not "
    "support retain_graph. Combine losses before backward or recompute the forward pass. Use "
    "detach() only to intentionally sever gradients through the previous computation.\n"
)
NOTE = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"

SPEC_STDOUT = {
    "twice": "step 0: w.grad = Some([1.6487212, 2.7182817])\n",
    "twice_fix": (
        "A step 0: w.grad = Some([1.6487212, 2.7182817]) x.grad = None\n"
        "A step 1: w.grad = Some([1.6487212, 2.7182817]) x.grad = None\n"
        "B step 0: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])\n"
        "B step 1: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])\n"
        "C l1+l2:  w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([4.9461637, 10.873127])\n"
    ),
    "shared_loss": (
        "l1 = 7.0852847, l2 = 8.734006\n"
        "l1: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])\n"
    ),
    "double_backward": "first: w.grad = Some([1.6487212, 2.7182817])\n",
}
SPEC_PANIC_NODE = {"twice": 2, "twice_fix": None, "shared_loss": 2, "double_backward": 4}

TWICE_STDOUT = SPEC_STDOUT["twice"]
TWICE_STDERR = PANIC_LINE + MESSAGE.format(2) + NOTE


def pbpit_check(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pbpit", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "NO_COLOR": "1"},
    )


def user_case(directory: Path, builtin: str = "twice.py", name: str = "my_case") -> Path:
    """A copy of a built-in case program under the user's own name, without goldens."""
    path = directory / f"{name}.py"
    shutil.copy(CASES_DIR / builtin, path)
    return path


def test_builtin_cases_and_their_rust_twins_all_pass_check():
    result = pbpit_check()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "ok      twice",
        "ok      twice.rs",
        "ok      twice_fix",
        "ok      twice_fix.rs",
        "ok      shared-loss",
        "ok      shared-loss.rs",
        "ok      double-backward",
        "ok      double-backward.rs",
        "",
        "8 passed, 0 failed",
    ]
    assert result.stderr == ""


def test_shipped_goldens_equal_spec_section_3():
    for stem, stdout in SPEC_STDOUT.items():
        assert (CASES_DIR / f"{stem}.stdout").read_text() == stdout, stem
        node = SPEC_PANIC_NODE[stem]
        stderr_path = CASES_DIR / f"{stem}.stderr"
        if node is None:
            # A case that prints nothing on stderr has no .stderr golden at all.
            assert not stderr_path.exists(), stem
        else:
            assert stderr_path.read_text() == PANIC_LINE + MESSAGE.format(node) + NOTE, stem


def test_wrong_golden_fails_with_exit_1_and_a_diff_naming_the_differing_line(tmp_path):
    case = user_case(tmp_path)
    case.with_suffix(".stdout").write_text("step 0: w.grad = Some([1.0, 2.0])\n")
    case.with_suffix(".stderr").write_text(TWICE_STDERR)
    result = pbpit_check(str(case))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"FAILED  {case} (stdout differs)"
    assert "--- expected my_case.stdout" in lines
    assert "+++ actual" in lines
    assert "-step 0: w.grad = Some([1.0, 2.0])" in lines
    assert "+step 0: w.grad = Some([1.6487212, 2.7182817])" in lines
    assert "--- expected my_case.stderr" not in lines
    assert lines[-1] == "0 passed, 1 failed"


def test_a_panic_where_the_golden_has_none_reports_the_exit_status_difference(tmp_path):
    case = user_case(tmp_path)
    case.with_suffix(".stdout").write_text(TWICE_STDOUT)
    result = pbpit_check(str(case))
    assert result.returncode == 1
    assert f"FAILED  {case} (stderr and exit status differ)" in result.stdout
    assert "+" + MESSAGE.format(2) in result.stdout
    assert "exit status: expected 0, got 101\n" in result.stdout


def test_an_exit_status_the_goldens_do_not_imply_fails_the_check(tmp_path):
    case = tmp_path / "exits.py"
    case.write_text("import sys\n\nprint('done')\nsys.exit(3)\n")
    case.with_suffix(".stdout").write_text("done\n")
    result = pbpit_check(str(case))
    assert result.returncode == 1
    assert f"FAILED  {case} (exit status differs)" in result.stdout
    assert "exit status: expected 0, got 3\n" in result.stdout


def test_case_without_golden_fails_asking_for_bless(tmp_path):
    case = user_case(tmp_path)
    result = pbpit_check(str(case))
    assert result.returncode == 1
    assert f"FAILED  {case} (no golden file; run with --bless)" in result.stdout
    assert result.stdout.splitlines()[-1] == "0 passed, 1 failed"


def test_bless_writes_the_goldens_and_a_following_check_passes(tmp_path):
    case = user_case(tmp_path)
    bless = pbpit_check("--bless", str(case))
    assert bless.returncode == 0, bless.stderr
    assert "blessed" in bless.stdout and "my_case.stdout" in bless.stdout
    assert case.with_suffix(".stdout").read_text() == TWICE_STDOUT
    assert case.with_suffix(".stderr").read_text() == TWICE_STDERR
    check = pbpit_check(str(case))
    assert check.returncode == 0, check.stdout
    assert check.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_bless_writes_no_stderr_golden_for_a_case_that_does_not_panic(tmp_path):
    case = user_case(tmp_path, builtin="twice_fix.py")
    case.with_suffix(".stderr").write_text("stale\n")
    result = pbpit_check("--bless", str(case))
    assert result.returncode == 0
    assert case.with_suffix(".stdout").read_text() == SPEC_STDOUT["twice_fix"]
    assert not case.with_suffix(".stderr").exists()
    assert "removed" in result.stdout


def test_bless_on_unchanged_goldens_writes_nothing(tmp_path):
    case = user_case(tmp_path)
    goldens = [case.with_suffix(".stdout"), case.with_suffix(".stderr")]
    goldens[0].write_text(TWICE_STDOUT)
    goldens[1].write_text(TWICE_STDERR)
    # An old mtime, so that a rewrite within the same clock tick would still show.
    for golden in goldens:
        os.utime(golden, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    result = pbpit_check("--bless", str(case))
    assert result.returncode == 0
    assert [g.stat().st_mtime_ns for g in goldens] == [1_000_000_000_000_000_000] * 2
    assert "blessed" not in result.stdout
    assert result.stdout.count("unchanged") >= 2


def test_directory_checks_every_case_with_a_golden_beside_it(tmp_path):
    good = user_case(tmp_path, name="good")
    good.with_suffix(".stdout").write_text(TWICE_STDOUT)
    good.with_suffix(".stderr").write_text(TWICE_STDERR)
    user_case(tmp_path, name="no_golden")
    result = pbpit_check(str(tmp_path))
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines() == [f"ok      {good}", "", "1 passed, 0 failed"]


def test_junit_file_parses_and_counts_testcases_and_failures(tmp_path):
    good = user_case(tmp_path, name="good")
    good.with_suffix(".stdout").write_text(TWICE_STDOUT)
    good.with_suffix(".stderr").write_text(TWICE_STDERR)
    bad = user_case(tmp_path, name="bad")
    bad.with_suffix(".stdout").write_text("step 0: w.grad = None\n")
    bad.with_suffix(".stderr").write_text(TWICE_STDERR)
    junit = tmp_path / "report.xml"
    result = pbpit_check("--junit", str(junit), str(good), str(bad))
    assert result.returncode == 1
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert suite.get("name") == "pbpit check"
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")
    cases = suite.findall("testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("pbpit.check", str(good)),
        ("pbpit.check", str(bad)),
    ]
    assert all(float(c.get("time", "nan")) >= 0 for c in cases)
    assert cases[0].find("failure") is None
    failure = cases[1].find("failure")
    assert failure is not None
    assert failure.get("message") == "stdout differs"
    assert "-step 0: w.grad = None" in (failure.text or "")


def test_junit_into_a_missing_directory_exits_2_with_one_line(tmp_path):
    target = tmp_path / "no_such_dir" / "report.xml"
    result = pbpit_check("--junit", str(target))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert str(target) in result.stderr
    assert not target.parent.exists()


def test_json_is_one_object_with_every_case(tmp_path):
    case = user_case(tmp_path)
    case.with_suffix(".stdout").write_text(TWICE_STDOUT)
    result = pbpit_check("--json", "twice", str(case))
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert (data["passed"], data["failed"]) == (1, 1)
    first, second = data["cases"]
    assert first["case"] == "twice" and first["ok"] is True
    assert (first["stdout_diff"], first["stderr_diff"]) == ("", "")
    assert (first["expected_exit"], first["actual_exit"]) == (101, 101)
    assert second["path"] == str(case) and second["ok"] is False
    assert second["stdout_diff"] == ""
    assert second["stderr_diff"].startswith("--- expected my_case.stderr\n+++ actual\n")
    assert (second["expected_exit"], second["actual_exit"]) == (0, 101)


def test_missing_path_exits_2_with_one_line(tmp_path):
    missing = tmp_path / "nope.py"
    result = pbpit_check(str(missing))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"pbpit: error: no such case file: {missing}\n"


def test_a_failing_check_prints_status_lines_then_each_diff_then_the_summary(tmp_path):
    good = user_case(tmp_path, name="good")
    good.with_suffix(".stdout").write_text(TWICE_STDOUT)
    good.with_suffix(".stderr").write_text(TWICE_STDERR)
    bad = user_case(tmp_path, name="bad")
    bad.with_suffix(".stdout").write_text("step 0: w.grad = None")
    user_case(tmp_path, name="no_golden")
    result = pbpit_check("good.py", "bad.py", "no_golden.py", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == (
        "ok      good.py\n"
        "FAILED  bad.py (stdout, stderr and exit status differ)\n"
        "FAILED  no_golden.py (no golden file; run with --bless)\n"
        "\n"
        "failures:\n"
        "\n"
        "---- bad.py ----\n"
        "--- expected bad.stdout\n"
        "+++ actual\n"
        "@@ -1 +1 @@\n"
        "-step 0: w.grad = None\n"
        "\\ No newline at end of file\n"
        "+step 0: w.grad = Some([1.6487212, 2.7182817])\n"
        "--- expected bad.stderr\n"
        "+++ actual\n"
        "@@ -0,0 +1,4 @@\n"
        + "".join(f"+{line}\n" for line in TWICE_STDERR.splitlines())
        + "exit status: expected 0, got 101\n"
        "\n"
        "1 passed, 2 failed\n"
    )
    assert result.stderr == ""


def test_bless_prints_one_line_per_golden_file_then_the_counts(tmp_path):
    case = user_case(tmp_path, builtin="twice_fix.py")
    case.with_suffix(".stdout").write_text(SPEC_STDOUT["twice_fix"])
    case.with_suffix(".stderr").write_text("stale\n")
    result = pbpit_check("--bless", str(case), cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == (
        "unchanged my_case.stdout\nremoved   my_case.stderr\n1 written, 1 unchanged\n"
    )


def test_check_output_streams_one_line_as_each_case_finishes(tmp_path):
    # The second case waits for a file the test writes only once it has read the first case's
    # line: a report printed at the end would leave it waiting, and it would print `timed out`.
    # Without PYTHONUNBUFFERED, stdout into a pipe is block-buffered, as it is in CI.
    first = tmp_path / "first.py"
    first.write_text("print('first')\n")
    first.with_suffix(".stdout").write_text("first\n")
    marker = tmp_path / "first_line_seen"
    waits = tmp_path / "waits.py"
    waits.write_text(
        "import pathlib, time\n"
        "deadline = time.monotonic() + 20\n"
        f"while not pathlib.Path({str(marker)!r}).exists() and time.monotonic() < deadline:\n"
        "    time.sleep(0.01)\n"
        f"print('seen' if pathlib.Path({str(marker)!r}).exists() else 'timed out')\n"
    )
    waits.with_suffix(".stdout").write_text("seen\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "pbpit", "check", str(first), str(waits)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"} | {"NO_COLOR": "1"},
    )
    assert process.stdout is not None
    first_line = process.stdout.readline()
    marker.touch()
    rest, stderr = process.communicate(timeout=60)
    assert first_line == f"ok      {first}\n"
    assert process.returncode == 0, first_line + rest + stderr
    assert rest == f"ok      {waits}\n\n2 passed, 0 failed\n"


def test_checking_prints_nothing_and_returns_each_case_as_data(tmp_path, capsys):
    from pbpit.check import check_cases, collect_cases

    case = user_case(tmp_path)
    case.with_suffix(".stdout").write_text("step 0: w.grad = None\n")
    case.with_suffix(".stderr").write_text(TWICE_STDERR)
    (result,) = check_cases(collect_cases([str(case)]))
    assert capsys.readouterr() == ("", "")
    assert (result.name, result.path, result.ok) == (str(case), case, False)
    assert result.reason == "stdout differs"
    assert result.stdout_diff == [
        "--- expected my_case.stdout",
        "+++ actual",
        "@@ -1 +1 @@",
        "-step 0: w.grad = None",
        "+step 0: w.grad = Some([1.6487212, 2.7182817])",
    ]
    assert result.stderr_diff == []
    assert (result.expected_exit, result.actual_exit) == (101, 101)


def test_blessing_prints_nothing_and_reports_each_golden_file(tmp_path, capsys):
    from pbpit.check import bless_cases, collect_cases

    case = user_case(tmp_path)
    case.with_suffix(".stdout").write_text(TWICE_STDOUT)
    report = bless_cases(collect_cases([str(case)], bless=True))
    assert capsys.readouterr() == ("", "")
    assert [(f.path, f.action) for f in report.files] == [
        (case.with_suffix(".stdout"), "unchanged"),
        (case.with_suffix(".stderr"), "blessed"),
    ]
    assert (report.written, report.unchanged) == (1, 1)


# -- nothing lost: goldens written whole, all or none --------------------------------------------

STALE = "stale golden, written by hand\n"


def stale_case(directory: Path, name: str, builtin: str = "twice.py") -> tuple[Path, Path, Path]:
    """A user case whose two goldens hold STALE, so that a bless must rewrite both."""
    case = user_case(directory, builtin=builtin, name=name)
    stdout, stderr = case.with_suffix(".stdout"), case.with_suffix(".stderr")
    stdout.write_text(STALE)
    stderr.write_text(STALE)
    return case, stdout, stderr


def one_error_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("pbpit: error: ")
    return result.stderr


def test_bless_past_the_file_size_limit_leaves_every_golden_as_it_was(tmp_path):
    # A real write failure from the OS: the file size limit (RLIMIT_FSIZE) stops the write of
    # the 300-byte stderr golden with EFBIG, as a full disk would stop it with ENOSPC.
    import resource
    import signal

    _, stdout, stderr = stale_case(tmp_path, "my_case")

    def limit_file_size() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "check", "--bless", str(tmp_path / "my_case.py")],
        capture_output=True,
        text=True,
        preexec_fn=limit_file_size,
    )
    line = one_error_line(result)
    assert str(stderr) in line
    assert (stdout.read_text(), stderr.read_text()) == (STALE, STALE)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "my_case.py",
        "my_case.stderr",
        "my_case.stdout",
    ]


def test_bless_when_the_disk_fills_at_fsync_leaves_every_golden_as_it_was(tmp_path, monkeypatch):
    import errno

    from pbpit.check import bless_cases, collect_cases
    from pbpit.errors import UsageError

    goldens = [*stale_case(tmp_path, "a")[1:], *stale_case(tmp_path, "b")[1:]]
    cases = collect_cases([str(tmp_path)], bless=True)
    calls = []

    def full_disk(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 3:  # the third golden: two are already written to their temporary files
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(UsageError, match="No space left on device") as raised:
        bless_cases(cases)
    assert "no golden file was written" in str(raised.value)
    assert [g.read_text() for g in goldens] == [STALE] * 4
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["a.py", "b.py", *(g.name for g in goldens)]
    )


def test_bless_refuses_a_read_only_golden_and_writes_none(tmp_path):
    _, a_stdout, a_stderr = stale_case(tmp_path, "a")
    _, b_stdout, _ = stale_case(tmp_path, "b")
    b_stdout.chmod(0o444)
    line = one_error_line(pbpit_check("--bless", str(tmp_path)))
    assert f"{b_stdout}: it is read-only" in line
    assert "no golden file was written" in line
    assert (a_stdout.read_text(), a_stderr.read_text(), b_stdout.read_text()) == (STALE,) * 3


def test_bless_with_a_directory_where_a_golden_goes_writes_none(tmp_path):
    _, a_stdout, a_stderr = stale_case(tmp_path, "a")
    _, b_stdout, b_stderr = stale_case(tmp_path, "b")
    b_stderr.unlink()
    b_stderr.mkdir()
    line = one_error_line(pbpit_check("--bless", str(tmp_path)))
    assert f"{b_stderr}: it is a directory" in line
    assert (a_stdout.read_text(), a_stderr.read_text(), b_stdout.read_text()) == (STALE,) * 3
    assert b_stderr.is_dir()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any directory")
def test_bless_into_a_directory_it_cannot_write_writes_none(tmp_path):
    writable = tmp_path / "writable"
    locked = tmp_path / "locked"
    writable.mkdir()
    locked.mkdir()
    _, a_stdout, _ = stale_case(writable, "a")
    stale_case(locked, "b")
    locked.chmod(0o555)
    try:
        line = one_error_line(pbpit_check("--bless", str(writable), str(locked)))
    finally:
        locked.chmod(0o755)
    assert str(locked) in line and "cannot write in its directory" in line
    assert a_stdout.read_text() == STALE


def test_kill_9_during_bless_leaves_each_golden_whole(tmp_path):
    # Goldens of a few megabytes make the write phase long enough to be hit: the test waits
    # until pbpit starts writing (a file in the directory changes), then kills it at once or a
    # few milliseconds later. Each golden must then be entirely old or entirely new.
    import random

    lines = 200_000
    new = "".join(f"line {i}\n" for i in range(lines))
    old = "old\n" * lines
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.py").write_text(
            f"import pbpit\n\nfor i in range({lines}):\n    print(f'line {{i}}')\n"
        )
        (tmp_path / f"{name}.stdout").write_text(old)
    goldens = sorted(tmp_path.glob("*.stdout"))
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    chance = random.Random(10)
    for _ in range(4):
        process = subprocess.Popen(
            [sys.executable, "-m", "pbpit", "check", "--bless", str(tmp_path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while process.poll() is None:
            now = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir() if p.exists()}
            if now != before:
                break
        time.sleep(chance.uniform(0, 0.02))
        process.kill()
        process.wait()
        for golden in goldens:
            assert golden.read_text() in (old, new), golden.name
        for golden in goldens:  # the next trial starts from the old goldens again
            golden.write_text(old)
        before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}


def test_two_blesses_at_once_on_one_directory_both_end_well(tmp_path):
    expected = {}
    # Each stale .stderr is removed by both: the old bless failed here in about 1 round of 4.
    for name in "abcdefghij":
        _, stdout, stderr = stale_case(tmp_path, name, builtin="twice_fix.py")
        expected[stdout] = SPEC_STDOUT["twice_fix"]
    command = [sys.executable, "-m", "pbpit", "check", "--bless", str(tmp_path)]
    for _ in range(8):
        for name in expected:
            name.write_text(STALE)
            name.with_suffix(".stderr").write_text(STALE)  # stale: each bless removes it
        first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        second = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for process in (first, second):
            out, err = process.communicate(timeout=120)
            assert process.returncode == 0, out + err
            assert err == ""
        assert {p: p.read_text() for p in expected} == expected
        assert not list(tmp_path.glob("*.stderr"))
        assert sorted(p.suffix for p in tmp_path.iterdir()) == [".py"] * 10 + [".stdout"] * 10


# -- a case cannot move the ground ---------------------------------------------------------------


def test_a_case_that_changes_directory_moves_no_later_case_or_golden(tmp_path):
    cases = tmp_path / "cases"
    elsewhere = tmp_path / "elsewhere" / "cases"
    cases.mkdir()
    elsewhere.mkdir(parents=True)
    (cases / "a.py").write_text(
        f"import os\nimport pbpit\n\nos.chdir({str(tmp_path / 'elsewhere')!r})\nprint('a')\n"
    )
    (cases / "b.py").write_text("import pbpit\n\nprint('the real b')\n")
    (elsewhere / "b.py").write_text("import pbpit\n\nprint('another b')\n")
    result = pbpit_check("--bless", "cases", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == (
        "blessed   cases/a.stdout\nblessed   cases/b.stdout\n2 written, 0 unchanged\n"
    )
    assert (cases / "b.stdout").read_text() == "the real b\n"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["b.py"]
    check = pbpit_check("cases", cwd=tmp_path)
    assert check.stdout == "ok      cases/a.py\nok      cases/b.py\n\n2 passed, 0 failed\n"


# -- what a case file is -------------------------------------------------------------------------


def test_bless_of_a_directory_runs_only_its_case_files(tmp_path):
    ran = tmp_path / "setup_ran"
    (tmp_path / "setup.py").write_text(f"import pathlib\npathlib.Path({str(ran)!r}).touch()\n")
    (tmp_path / "helper.py").write_text("def double(x):\n    return 2 * x\n")
    (tmp_path / "module.rs").write_text("pub fn double(x: i32) -> i32 {\n    2 * x\n}\n")
    (tmp_path / "uses.py").write_text("from pbpit import Device\n\nprint('uses pbpit')\n")
    (tmp_path / "main.rs").write_text('fn main() {\n    println!("rust");\n}\n')
    (tmp_path / "blessed_before.py").write_text("print('has a golden')\n")
    (tmp_path / "blessed_before.stdout").write_text("stale\n")
    result = pbpit_check("--bless", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not ran.exists()
    assert sorted(p.name for p in tmp_path.glob("*.stdout")) == [
        "blessed_before.stdout",
        "main.stdout",
        "uses.stdout",
    ]
    assert (tmp_path / "main.stdout").read_text() == "rust\n"


def test_a_case_file_named_on_the_command_line_is_always_a_case(tmp_path):
    helper = tmp_path / "helper.py"
    helper.write_text("print('named')\n")
    result = pbpit_check("--bless", str(helper))
    assert result.returncode == 0, result.stderr
    assert helper.with_suffix(".stdout").read_text() == "named\n"


def test_glob_chooses_the_case_files_of_a_directory(tmp_path):
    (tmp_path / "one_case.py").write_text("print('one')\n")
    (tmp_path / "two_case.py").write_text("print('two')\n")
    (tmp_path / "other.py").write_text("import pbpit\n\nprint('other')\n")
    result = pbpit_check("--bless", "--glob", "*_case.py", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(p.name for p in tmp_path.glob("*.stdout")) == [
        "one_case.stdout",
        "two_case.stdout",
    ]


def test_check_help_says_what_a_case_file_is():
    result = pbpit_check("--help")
    text = " ".join(result.stdout.split())
    assert "imports pbpit" in text and "fn main" in text and "--glob" in text


# -- a time limit per case -----------------------------------------------------------------------


def test_a_case_past_the_time_limit_fails_with_its_output_so_far_and_the_next_runs(tmp_path):
    loops = tmp_path / "loops.py"
    loops.write_text(
        "import sys\n\nprint('before the loop')\nprint('to stderr', file=sys.stderr)\n"
        "while True:\n    try:\n        pass\n    except Exception:\n        pass\n"
    )
    loops.with_suffix(".stdout").write_text("before the loop\n")
    good = tmp_path / "good.py"
    good.write_text("print('good')\n")
    good.with_suffix(".stdout").write_text("good\n")
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "check", "--timeout", "0.5", "loops.py", "good.py"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert time.monotonic() - start < 30
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout == (
        "FAILED  loops.py (timed out after 0.5 s)\n"
        "ok      good.py\n"
        "\n"
        "failures:\n"
        "\n"
        "---- loops.py ----\n"
        "timed out after 0.5 s; its output until then:\n"
        "before the loop\n"
        "to stderr\n"
        "\n"
        "1 passed, 1 failed\n"
    )


def test_a_rust_case_past_the_time_limit_fails_with_what_it_printed(tmp_path):
    case = tmp_path / "spins.rs"
    case.write_text('fn main() {\n    println!("started");\n    loop {}\n}\n')
    case.with_suffix(".stdout").write_text("started\n")
    result = pbpit_check("--timeout", "0.5", "--json", str(case))
    assert result.returncode == 1, result.stderr
    (only,) = json.loads(result.stdout)["cases"]
    assert (only["ok"], only["reason"], only["timed_out"]) == (False, "timed out after 0.5 s", True)
    assert only["output_so_far"] == "started\n"


def test_bless_of_a_case_past_the_time_limit_writes_nothing(tmp_path):
    case = tmp_path / "loops.py"
    case.write_text("import pbpit\n\nprint('x')\nwhile True:\n    pass\n")
    line = one_error_line(pbpit_check("--bless", "--timeout", "0.5", str(case)))
    assert "time limit" in line and "0.5 s" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loops.py"]


def test_in_ci_a_case_gets_600_seconds_by_default_and_none_elsewhere():
    from pbpit.check import default_timeout

    assert default_timeout({"CI": "true"}) == 600
    assert default_timeout({"CI": "1"}) == 600
    assert default_timeout({}) is None
    assert default_timeout({"CI": "false"}) is None


@pytest.mark.parametrize("value", ["-1", "nan", "inf"])
def test_a_time_limit_that_is_no_duration_is_a_usage_error(value):
    line = one_error_line(pbpit_check("--timeout", value))
    assert "--timeout" in line


# -- smaller ones --------------------------------------------------------------------------------


def test_junit_with_an_empty_file_name_is_a_usage_error():
    line = one_error_line(pbpit_check("--junit", ""))
    assert "--junit" in line


@pytest.mark.parametrize("golden", ["stdout", "stderr"])
def test_a_directory_where_a_golden_belongs_is_reported_as_a_directory(tmp_path, golden):
    case = user_case(tmp_path)
    case.with_suffix(".stdout").write_text(TWICE_STDOUT)
    case.with_suffix(".stderr").write_text(TWICE_STDERR)
    in_the_way = case.with_suffix(f".{golden}")
    in_the_way.unlink()
    in_the_way.mkdir()
    line = one_error_line(pbpit_check(str(case)))
    assert line == f"pbpit: error: cannot read golden file {in_the_way}: it is a directory\n"


def test_a_golden_another_bless_removes_while_ours_checks_it_is_no_reason_to_stop(
    tmp_path, monkeypatch
):
    # Two blesses at once: between our look at a stale golden and our asking whether it can be
    # written, the other bless removed it; os.access then says no of a file that is gone.
    golden = tmp_path / "case.stderr"
    golden.write_text("stale\n")
    real_access = os.access

    def access(path, mode):
        if Path(path) == golden and golden.exists():
            golden.unlink()  # the other bless, just now
            return False
        return real_access(path, mode)

    monkeypatch.setattr(check.os, "access", access)
    change = check.GoldenChange(golden, "case.stderr", b"stale\n", None, "removed")
    check.write_goldens([change])
    assert not golden.exists()


def test_a_golden_another_bless_removes_while_ours_reads_it_is_no_file(tmp_path, monkeypatch):
    golden = tmp_path / "case.stderr"
    golden.write_text("stale\n")
    real_read = Path.read_bytes

    def read_bytes(path):
        if path == golden:
            golden.unlink()  # the other bless, between our look and our read
        return real_read(path)

    monkeypatch.setattr(check.Path, "read_bytes", read_bytes)
    change = check.GoldenChange.of(golden, Path("case.stderr"), None)
    assert change.old is None
