"""What a run prints is never lost and its exit status never lies: the case's output is written
as it is printed, an interruption keeps it, and under `--json` stdout is the one object."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys

import pytest
from pbpit_process import pbpit_cli, write_case

# Bounded waits: pbpit's start (numba, the engine) takes a few seconds on a cold cache.
START_SECONDS = 60


def _start(*args: str) -> subprocess.Popen:
    """`python -m pbpit ARGS` running, its output piped; SIGINT as an interactive shell has it."""
    base = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    return subprocess.Popen(
        [sys.executable, "-m", "pbpit", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=base,
        # A shell without job control starts its background jobs with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _first_line(process: subprocess.Popen) -> bytes:
    """The first line the process writes on stdout, or b"" if none comes in time."""
    ready, _, _ = select.select([process.stdout], [], [], START_SECONDS)
    return process.stdout.readline() if ready else b""


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    process.communicate(timeout=START_SECONDS)


# -- streaming ------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [[], ["--raw"]])
def test_python_case_output_shows_while_the_case_still_runs(tmp_path, mode):
    path = write_case(tmp_path, "import time\nprint('started')\ntime.sleep(600)\n")
    process = _start("run", str(path), *mode)
    try:
        assert _first_line(process) == b"started\n"
    finally:
        _stop(process)


def test_println_before_a_long_loop_in_a_rust_case_shows(tmp_path):
    program = 'fn main() {\n    println!("started");\n    loop {}\n}\n'
    path = write_case(tmp_path, program, "spin.rs")
    process = _start("run", str(path), "--raw")
    try:
        assert _first_line(process) == b"started\n"
    finally:
        _stop(process)


def test_streamed_stdout_and_stderr_keep_their_order_on_one_pipe(tmp_path):
    path = write_case(
        tmp_path,
        "import sys\nprint('a', end='')\nprint('b', file=sys.stderr)\nprint('c')\n"
        "sys.stderr.write('d')\nprint('e', end='')\n",
    )
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", "run", str(path), "--raw"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert (result.returncode, result.stdout) == (0, "ab\nc\nde")


# -- interruption ---------------------------------------------------------------------------------


def test_ctrl_c_keeps_what_was_printed_and_says_interrupted(tmp_path):
    path = write_case(tmp_path, "import time\nprint('started')\ntime.sleep(600)\n")
    process = _start("run", str(path), "--raw")
    try:
        assert _first_line(process) == b"started\n"
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=START_SECONDS)
    finally:
        _stop(process)
    assert (process.returncode, stdout, stderr) == (130, b"", b"pbpit: interrupted\n")


@pytest.mark.parametrize("mode", [[], ["--raw"]])
def test_keyboard_interrupt_raised_in_a_case_keeps_its_output(tmp_path, mode):
    path = write_case(tmp_path, "print('before')\nraise KeyboardInterrupt\n")
    result = pbpit_cli("run", str(path), *mode)
    assert (result.returncode, result.stdout) == (130, "before\n")
    assert result.stderr == "pbpit: interrupted\n"


def test_interrupt_under_json_is_still_one_object(tmp_path):
    path = write_case(tmp_path, "print('before')\nraise KeyboardInterrupt\n")
    result = pbpit_cli("run", str(path), "--json")
    assert result.returncode == 130
    assert json.loads(result.stdout) == {"interrupted": True}


# -- os._exit -------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [[], ["--raw"]])
def test_os_exit_keeps_the_output_and_its_status(tmp_path, mode):
    path = write_case(
        tmp_path, "import os, sys\nprint('before')\nprint('err', file=sys.stderr)\nos._exit(3)\n"
    )
    result = pbpit_cli("run", str(path), *mode)
    assert result.returncode == 3
    assert result.stdout.startswith("before\n") and result.stderr.startswith("err\n")


def test_os_exit_under_json_is_reported_in_the_object(tmp_path):
    path = write_case(tmp_path, "import os\nprint('before')\nos._exit(3)\nprint('never')\n")
    result = pbpit_cli("run", str(path), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == data["exit_code"] == 3
    assert data["stdout"] == "before\n"


# -- --json: the one object on stdout, always -----------------------------------------------------


def test_json_a_thread_printing_after_the_case_writes_to_stderr(tmp_path):
    path = write_case(
        tmp_path,
        """\
        import threading, time

        def later():
            time.sleep(0.5)
            print("late")

        threading.Thread(target=later).start()
        print("now")
        """,
    )
    result = pbpit_cli("run", str(path), "--json")
    assert json.loads(result.stdout)["stdout"] == "now\n"
    assert "late\n" in result.stderr


def test_json_an_atexit_handler_printing_writes_to_stderr(tmp_path):
    path = write_case(tmp_path, "import atexit\natexit.register(print, 'at exit')\n")
    result = pbpit_cli("run", str(path), "--json")
    assert json.loads(result.stdout)["exit_code"] == 0
    assert "at exit\n" in result.stderr


def test_json_a_case_that_forks_prints_one_object(tmp_path):
    path = write_case(
        tmp_path,
        """\
        import os

        print("before")
        pid = os.fork()
        print("child" if pid == 0 else "parent")
        if pid:
            os.waitpid(pid, 0)
        """,
    )
    result = pbpit_cli("run", str(path), "--json")
    data = json.loads(result.stdout)
    assert (result.returncode, data["stdout"]) == (0, "before\nparent\n")
    assert result.stderr == "child\n"


def test_raw_a_forked_child_ends_with_the_case_and_its_own_status(tmp_path):
    path = write_case(
        tmp_path,
        """\
        import os, sys

        pid = os.fork()
        if pid == 0:
            print("child")
            sys.exit(7)
        _, status = os.waitpid(pid, 0)
        print("child exited", os.waitstatus_to_exitcode(status))
        """,
    )
    result = pbpit_cli("run", str(path), "--raw")
    assert (result.returncode, result.stdout) == (0, "child\nchild exited 7\n")


def test_explain_stdin_without_a_panic_under_json_is_one_object_exit_1():
    result = pbpit_cli("explain", "-", "--json", stdin="all fine\n")
    assert result.returncode == 1
    assert json.loads(result.stdout) == {
        "node_id": None,
        "entry": None,
        "case": None,
        "panics": [],
        "panics_dropped": 0,
        "other_panics": [],
        "build_error": None,
        "rejected": [],
        "error": "no `graph tape has already been consumed` panic in the input",
    }


# -- exceptions Python does not call errors -------------------------------------------------------


def test_case_raising_a_base_exception_subclass_is_a_case_error(tmp_path):
    path = write_case(
        tmp_path, "class Halt(BaseException):\n    pass\n\nprint('a')\nraise Halt('stop here')\n"
    )
    result = pbpit_cli("run", str(path), "--raw")
    assert (result.returncode, result.stdout) == (1, "a\n")
    assert result.stderr == f"pbpit: case error at {path}:5: Halt: stop here\n"


def test_case_raising_generator_exit_is_a_case_error(tmp_path):
    path = write_case(tmp_path, "print('a')\nraise GeneratorExit\n")
    result = pbpit_cli("run", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "GeneratorExit" in result.stdout + result.stderr
    data = json.loads(pbpit_cli("run", str(path), "--json").stdout)
    assert data["error"] == {"message": "GeneratorExit", "line": 2}


# -- a case that lowers the recursion limit -------------------------------------------------------


@pytest.mark.parametrize("mode", [[], ["--raw"], ["--json"]])
def test_a_low_recursion_limit_in_a_case_does_not_reach_pbpit(tmp_path, mode):
    path = write_case(tmp_path, "import sys\nsys.setrecursionlimit(40)\nprint('ok')\n")
    result = pbpit_cli("run", str(path), *mode)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "ok\n" in (json.loads(result.stdout)["stdout"] if "--json" in mode else result.stdout)


def test_a_recursion_limit_too_low_to_set_is_the_case_error_python_gives(tmp_path):
    path = write_case(tmp_path, "import sys\nsys.setrecursionlimit(10)\n")
    result = pbpit_cli("run", str(path), "--raw")
    assert result.returncode == 1
    assert result.stderr.startswith(f"pbpit: case error at {path}:2: RecursionError: ")
    assert result.stderr.count("\n") == 1


def test_tensors_made_under_a_low_recursion_limit_are_still_named(tmp_path):
    path = write_case(
        tmp_path,
        """\
        import sys
        import pbpit as pb

        sys.setrecursionlimit(26)
        x = pb.Tensor.from_floats([1.0], pb.Device.flex().autodiff()).require_grad()
        y = (x.exp() * x).sum()
        grads = y.backward()
        print("done")
        """,
    )
    # The same case untraced (--raw) runs at that limit: naming tensors must not cost it.
    assert pbpit_cli("run", str(path), "--raw").stdout == "done\n"
    result = pbpit_cli("run", str(path), "--json")
    data = json.loads(result.stdout)
    assert (result.returncode, data["stdout"]) == (0, "done\n")
    assert [n["label"] for n in data["nodes"]] == ["x", None, None, "y"]
