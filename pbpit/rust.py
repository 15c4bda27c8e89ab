"""What a Rust program prints when it panics."""

from __future__ import annotations


def panic_block(message: str, location: str, thread_id: int | str) -> str:
    """The stderr text of a panic on the main thread, as Rust prints it (newline-terminated)."""
    return (
        f"thread 'main' ({thread_id}) panicked at {location}:\n"
        f"{message}\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )
