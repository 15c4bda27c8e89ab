"""`pbpit -- COMMAND` neither changes the program's fate nor outlives it (issue 28): a reader
that goes away (`| head -1`) costs pbpit neither the program's status nor the report; a process
the program left in the background does not keep pbpit running; a signal once the program is
gone does what it does by default; `pbpit -- ""` is a shell's 127; Ctrl-C while pbpit loads is
one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pbpit.runner.wrap import DRAIN

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TAPE = (
    "Cannot run backward: graph tape has already been consumed at NodeId(2). Burn does not "
    "support retain_graph."
)
PANIC = f"\nthread 'main' (7) panicked at src/main.rs:4:22:\n{TAPE}\n"


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    env["PYTHONPATH"] = str(ROOT)
    return env


def pbpit(*argv: str, **popen) -> subprocess.Popen:
    """`pbpit -- ARGV` in a session of its own (what it leaves behind is ended with it)."""
    return subprocess.Popen(
        [PYTHON, "-m", "pbpit", "--", *argv],
        env=environment(),
        start_new_session=True,
        **popen,
    )


def end(process: subprocess.Popen) -> None:
    """End what the test started and whatever it left in its session."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


# The program writes a line, then goes on writing until its stdout breaks (it says so on its
# stderr), then panics with the tape panic and exits 101.
WRITER = textwrap.dedent(
    f"""\
    import os, sys, time
    os.write(1, b"first\\n")
    try:
        for _ in range(100_000):
            os.write(1, b"x" * 1000 + b"\\n")
            time.sleep(0.001)
        os.write(2, b"never broke\\n")
    except BrokenPipeError:
        os.write(2, b"stdout broke\\n")
    os.write(2, {PANIC.encode()!r})
    sys.exit(101)
    """
)


