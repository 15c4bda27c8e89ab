"""Running `pbpit -- COMMAND [ARGS]`: the program runs as it would without pbpit, its output
passed through live and also handed to a sink (the output scanner) as it comes.

What the program sees:

- its environment, with `RUST_BACKTRACE=1` unless the user's environment sets `RUST_BACKTRACE`
  (to anything, even empty);
- pbpit's stdin, as is;
- for its stdout and stderr, one channel per place pbpit's own stdout and stderr go: a pty when
  that place is a terminal (so cargo, rustc and Rust programs see a terminal, colour their
  output and buffer it as they would there; the pty has the terminal's window size), a pipe
  otherwise. When pbpit's stdout and stderr are the same file (one terminal, or `2>&1`), the
  program gets one channel for both, as `2>&1` would give it: the order of its writes to the
  two is then kept exactly, not only as closely as reading two channels allows.

The ptys carry output only: they are not the program's controlling terminal. The program stays
in pbpit's session and process group, with pbpit's terminal as its controlling terminal, so
Ctrl-C and Ctrl-\\ on that terminal reach it directly, as they reach pbpit; while it runs pbpit
ignores both itself and forwards the SIGTERM and SIGHUP it is sent. (Making a pty its
controlling terminal would take the program out of the terminal's foreground group: Ctrl-C,
job control and `/dev/tty` would then go through pbpit.) A signal pbpit was started with
ignored (`nohup`, a background job) stays ignored, and the program inherits that as it would.
Once the program has ended, a signal does to pbpit what it does by default.

pbpit neither changes the program's fate nor outlives it:

- when pbpit's stdout (or stderr) is closed by its reader (`pbpit -- PROG | head -1`), pbpit
  stops passing that stream on and closes the program's end of it, so the program's next write
  fails as it would without pbpit (SIGPIPE or EPIPE, as it has chosen); pbpit itself ignores
  SIGPIPE while the program runs, reads on, and returns the program's status;
- pbpit returns soon after the program itself ends, even when a process the program started
  in the background still holds its output open (`sleep 25 &`): what the program wrote is all in
  the channel by then, and is passed on (`DRAIN`); what the background process writes later
  meets a closed channel.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import select
import signal
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType

from pbpit.errors import UsageError

BLOCK = 65536
"""The most read from the program at once: what is there is passed on without waiting for
more."""
DRAIN = 1.0
"""Seconds, at most, output is still read after the program has ended (from a process it left
in the background that keeps writing); reading stops sooner when `QUIET` passes without any."""
QUIET = 0.05
"""Seconds without output after the program has ended that end the reading."""
TICK = 0.1
"""How often the program's end is looked for where no pidfd tells it (not Linux)."""


class CannotRun(UsageError):
    """The command could not be started: `cannot run `foo`: No such file or directory`. Its exit
    status is a shell's: 127 when the command is not found, 126 when it is found but cannot be
    executed (not executable, a directory, not a program)."""

    def __init__(self, command: str, error: OSError) -> None:
        super().__init__(f"cannot run `{command}`: {error.strerror or error}")
        self.exit_status = 127 if isinstance(error, FileNotFoundError) else 126


def _not_found(command: str) -> OSError:
    """The error a shell gives a command it cannot find (an empty one: `""`)."""
    return FileNotFoundError(errno.ENOENT, "command not found", command)


def run_wrapped(argv: list[str], sink: Callable[[bytes], None]) -> int:
    """Run `argv` until it ends and every byte it wrote is passed on, and return its exit status
    (128 + N when signal N killed it). Each block of its stdout and stderr goes to pbpit's own
    stdout and stderr as it is read, and to `sink` just before. Raises CannotRun when the
    command cannot be started. Call it from the main thread: elsewhere Python cannot handle
    signals, and a Ctrl-C would end pbpit too.

    It returns soon after the program has ended: what it wrote is passed on, and a process it
    started that keeps the output open (a daemon) is not waited for (at most `DRAIN` seconds).
    An exception from `sink` stops the passing through: the program's next write fails, and
    pbpit waits for it to end before raising the exception."""
    if not argv:
        raise UsageError("`pbpit --` needs a command to run after it: `pbpit -- cargo run`")
    if not argv[0]:
        # A shell finds no command named "" (exec would try each PATH directory and fail on it).
        raise CannotRun(argv[0], _not_found(argv[0]))
    env = dict(os.environ)
    env.setdefault("RUST_BACKTRACE", "1")
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, OSError, ValueError):
            stream.flush()  # what pbpit printed before comes first
    channels = _open_channels()
    signals = _Signals(channels)
    process: subprocess.Popen[bytes] | None = None
    try:
        with signals.handled():
            try:
                process = subprocess.Popen(
                    argv, env=env, stdout=channels[0].program_fd, stderr=channels[-1].program_fd
                )
            except OSError as error:
                raise CannotRun(argv[0], error) from None
            signals.started(process)
            for channel in channels:
                channel.close_program_end()
            _pass_through(channels, sink, process)
            status = process.wait()
    finally:
        for channel in channels:
            channel.close()
        if process is not None and process.returncode is None:
            process.wait()  # only after an error of pbpit's own: no zombie left behind
    return 128 - status if status < 0 else status


