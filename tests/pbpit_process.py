"""Running pbpit as a user does: in its own process, on case files written for the test, and
with the fixes it proposes applied by hand."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path


def pbpit_cli(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None, cwd=None
) -> subprocess.CompletedProcess:
    """`python -m pbpit ARGS`, its output captured as text."""
    # A FORCE_COLOR or NO_COLOR inherited from CI would change output the tests expect plain.
    base = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    return subprocess.run(
        [sys.executable, "-m", "pbpit", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={**base, **(env or {})},
        cwd=cwd,
    )


# Rust's panic line with its thread id, which changes from run to run.
THREAD = re.compile(r"^thread 'main' \(\d+\)", re.M)


def pbpit_run(program: Path) -> tuple[int, str, str]:
    """`pbpit run --raw PROGRAM` through the command line, in this process (a new process each
    would cost the suite half a minute): exit status, stdout, stderr with the thread id `TID`."""
    from pbpit import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli.main(["run", "--raw", str(program)])
            status = 0
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 1
    return status, out.getvalue(), THREAD.sub("thread 'main' (TID)", err.getvalue())


def pbpit_main(
    *args: str,
    cwd: Path | None = None,
    stdin: str | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """`pbpit ARGS` through the command line in this process, run from `cwd`, reading `stdin`,
    with `env` set over the environment and no colour setting inherited: what `pbpit_cli`
    gives, without the second of CPU a new process costs to import pbpit, for a test that does
    not test the process itself."""
    from pbpit import cli

    here = Path.cwd()
    changed = ("FORCE_COLOR", "NO_COLOR", *(env or {}))
    saved = {k: os.environ.pop(k) for k in changed if k in os.environ}
    os.environ.update(env or {})
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
    old_stdin, sys.stdin = sys.stdin, given
    # Where a `--json` command keeps stdout for its object: set by each process's one command,
    # so a command before this one in this process left its own there.
    cli._json_out = None
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main(list(args))
                status = 0
            except SystemExit as done:
                code = 0 if done.code is None else done.code
                status = code if isinstance(code, int) else 1
    finally:
        cli._json_out = None
        sys.stdin = old_stdin
        os.chdir(here)
        for name in env or {}:
            os.environ.pop(name, None)
        os.environ.update(saved)
    return subprocess.CompletedProcess(["pbpit", *args], status, out.getvalue(), err.getvalue())


def recorded(program: Path) -> tuple[int, str, str]:
    """What the real program beside `program` printed, as recorded next to it: the exit status
    (`NAME.status`), stdout (`NAME.stdout`) and stderr (`NAME.stderr`, "" when there is none)."""
    stderr = program.with_suffix(".stderr")
    return (
        int(program.with_suffix(".status").read_text().strip()),
        program.with_suffix(".stdout").read_text(),
        stderr.read_text() if stderr.is_file() else "",
    )


def imported_by(args: list[str], modules: list[str]) -> tuple[str, list[bool]]:
    """`pbpit ARGS` run in a fresh interpreter: what it printed, and whether each of `modules`
    was imported by then."""
    probe = (
        "import sys\n"
        "from pbpit.cli import main\n"
        f"sys.argv = ['pbpit', *{args!r}]\n"
        "try:\n    main()\n"
        "except SystemExit:\n    pass\n"
        f"print(*[m in sys.modules for m in {modules!r}], file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    last = result.stderr.strip().splitlines()[-1]
    return result.stdout, [word == "True" for word in last.split()]


def write_case(directory: Path, body: str, name: str = "my_case.py") -> Path:
    """Write a case file (its body dedented) and return its path."""
    path = directory / name
    path.write_text(textwrap.dedent(body))
    return path


# A user's case: a hidden layer computed once, before the training loop that backpropagates it.
HIDDEN_LAYER_CASE = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    weights = pb.Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], device).require_grad()
    inputs = pb.Tensor.from_floats([[1.0, 1.0]], device)
    hidden = inputs.matmul(weights).tanh()
    for epoch in range(2):
        loss = hidden.mul_scalar(2.0).mean()
        grads = loss.backward()
        print(epoch, pb.rust_debug(weights.grad(grads).to_vec()))
"""


def apply_fix(source: str, fix) -> str:
    """The case's source with `fix.lines` applied as a user would apply them by hand."""
    from pbpit.diagnose.fix_check import applied_lines

    return applied_lines(source, fix.lines)


def apply_edits(text: str, edits) -> str:
    """Lint's edits (1-based line and column ranges) applied to `text`, last first."""
    from pbpit.diagnose.fix_check import applied

    return applied(text, edits)


def apply_json_edits(text: str, edits: list[dict]) -> str:
    """`text` with a fix's edits, as `--json` prints them, made."""
    from pbpit.diagnostics.model import Edit

    return apply_edits(text, [Edit(**edit) for edit in edits])


def json_diagnostics(command: str, path: Path) -> list[dict]:
    """What `pbpit COMMAND --json` says of `path`: run's and audit's diagnostics, explain's one,
    `lint --format json`'s findings."""
    if command == "lint":
        return json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    data = json.loads(pbpit_main(command, "--json", str(path)).stdout)
    return [data["diagnostic"]] if command == "explain" else data["diagnostics"]


def first_named(message: str) -> str:
    """The first name a diagnostic's message puts in backticks."""
    found = re.search(r"`([^`]+)`", message)
    assert found is not None, message
    return found[1]


def lint_captured(
    paths: list[str], fmt: str = "human", exclude: list[str] | None = None
) -> tuple[int, str, str]:
    """`pbpit lint` in this process: its exit status, stdout and stderr."""
    from pbpit.lint.command import lint_command

    stdout, stderr = io.StringIO(), io.StringIO()
    status = lint_command(paths, fmt, stdout, stderr, exclude=exclude)
    return status, stdout.getvalue(), stderr.getvalue()


def write_source(directory: Path, name: str, text: str) -> Path:
    """Write `text`, dedented, to `directory/name` (its folders made) and return the path."""
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path
