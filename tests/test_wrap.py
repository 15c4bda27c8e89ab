"""`pbpit -- COMMAND`'s running of the program (pbpit/runner/wrap.py), with real programs: what
they write reaches pbpit's stdout and stderr as written and when written, the sink gets all of
it, the environment, exit status, signals, terminals and stdin are as without pbpit."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import textwrap
import time
from pathlib import Path

import pytest

from pbpit.runner.wrap import CannotRun, run_wrapped

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

# pbpit's side of `pbpit -- ARGS` as the command line will call it: the sink writes into
# REPORT.sink, and REPORT says the status, the open fds before and after, and whether a child
# is left (running or a zombie).
WRAPPER = """\
import json, os, sys
from pbpit.runner.wrap import CannotRun, run_wrapped
report, argv = sys.argv[1], sys.argv[2:]
sink = open(report + ".sink", "wb", buffering=0)
before = sorted(os.listdir("/proc/self/fd"))
try:
    status = run_wrapped(argv, sink.write)
except CannotRun as err:
    print(err.line(), file=sys.stderr)
    status = err.exit_status
after = sorted(os.listdir("/proc/self/fd"))
try:
    os.waitpid(-1, os.WNOHANG)
    child_left = True
except ChildProcessError:
    child_left = False
with open(report, "w") as out:
    json.dump({"status": status, "before": before, "after": after, "child": child_left}, out)
sys.exit(status)
"""


def program(source: str) -> list[str]:
    """A Python program to run under pbpit."""
    return [PYTHON, "-c", textwrap.dedent(source)]


def environment(**changes: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "RUST_BACKTRACE"}
    env["PYTHONPATH"] = str(ROOT)
    for name, value in changes.items():
        if value is not None:
            env[name] = value
    return env


STARTED: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def _end_what_a_failed_test_left_running():
    yield
    while STARTED:
        wrapper = STARTED.pop()
        if wrapper.poll() is None:
            os.killpg(wrapper.pid, signal.SIGKILL)
            wrapper.wait()


def _signals_by_default() -> None:
    # Started by default, whatever the test run inherited (under `nohup` SIGHUP is ignored, and
    # pbpit then rightly leaves it ignored: a signal ignored from the start is not forwarded).
    for number in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)


def start_wrapper(argv: list[str], report: Path, **popen) -> subprocess.Popen:
    """pbpit in a process of its own, in a session (and process group) of its own, started
    with the default dispositions of the signals it forwards or ignores."""
    popen.setdefault("env", environment())
    popen.setdefault("preexec_fn", _signals_by_default)
    wrapper = subprocess.Popen(
        [PYTHON, "-c", WRAPPER, str(report), *argv], start_new_session=True, **popen
    )
    STARTED.append(wrapper)
    return wrapper


def read_report(report: Path) -> tuple[dict, bytes]:
    return json.loads(report.read_text()), Path(f"{report}.sink").read_bytes()


def wait_for(path: Path, text: bytes, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while text not in path.read_bytes():
        assert time.monotonic() < deadline, f"{text!r} never reached {path}"
        time.sleep(0.01)


# Output: byte for byte, live, in order.


def test_output_passes_through_byte_for_byte_on_both_streams(capfdbinary):
    out = b"\x00\xff\xfe not utf-8 \r\n\x1b[31mred\x1b[0m\tno newline at the end"
    err = b"\x1b[1;33mwarning\x1b[0m: \xe2\x9c\x93\r progress 50%"
    status = run_wrapped(
        program(f"import os; os.write(1, {out!r}); os.write(2, {err!r})"), lambda data: None
    )
    assert status == 0
    assert capfdbinary.readouterr() == (out, err)


def test_alternating_writes_keep_their_order_when_stdout_and_stderr_are_one_file(tmp_path):
    # As `2>&1`: the program gets one pipe for both, so their order is the order written.
    source = """\
        import os
        assert os.fstat(1).st_ino == os.fstat(2).st_ino
        for i in range(300):
            os.write(1, b"o%d " % i)
            os.write(2, b"e%d\\n" % i)
    """
    log, report = tmp_path / "log", tmp_path / "report"
    with log.open("wb") as output:
        wrapper = start_wrapper(program(source), report, stdout=output, stderr=subprocess.STDOUT)
        assert wrapper.wait(timeout=60) == 0
    expected = b"".join(b"o%d e%d\n" % (i, i) for i in range(300))
    assert log.read_bytes() == expected
    assert read_report(report)[1] == expected


def test_each_write_is_passed_on_before_the_next_without_waiting_for_a_newline(tmp_path):
    # The program writes its next piece only once pbpit has shown the last one: a progress
    # bar's `37%` appears at once, and alternating writes to two files keep their order.
    out, err, report = tmp_path / "out", tmp_path / "err", tmp_path / "report"
    source = f"""\
        import os, sys, time
        def shown(path, text):
            deadline = time.monotonic() + 30
            while not open(path, "rb").read().endswith(text):
                if time.monotonic() > deadline:
                    sys.exit(9)
                time.sleep(0.002)
        for i in range(20):
            os.write(1, b"\\r%d%%" % (5 * i))
            shown({str(out)!r}, b"\\r%d%%" % (5 * i))
            os.write(2, b"[%d]" % i)
            shown({str(err)!r}, b"[%d]" % i)
    """
    with out.open("wb") as stdout, err.open("wb") as stderr:
        wrapper = start_wrapper(program(source), report, stdout=stdout, stderr=stderr)
        assert wrapper.wait(timeout=120) == 0
    assert out.read_bytes() == b"".join(b"\r%d%%" % (5 * i) for i in range(20))
    assert err.read_bytes() == b"".join(b"[%d]" % i for i in range(20))
    assert read_report(report)[1] == b"".join(b"\r%d%%[%d]" % (5 * i, i) for i in range(20))


def test_sink_receives_every_byte_of_both_streams(capfdbinary):
    received: list[bytes] = []
    status = run_wrapped(
        program("""\
            import os
            os.write(2, b"   Compiling app v0.1.0\\n")
            os.write(1, b"step 0\\n" * 1000)
        """),
        received.append,
    )
    assert status == 0
    out, err = capfdbinary.readouterr()
    assert (out, err) == (b"step 0\n" * 1000, b"   Compiling app v0.1.0\n")
    everything = b"".join(received)
    assert sorted(everything.splitlines(keepends=True)) == sorted(
        (out + err).splitlines(keepends=True)
    )


def test_fifty_megabytes_on_both_streams_pass_through_without_deadlock(tmp_path):
    # The program fills each pipe in turn: reading one stream to its end first would hang.
    source = """\
        import sys
        base = bytes(range(256)) * 512
        for i in range(440):
            stream = sys.stdout.buffer if i % 5 else sys.stderr.buffer
            stream.write(base[: 100_000 + i * 997 % 31_072])
            stream.flush()
    """
    base = bytes(range(256)) * 512
    expected_out, expected_err, total = hashlib.sha256(), hashlib.sha256(), 0
    for i in range(440):
        chunk = base[: 100_000 + i * 997 % 31_072]
        (expected_out if i % 5 else expected_err).update(chunk)
        total += len(chunk)
    assert total > 50_000_000
    out, err, report = tmp_path / "out", tmp_path / "err", tmp_path / "report"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        wrapper = start_wrapper(program(source), report, stdout=stdout, stderr=stderr)
        assert wrapper.wait(timeout=300) == 0
    assert hashlib.sha256(out.read_bytes()).hexdigest() == expected_out.hexdigest()
    assert hashlib.sha256(err.read_bytes()).hexdigest() == expected_err.hexdigest()
    assert len(read_report(report)[1]) == total


def test_stdin_passes_through(tmp_path):
    data = b"".join(b"line %d\n" % i for i in range(10_000)) + b"last, no newline"
    wrapper = start_wrapper(
        program("import sys; sys.stdout.buffer.write(sys.stdin.buffer.read()[::-1])"),
        tmp_path / "report",
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    out, _ = wrapper.communicate(data, timeout=60)
    assert (wrapper.returncode, out) == (0, data[::-1])


# The environment.

PRINT_RUST_BACKTRACE = program("import os; print(repr(os.environ.get('RUST_BACKTRACE')))")


def test_rust_backtrace_is_set_to_1_when_the_user_did_not_set_it(monkeypatch, capfd):
    monkeypatch.delenv("RUST_BACKTRACE", raising=False)
    assert run_wrapped(PRINT_RUST_BACKTRACE, lambda data: None) == 0
    assert capfd.readouterr().out == "'1'\n"
    assert "RUST_BACKTRACE" not in os.environ


@pytest.mark.parametrize("value", ["full", "0", ""])
def test_rust_backtrace_the_user_set_is_kept(value, monkeypatch, capfd):
    monkeypatch.setenv("RUST_BACKTRACE", value)
    assert run_wrapped(PRINT_RUST_BACKTRACE, lambda data: None) == 0
    assert capfd.readouterr().out == f"{value!r}\n"


# Exit status.


@pytest.mark.parametrize("code", [0, 1, 3, 101, 255])
def test_exit_status_is_the_programs(code):
    assert run_wrapped(["sh", "-c", f"exit {code}"], lambda data: None) == code


@pytest.mark.parametrize(
    ("signal_number", "status"), [(signal.SIGKILL, 137), (signal.SIGTERM, 143)]
)
def test_a_program_killed_by_signal_n_gives_128_plus_n(signal_number, status):
    assert run_wrapped(["sh", "-c", f"kill -{signal_number} $$"], lambda data: None) == status


def test_a_command_not_found_is_one_line_with_status_127(tmp_path):
    with pytest.raises(CannotRun) as raised:
        run_wrapped(["pbpit-no-such-command"], lambda data: None)
    assert raised.value.line() == (
        "pbpit: error: cannot run `pbpit-no-such-command`: No such file or directory"
    )
    assert raised.value.exit_status == 127
    with pytest.raises(CannotRun) as raised:
        run_wrapped([str(tmp_path / "target/debug/app")], lambda data: None)
    assert raised.value.exit_status == 127


def test_a_file_that_is_not_executable_is_one_line_with_status_126(tmp_path):
    script = tmp_path / "train.sh"
    script.write_text("echo never\n")
    script.chmod(0o644)
    for command in (str(script), str(tmp_path)):
        with pytest.raises(CannotRun) as raised:
            run_wrapped([command], lambda data: None)
        assert raised.value.line() == f"pbpit: error: cannot run `{command}`: Permission denied"
        assert raised.value.exit_status == 126


def test_a_command_that_cannot_run_is_reported_by_the_wrapper_with_its_status(tmp_path):
    wrapper = start_wrapper(["pbpit-no-such-command"], tmp_path / "report", stderr=subprocess.PIPE)
    _, err = wrapper.communicate(timeout=60)
    assert wrapper.returncode == 127
    assert err == b"pbpit: error: cannot run `pbpit-no-such-command`: No such file or directory\n"


# No fd leaked, no child left.


def test_no_file_descriptor_is_left_open_after_a_run_or_a_failed_start(capfd):
    before = sorted(os.listdir("/proc/self/fd"))
    assert run_wrapped(program("print('hello')"), lambda data: None) == 0
    with pytest.raises(CannotRun):
        run_wrapped(["pbpit-no-such-command"], lambda data: None)
    assert sorted(os.listdir("/proc/self/fd")) == before


def test_no_child_is_left_and_no_fd_after_the_program_ends(tmp_path):
    report = tmp_path / "report"
    wrapper = start_wrapper(
        ["sh", "-c", "echo a; echo b >&2; exit 4"],
        report,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    assert wrapper.wait(timeout=60) == 4
    summary, sink = read_report(report)
    assert summary["after"] == summary["before"]
    assert summary["child"] is False
    assert sorted(sink.splitlines()) == [b"a", b"b"]


# Signals.

TRAPS = """\
    import os, signal
    def caught(number, frame):
        os.write(1, b"caught %d\\n" % number)
        os._exit(7)
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, caught)
    os.write(1, b"ready\\n")
    while True:
        signal.pause()
"""


def test_sigint_to_pbpits_process_group_reaches_the_program_and_not_pbpit(tmp_path):
    out, report = tmp_path / "out", tmp_path / "report"
    with out.open("wb") as stdout:
        wrapper = start_wrapper(program(TRAPS), report, stdout=stdout, stderr=subprocess.PIPE)
        wait_for(out, b"ready\n")
        os.killpg(wrapper.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
        _, err = wrapper.communicate(timeout=60)
    assert (wrapper.returncode, err) == (7, b"")
    assert out.read_bytes() == b"ready\ncaught 2\n"


def test_a_program_ended_by_sigint_gives_130_and_pbpit_prints_nothing(tmp_path):
    out, report = tmp_path / "out", tmp_path / "report"
    with out.open("wb") as stdout:
        wrapper = start_wrapper(
            ["sh", "-c", "echo ready; exec sleep 600"],
            report,
            stdout=stdout,
            stderr=subprocess.PIPE,
        )
        wait_for(out, b"ready\n")
        os.killpg(wrapper.pid, signal.SIGINT)
        _, err = wrapper.communicate(timeout=60)
    assert (wrapper.returncode, err) == (130, b"")
    assert read_report(report)[0]["child"] is False


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_sent_to_pbpit_alone_are_forwarded(signal_number, tmp_path):
    out, report = tmp_path / "out", tmp_path / "report"
    with out.open("wb") as stdout:
        wrapper = start_wrapper(program(TRAPS), report, stdout=stdout, stderr=subprocess.PIPE)
        wait_for(out, b"ready\n")
        os.kill(wrapper.pid, signal_number)
        _, err = wrapper.communicate(timeout=60)
    assert (wrapper.returncode, err) == (7, b"")
    assert out.read_bytes() == b"ready\ncaught %d\n" % signal_number


def test_pbpits_own_signal_handlers_are_restored_after_the_run():
    handlers = [signal.getsignal(n) for n in (signal.SIGINT, signal.SIGTERM, signal.SIGWINCH)]
    run_wrapped(["true"], lambda data: None)
    assert [signal.getsignal(n) for n in (signal.SIGINT, signal.SIGTERM, signal.SIGWINCH)] == (
        handlers
    )


# Terminals: pbpit's stdout and stderr are ptys the test holds.


class Terminal:
    """A pty standing for the user's terminal: no output processing, so that the bytes read
    from it are the bytes written to it."""

    def __init__(self, rows: int = 24, columns: int = 80) -> None:
        self.master, self.slave = os.openpty()
        attributes = termios.tcgetattr(self.slave)
        attributes[1] &= ~termios.OPOST
        termios.tcsetattr(self.slave, termios.TCSANOW, attributes)
        self.resize(rows, columns)
        self.shown = b""

    def resize(self, rows: int, columns: int) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def read(self, seconds: float) -> bool:
        """Read what is there (waiting up to `seconds`); False once the other side is closed."""
        if select.select([self.master], [], [], seconds)[0]:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            if not data:
                return False
            self.shown += data
        return True

    def read_until(self, text: bytes, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.shown:
            assert time.monotonic() < deadline, f"{text!r} never shown: {self.shown!r}"
            self.read(0.1)


def on_terminals(
    argv: list[str],
    report: Path,
    stdout: Terminal,
    stderr: Terminal | None,
    controlling: bool = False,
    during=None,
) -> int:
    """Run pbpit with its stdout on `stdout` and its stderr on `stderr` (a file when None),
    reading both until pbpit ends. `controlling`: `stdout` is also its stdin and controlling
    terminal, as a shell's terminal is. `during(terminal)` acts once the program is running."""
    err_file = open(report.with_suffix(".err"), "wb")  # noqa: SIM115
    wrapper = start_wrapper(
        argv,
        report,
        stdin=stdout.slave if controlling else subprocess.DEVNULL,
        stdout=stdout.slave,
        stderr=stderr.slave if stderr else err_file,
        preexec_fn=(lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0)) if controlling else None,
    )
    err_file.close()
    terminals = [stdout] if stderr in (None, stdout) else [stdout, stderr]
    for terminal in terminals:
        os.close(terminal.slave)
    if during is not None:
        during(stdout)
    open_terminals = list(terminals)
    deadline = time.monotonic() + 120
    while open_terminals:
        assert time.monotonic() < deadline, "pbpit did not end"
        open_terminals = [t for t in open_terminals if t.read(0.05)]
    status = wrapper.wait(timeout=60)
    for terminal in terminals:
        os.close(terminal.master)
    return status


TERMINAL_REPORT = """\
    import os, sys
    for fd in (1, 2):
        size = os.get_terminal_size(fd) if os.isatty(fd) else None
        os.write(fd, b"%d: %r %r\\n" % (fd, os.isatty(fd), size and tuple(size)))
"""


def test_only_a_stream_that_goes_to_a_terminal_gets_one_of_its_size(tmp_path):
    terminal = Terminal(rows=33, columns=111)
    status = on_terminals(program(TERMINAL_REPORT), tmp_path / "report", terminal, None)
    assert status == 0
    assert terminal.shown == b"1: True (111, 33)\n"
    assert (tmp_path / "report.err").read_bytes() == b"2: False None\n"
    summary, sink = read_report(tmp_path / "report")
    assert summary["after"] == summary["before"]
    assert summary["child"] is False


def test_stdout_and_stderr_on_two_terminals_each_get_a_pty_of_its_size(tmp_path):
    out, err = Terminal(rows=33, columns=111), Terminal(rows=20, columns=70)
    status = on_terminals(program(TERMINAL_REPORT), tmp_path / "report", out, err)
    assert status == 0
    assert out.shown == b"1: True (111, 33)\n"
    assert err.shown == b"2: True (70, 20)\n"


def test_stdout_and_stderr_on_one_terminal_share_one_pty_and_keep_their_order(tmp_path):
    terminal = Terminal()
    source = """\
        import os
        assert os.isatty(1) and os.isatty(2)
        assert os.ttyname(1) == os.ttyname(2)
        for i in range(300):
            os.write(1, b"o%d " % i)
            os.write(2, b"\\x1b[31me%d\\x1b[0m\\n" % i)
    """
    report = tmp_path / "report"
    assert on_terminals(program(source), report, terminal, terminal) == 0
    expected = b"".join(b"o%d \x1b[31me%d\x1b[0m\n" % (i, i) for i in range(300))
    assert terminal.shown == expected
    assert read_report(report)[1] == expected


