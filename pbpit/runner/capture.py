"""Capturing a run: what the case printed on stdout and stderr, in order, and how it ended.

A run's output is always captured (`check` compares it with the goldens); when it is also echoed
(`pbpit run`, `--raw`), every write goes through to pbpit's own stream at once, flushed at each
line as Rust's stdout is, so that nothing printed is lost to an interruption or an `os._exit`.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, TextIO

from pbpit.trace import CaseError, PanicRecord, RunResult

if TYPE_CHECKING:
    from pbpit.runner.find import Case
    from pbpit.runner.record import Recorder


class OutputStream(io.StringIO):
    """One of a run's output streams; every write is also logged, in order, beside the other
    stream's, so that the two can be replayed interleaved as the program wrote them, and written
    through to `echo` when there is one."""

    def __init__(self, name: str, log: list[list[str]], echo: TextIO | None = None) -> None:
        super().__init__()
        self._name = name
        self._log = log
        self._echo = echo
        self._pending = False
        self.other: OutputStream | None = None
        """The run's other stream: flushed before this one writes, to keep their order."""

    def write(self, text: str) -> int:
        if text and self._echo is not None:
            if self.other is not None and self.other._pending:
                self.other.flush_echo()
            # First: text the terminal refuses fails the case's print, as it would in Python.
            self._echo.write(text)
            self._pending = True
            if "\n" in text:
                self.flush_echo()
        if text:
            if self._log and self._log[-1][0] == self._name:
                self._log[-1].append(text)
            else:
                self._log.append([self._name, text])
        return super().write(text)

    def flush_echo(self) -> None:
        """Flush what was written through to pbpit's stream."""
        if self._echo is not None:
            self._echo.flush()
            self._pending = False


class Run:
    """What a run printed and how it ended, gathered while it runs. With `echo` (pbpit's stdout
    and stderr), the output is also written through to them as it is printed."""

    def __init__(self, echo: tuple[TextIO, TextIO] | None = None) -> None:
        self.log: list[list[str]] = []
        self.echoed = echo is not None
        self.stdout = OutputStream("stdout", self.log, echo[0] if echo else None)
        self.stderr = OutputStream("stderr", self.log, echo[1] if echo else None)
        self.stdout.other, self.stderr.other = self.stderr, self.stdout
        self.exit_code = 0
        self.panic: PanicRecord | None = None
        self.error: CaseError | None = None
        self._child_from = (0, 0)

    def flush(self) -> None:
        """Flush both streams' echo: the run ended, or pbpit writes next."""
        self.stdout.flush_echo()
        self.stderr.flush_echo()

    def forked(self) -> None:
        """In a child process the case forked: what the run printed so far is the parent's."""
        self._child_from = (len(self.log) - 1, len(self.log[-1])) if self.log else (0, 0)

    def panicked(self, err: Any) -> None:
        """The program panicked (`Panic` from the engine or the interpreter): exit status 101."""
        self.exit_code = 101
        self.panic = PanicRecord(err.message, err.node_id, None, err.location)

    def exited(self, code: object) -> None:
        """The case called `sys.exit(code)`: its status, and what Python prints on stderr."""
        if code is None:
            self.exit_code = 0
        elif isinstance(code, int):
            self.exit_code = code
        else:
            self.exit_code = 1
            self.stderr.write(f"{code}\n")

    def raised(self, error: CaseError) -> None:
        """The case raised an error (any exception but an exit or an interrupt): exit status 1."""
        self.exit_code = 1
        self.error = error

    def uncollected(self) -> str:
        """What a forked child printed, both streams in order, when the run is not echoed: all
        that is left of it, as no result is rendered for the child."""
        if self.echoed:
            return ""
        entry_at, chunk_at = self._child_from
        entries = self.log[entry_at:]
        return "".join(
            "".join(entry[chunk_at if index == 0 and chunk_at else 1 :])
            for index, entry in enumerate(entries)
        )

    def result(self, case: Case, recorder: Recorder, program: Any = None) -> RunResult:
        nodes = [recorder.nodes[i] for i in sorted(recorder.nodes)]
        if self.panic is not None and self.panic.node_id is not None:
            record = recorder.nodes.get(self.panic.node_id)
            self.panic.label = record.label if record else None
        return RunResult(
            case=case.name,
            path=str(case.path),
            exit_code=self.exit_code,
            stdout=self.stdout.getvalue(),
            language=case.language,
            stderr=self.stderr.getvalue(),
            output=[(entry[0], "".join(entry[1:])) for entry in self.log],
            panic=self.panic,
            error=self.error,
            nodes=nodes,
            backwards=recorder.backwards,
            crate=getattr(program, "crate", None),
            source=getattr(program, "source", ""),
        )
