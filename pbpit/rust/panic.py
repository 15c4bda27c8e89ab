"""What a Rust program prints on stderr: its own lines, then the panic block if it panicked."""

from __future__ import annotations

from pbpit.trace import RunResult


def panic_block(message: str, location: str, thread_id: int | str) -> str:
    """The stderr text of a panic on the main thread, as Rust prints it: rustc 1.95's panic hook
    writes an empty line first (the one between a program's output and its panic in a
    terminal); newline-terminated."""
    return (
        f"\nthread 'main' ({thread_id}) panicked at {location}:\n"
        f"{message}\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


def program_stderr(result: RunResult, thread_id: int | str, case_name: str) -> str:
    """Everything the run printed on stderr, as the Rust program would: the case's own lines,
    then how it ended (`program_end`)."""
    return result.stderr + program_end(result, thread_id, case_name)


def program_end(result: RunResult, thread_id: int | str, case_name: str) -> str:
    """What follows the case's own stderr lines: the panic block, or pbpit's one line for a
    case that raised a Python error (nothing for a case that ended normally)."""
    text = ""
    if result.panic is not None:
        text += panic_block(result.panic.message, result.panic.location, thread_id)
    if result.error is not None:
        line = f":{result.error.line}" if result.error.line else ""
        text += f"pbpit: case error at {case_name}{line}: {result.error.message}\n"
    return text
