"""`pbpit check`: cases against their golden NAME.stdout / NAME.stderr, run as a process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from pbpit.runner import CASES_DIR

# SPEC §3, written out here rather than read from pbpit's output.
PANIC_LINE = (
    "thread 'main' (TID) panicked at ~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/"
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
        "@@ -0,0 +1,3 @@\n"
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