@dataclass
class _Channel:
    """Where the program writes one or both of its output streams: a pipe or a pty. pbpit reads
    `read_fd` (the pipe's read end, the pty's master) and writes what it reads to `our_fd`."""

    our_fd: int
    read_fd: int
    program_fd: int
    """The end the program writes to, closed in pbpit once the program has it."""
    is_pty: bool
    passing: bool = True
    """False once `our_fd` fails (its reader is gone): the channel is closed, so the program's
    next write fails as it would have without pbpit."""

    def close_program_end(self) -> None:
        if self.program_fd >= 0:
            os.close(self.program_fd)
            self.program_fd = -1

    def close(self) -> None:
        self.close_program_end()
        if self.read_fd >= 0:
            os.close(self.read_fd)
            self.read_fd = -1

    def copy_window_size(self) -> None:
        """Give the pty the window size of the terminal its output goes to."""
        with contextlib.suppress(OSError):
            size = fcntl.ioctl(self.our_fd, termios.TIOCGWINSZ, b"\0" * 8)
            fcntl.ioctl(self.read_fd, termios.TIOCSWINSZ, size)


def _open_channels() -> list[_Channel]:
    """One channel for stdout and one for stderr, or a single one for both when pbpit's stdout
    and stderr are the same file."""
    ours = [1] if _same_file(1, 2) else [1, 2]
    channels: list[_Channel] = []
    try:
        for fd in ours:
            channels.append(_open_channel(fd))
    except BaseException:
        for channel in channels:
            channel.close()
        raise
    return channels


def _open_channel(our_fd: int) -> _Channel:
    if not os.isatty(our_fd):
        read_fd, program_fd = os.pipe()
        return _Channel(our_fd, read_fd, program_fd, is_pty=False)
    master, slave = os.openpty()
    channel = _Channel(our_fd, master, slave, is_pty=True)
    try:
        attributes = termios.tcgetattr(slave)
        # No output processing (`\n` to `\r\n`): the program's bytes reach our terminal as
        # written, and our terminal processes them once.
        attributes[1] &= ~termios.OPOST
        termios.tcsetattr(slave, termios.TCSANOW, attributes)
    except BaseException:
        channel.close()
        raise
    channel.copy_window_size()
    return channel


def _same_file(fd: int, other: int) -> bool:
    try:
        first, second = os.fstat(fd), os.fstat(other)
    except OSError:
        return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def _pass_through(
    channels: list[_Channel], sink: Callable[[bytes], None], process: subprocess.Popen[bytes]
) -> None:
    """Read every channel until the program's end of it is closed by all who hold it, or soon
    after the program has ended (`DRAIN`, `QUIET`), passing each block on as soon as it is
    read."""
    poller = select.poll()
    reading = {channel.read_fd: channel for channel in channels}
    for fd in reading:
        poller.register(fd, select.POLLIN)
    ended = _Ended(process, poller)
    try:
        while reading:
            timeout = ended.timeout(reading)
            if timeout == 0:
                return
            events = poller.poll(None if timeout is None else timeout * 1000)
            if not events and ended.at is not None and not ended.owed:
                return  # quiet since the program ended: all it wrote has been passed on
            for fd, _ in events:
                if fd == ended.fd:
                    continue  # looked at before the next poll
                channel = reading[fd]
                try:
                    data = os.read(fd, BLOCK)
                except OSError as error:
                    # Linux answers EIO on a pty's master once every holder of the slave closed
                    # it.
                    if error.errno != errno.EIO:
                        raise
                    data = b""
                if data:
                    sink(data)
                    channel.passing = _write_all(channel.our_fd, data)
                    ended.passed(fd, len(data))
                if not data or not channel.passing:
                    ended.owed.pop(fd, None)
                    poller.unregister(fd)
                    del reading[fd]
                    if not channel.passing:
                        channel.close()
    finally:
        ended.close()


