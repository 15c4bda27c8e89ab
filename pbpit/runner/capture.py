"""Capturing a run: what the case printed on stdout and stderr, in order, and how it ended."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from pbpit.trace import CaseError, PanicRecord, RunResult

if TYPE_CHECKING:
    from pbpit.runner.find import Case
    from pbpit.runner.record import Recorder


class OutputStream(io.StringIO):
    """One of a run's output streams; every write is also logged, in order, beside the other
    stream's, so that the two can be replayed interleaved as the program wrote them."""

    def __init__(self, name: str, log: list[list[str]]) -> None:
        super().__init__()
        self._name = name
        self._log = log

    def write(self, text: str) -> int:
        if text:
            if self._log and self._log[-1][0] == self._name:
                self._log[-1].append(text)
            else:
                self._log.append([self._name, text])
        return super().write(text)


class Run:
    """What a run printed and how it ended, gathered while it runs."""

    def __init__(self) -> None:
        self.log: list[list[str]] = []
        self.stdout = OutputStream("stdout", self.log)
        self.stderr = OutputStream("stderr", self.log)
        self.exit_code = 0
        self.panic: PanicRecord | None = None
        self.error: CaseError | None = None

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
        """The case raised an ordinary Python error: exit status 1."""
        self.exit_code = 1
        self.error = error

    def result(self, case: Case, recorder: Recorder) -> RunResult:
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
        )