def test_a_reader_that_goes_away_costs_neither_the_status_nor_the_report(tmp_path):
    wrapper = pbpit(PYTHON, "-c", WRITER, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert wrapper.stdout.readline() == b"first\n"
        wrapper.stdout.close()  # `| head -1`
        err = wrapper.stderr.read()
        status = wrapper.wait(timeout=120)
    finally:
        end(wrapper)
    # Not 141 (-13 here): pbpit did not die of SIGPIPE.
    assert status == 101, err
    # The program saw what it would see without pbpit: its stdout broke.
    assert b"stdout broke\n" in err
    assert TAPE.encode() in err
    # pbpit's report, after the program's output.
    report = err.split(TAPE.encode(), 1)[1]
    assert b"NodeId(2)" in report, err


def test_a_background_process_holding_the_output_does_not_keep_pbpit(tmp_path):
    wrapper = pbpit(
        "sh", "-c", "sleep 600 & echo hi; exit 3", stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        # Without pbpit the shell returns at once; the old pbpit waited the 600 s.
        out, err = wrapper.communicate(timeout=60)
    finally:
        end(wrapper)
    assert (wrapper.returncode, out, err) == (3, b"hi\n", b"")


def test_a_background_writer_cannot_keep_pbpit_reading(tmp_path):
    # The program ends at once; what it left behind writes on, for ever.
    wrapper = pbpit(
        "sh", "-c", "(while :; do echo more; done) & echo hi; exit 4", stdout=subprocess.PIPE
    )
    try:
        out, _ = wrapper.communicate(timeout=60)
    finally:
        end(wrapper)
    # The background loop may write before the program does: its line is somewhere in it.
    assert wrapper.returncode == 4 and b"hi\n" in out


SIGNALS = """\
import signal, subprocess, sys
from pbpit.runner.wrap import _Signals
program = subprocess.Popen(["true"])
program.wait()
signals = _Signals([])
signals.started(program)
number = int(sys.argv[1])
try:
    (signals._forward if number != signal.SIGINT else signals._ignore)(number, None)
except KeyboardInterrupt:
    sys.exit(130)
print("survived")
"""


def test_a_signal_once_the_program_is_gone_does_what_it_does_by_default():
    for number, status in ((signal.SIGTERM, -signal.SIGTERM), (signal.SIGHUP, -signal.SIGHUP)):
        done = subprocess.run(
            [PYTHON, "-c", SIGNALS, str(int(number))], env=environment(), capture_output=True
        )
        assert (done.returncode, done.stdout) == (status, b""), done.stderr
    done = subprocess.run(
        [PYTHON, "-c", SIGNALS, str(int(signal.SIGINT))], env=environment(), capture_output=True
    )
    assert (done.returncode, done.stdout) == (130, b""), done.stderr


def test_an_empty_command_is_not_found_as_a_shell_says():
    done = subprocess.run(
        [PYTHON, "-m", "pbpit", "--", ""], env=environment(), capture_output=True, timeout=60
    )
    assert (done.returncode, done.stdout) == (127, b"")
    assert done.stderr.count(b"\n") == 1 and b"not found" in done.stderr


# Ctrl-C at the moment pbpit imports typer (its slowest import): delivered precisely there.
WHILE_LOADING = """\
import builtins, os, signal, sys
real = builtins.__import__
def importing(name, *args, **kwargs):
    if name == "typer":
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, *args, **kwargs)
builtins.__import__ = importing
from pbpit.cli import main
builtins.__import__ = real
sys.argv = ["pbpit", "--", "true"]
main()
"""


def test_ctrl_c_while_pbpit_loads_is_one_line_and_130():
    done = subprocess.run(
        [PYTHON, "-c", WHILE_LOADING],
        env=environment(),
        capture_output=True,
        timeout=60,
        # SIGINT as an interactive shell starts a program with it (a background job of a shell
        # without job control starts with SIGINT ignored, which the program would keep).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert b"Traceback" not in done.stderr
    assert (done.returncode, done.stderr) == (130, b"pbpit: interrupted\n")


def test_escape_sequences_in_the_output_pass_through_but_never_reach_the_report():
    # `ESC c` resets a terminal; an OSC sets its title. The program's output is kept as it is;
    # pbpit's report quotes the other panic's thread and message, without them.
    output = (
        f"{PANIC}\nthread '\x1bcworker' panicked at src/x.rs:1:1:\n\x1bc\x1b]0;owned\x07boom\x1bc\n"
    ).encode()
    source = f"import os, sys\nos.write(2, {output!r})\nsys.exit(101)\n"
    wrapper = pbpit(PYTHON, "-c", source, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = wrapper.communicate(timeout=120)
    finally:
        end(wrapper)
    assert wrapper.returncode == 101
    passed, report = err[: len(output)], err[len(output) :]
    assert passed == output
    assert b"thread 'worker' panicked at src/x.rs:1:1: boom" in report, report
    assert b"\x1b" not in report and b"\x07" not in report and b"owned" not in report


@pytest.mark.parametrize("background", [False, True])
def test_what_the_program_wrote_is_all_passed_on_however_slow_the_reader(background):
    # The program widens its stdout pipe to 1 MiB (F_SETPIPE_SZ), fills it and ends; the reader
    # takes a first part, then waits (`| less`, paused) past the drain: all of it still comes.
    size = 900_000
    writer = (
        "import fcntl, os\n"
        "fcntl.fcntl(1, 1031, 1 << 20)\n"
        f"data = b'x' * {size}\n"
        "while data:\n"
        "    data = data[os.write(1, data):]\n"
    )
    argv = ["sh", "-c", f"sleep 600 & exec {PYTHON} -c \"{writer}\""] if background else [
        PYTHON, "-c", writer
    ]  # fmt: skip
    wrapper = pbpit(*argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = wrapper.stdout.read(70_000)
        time.sleep(DRAIN + 1.5)
        out = wrapper.stdout.read()  # the rest, from the same buffered reader
        err = wrapper.stderr.read()
        wrapper.wait(timeout=60)
    finally:
        end(wrapper)
    assert (wrapper.returncode, len(first) + len(out), err) == (0, size, b"")