def test_ctrl_c_on_the_terminal_reaches_the_program_and_pbpit_returns_its_status(tmp_path):
    terminal = Terminal()

    def press_ctrl_c(terminal: Terminal) -> None:
        terminal.read_until(b"ready\n")
        os.write(terminal.master, b"\x03")  # the line discipline's VINTR: SIGINT to the group

    status = on_terminals(
        program(TRAPS),
        tmp_path / "report",
        terminal,
        terminal,
        controlling=True,
        during=press_ctrl_c,
    )
    assert status == 7
    assert terminal.shown.endswith(b"caught 2\n")
    assert b"Traceback" not in terminal.shown


def test_a_change_of_our_window_size_reaches_the_programs_terminal(tmp_path):
    terminal = Terminal(rows=24, columns=80)
    source = """\
        import os, signal, time
        signal.signal(signal.SIGWINCH, lambda *_: None)
        os.write(1, b"%r\\n" % (tuple(os.get_terminal_size(1)),))
        deadline = time.monotonic() + 30
        while tuple(os.get_terminal_size(1)) == (80, 24) and time.monotonic() < deadline:
            time.sleep(0.01)
        os.write(1, b"%r\\n" % (tuple(os.get_terminal_size(1)),))
    """

    def resize(terminal: Terminal) -> None:
        terminal.read_until(b"(80, 24)\n")
        terminal.resize(50, 132)  # the kernel sends SIGWINCH to the terminal's foreground group

    status = on_terminals(
        program(source), tmp_path / "report", terminal, terminal, controlling=True, during=resize
    )
    assert status == 0
    assert terminal.shown == b"(80, 24)\n(132, 50)\n"