class _Ended:
    """When the program ended: a pidfd in the poll set says so at once (Linux), else the poll
    wakes every `TICK` to ask. What each channel held at that moment (the program's last
    output) is `owed`: it is passed on however long the reader takes (`| less`, paused); only
    what comes after it is cut off by `DRAIN` and `QUIET`."""

    def __init__(self, process: subprocess.Popen[bytes], poller: select.poll) -> None:
        self.process, self.poller = process, poller
        self.at: float | None = None
        self.owed: dict[int, int] = {}
        self.fd = -1
        with contextlib.suppress(AttributeError, OSError):
            self.fd = os.pidfd_open(process.pid)
            poller.register(self.fd, select.POLLIN)

    def timeout(self, reading: dict[int, _Channel]) -> float | None:
        """Seconds the next poll may wait (None: until something comes), 0 to stop reading."""
        if self.at is None and self.process.poll() is not None:
            self.at = time.monotonic()
            self.close()
            for fd in reading:
                waiting = _waiting(fd)
                if waiting:
                    self.owed[fd] = waiting
        if self.at is None:
            return None if self.fd >= 0 else TICK
        if self.owed:
            return None  # it is there to read: the poll returns at once
        left = self.at + DRAIN - time.monotonic()
        return 0 if left <= 0 else min(QUIET, left)

    def passed(self, fd: int, count: int) -> None:
        """`count` bytes of `fd` were passed on."""
        if fd in self.owed:
            self.owed[fd] -= count
            if self.owed[fd] <= 0:
                del self.owed[fd]
                self.at = time.monotonic()  # the drain counts from the last of it

    def close(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(KeyError, ValueError):
                self.poller.unregister(self.fd)
            os.close(self.fd)
            self.fd = -1


def _waiting(fd: int) -> int:
    """The bytes waiting to be read from `fd` (a pipe or a pty's master)."""
    try:
        found = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
    except OSError:
        return 0
    return int.from_bytes(found, sys.byteorder, signed=True)


def _write_all(fd: int, data: bytes) -> bool:
    """Write all of `data` to `fd`, waiting while it is full; False if it cannot take it."""
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:  # a stdout left non-blocking by whoever shares it
            select.select([], [fd], [])
        except OSError:
            return False
    return True


class _Signals:
    """pbpit's signal handling while the program runs: Ctrl-C and Ctrl-\\ are ignored (the
    terminal sends them to the program too), SIGTERM and SIGHUP are passed to the program, and a
    change of the terminal's window size to the ptys. Handlers, not SIG_IGN, so that the
    program starts with the dispositions pbpit had (exec resets handled signals to default)."""

    IGNORED = (signal.SIGINT, signal.SIGQUIT)
    FORWARDED = (signal.SIGTERM, signal.SIGHUP)

    def __init__(self, channels: list[_Channel]) -> None:
        self._ptys = [channel for channel in channels if channel.is_pty]
        self._process: subprocess.Popen[bytes] | None = None
        self._pending: list[int] = []

    @contextlib.contextmanager
    def handled(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        handlers: dict[int, Callable[[int, FrameType | None], None]] = {
            signal.SIGWINCH: self._resize,
            **dict.fromkeys(self.IGNORED, self._ignore),
            **dict.fromkeys(self.FORWARDED, self._forward),
        }
        saved = {}
        try:
            # A closed stdout is an error of os.write, not pbpit's death: the program's status
            # and its panic are still to come. (The program starts with SIGPIPE's default:
            # Popen restores it.)
            saved[signal.SIGPIPE] = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
            for number, handler in handlers.items():
                previous = signal.getsignal(number)
                # Ignored from the start (nohup), or set outside Python: left as it is.
                if previous is signal.SIG_IGN or previous is None:
                    continue
                saved[number] = previous
                signal.signal(number, handler)
            yield
        finally:
            for number, previous in saved.items():
                signal.signal(number, previous)

    def started(self, process: subprocess.Popen[bytes]) -> None:
        """The program runs: a signal to forward that came before reaches it now."""
        self._process = process
        for number in self._pending:
            process.send_signal(number)

    def _ended(self) -> bool:
        return self._process is not None and self._process.returncode is not None

    def _ignore(self, number: int, frame: FrameType | None) -> None:
        if self._ended():
            self._default(number)

    def _forward(self, number: int, frame: FrameType | None) -> None:
        if self._process is None:
            self._pending.append(number)
        elif self._ended():
            self._default(number)
        else:
            self._process.send_signal(number)

    @staticmethod
    def _default(number: int) -> None:
        """The program is gone: the signal does what it does to pbpit by default (Ctrl-C:
        `pbpit: interrupted`, exit 130)."""
        if number == signal.SIGINT:
            raise KeyboardInterrupt
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)

    def _resize(self, number: int, frame: FrameType | None) -> None:
        for channel in self._ptys:
            if channel.read_fd >= 0:
                channel.copy_window_size()