def test_output_through_a_pty_is_complete_when_the_program_exits_at_once(tmp_path):
    terminal = Terminal()
    source = """\
        import os
        data = bytes(range(256)) * 8192
        view = memoryview(data)
        while view:
            view = view[os.write(1, view):]
        os._exit(3)
    """
    assert on_terminals(program(source), tmp_path / "report", terminal, terminal) == 3
    assert terminal.shown == bytes(range(256)) * 8192
    assert len(read_report(tmp_path / "report")[1]) == 256 * 8192


# A Rust program, as `pbpit -- cargo run` runs one.

RUST_PROGRAM = """\
use std::io::IsTerminal;

fn main() {
    if std::io::stdout().is_terminal() {
        println!("\\x1b[32mstep 0\\x1b[0m: loss = 1.5");
    } else {
        println!("step 0: loss = 1.5");
    }
    eprintln!("stderr is a terminal: {}", std::io::stderr().is_terminal());
    panic!("Cannot run backward: graph tape has already been consumed at NodeId(2)");
}
"""


@pytest.fixture(scope="module")
def rust_program(tmp_path_factory) -> Path:
    if shutil.which("rustc") is None:
        pytest.skip("rustc is not on PATH")
    directory = tmp_path_factory.mktemp("rust")
    (directory / "train.rs").write_text(RUST_PROGRAM)
    subprocess.run(
        ["rustc", "-g", "-o", str(directory / "train"), str(directory / "train.rs")],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return directory / "train"


def test_a_rust_program_panics_with_a_backtrace_and_status_101(rust_program, tmp_path):
    out, err, report = tmp_path / "out", tmp_path / "err", tmp_path / "report"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        wrapper = start_wrapper([str(rust_program)], report, stdout=stdout, stderr=stderr)
        assert wrapper.wait(timeout=60) == 101
    assert out.read_bytes() == b"step 0: loss = 1.5\n"
    printed = err.read_text()
    # rustc 1.89 and later name the thread's id: `thread 'main' (24175) panicked at`.
    assert re.match(
        r"stderr is a terminal: false\n\nthread 'main' (\(\d+\) )?panicked at ", printed
    )
    assert "graph tape has already been consumed at NodeId(2)\nstack backtrace:\n" in printed
    assert "train::main\n             at " in printed
    assert "run with `RUST_BACKTRACE=1`" not in printed
    assert read_report(report)[1].count(b"NodeId(2)") == 1


def test_a_rust_program_on_our_terminal_sees_one_and_colours_its_output(rust_program, tmp_path):
    out, err = Terminal(), Terminal()
    assert on_terminals([str(rust_program)], tmp_path / "report", out, err) == 101
    assert out.shown == b"\x1b[32mstep 0\x1b[0m: loss = 1.5\n"
    assert err.shown.startswith(b"stderr is a terminal: true\n")
    assert b"stack backtrace:\n" in err.shown


# The command line, once cli.py runs `pbpit -- COMMAND` through run_wrapped.

CLI_WIRED = "run_wrapped" in (ROOT / "pbpit" / "program_output.py").read_text()


@pytest.mark.skipif(not CLI_WIRED, reason="cli.py does not run `pbpit -- COMMAND` yet")
def test_pbpit_dash_dash_runs_the_command_and_exits_with_its_status(tmp_path):
    done = subprocess.run(
        [PYTHON, "-m", "pbpit", "--", "sh", "-c", "echo out; echo err >&2; exit 3"],
        capture_output=True,
        env=environment(),
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (3, b"out\n", b"err\n")
    done = subprocess.run(
        [PYTHON, "-m", "pbpit", "--", "pbpit-no-such-command"],
        capture_output=True,
        env=environment(),
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (127, b"")
    assert done.stderr == (
        b"pbpit: error: cannot run `pbpit-no-such-command`: No such file or directory\n"
    )
