"""`OutputScanner` on what rustc/cargo 1.95 really printed (tests/data/outputs/, made by
program/make_samples.sh there): every expected value below is read by hand from those files."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from pbpit.diagnose.output import (
    MAX_FRAMES,
    MAX_LINE,
    MAX_PANICS,
    BuildError,
    Frame,
    OutputScanner,
    Panic,
    scan,
)

OUTPUTS = Path(__file__).parent / "data" / "outputs"

# SPEC §1: Burn's message, with N filled in.
TAPE = (
    "Cannot run backward: graph tape has already been consumed at NodeId({}). Burn does not "
    "support retain_graph. Combine losses before backward or recompute the forward pass. Use "
    "detach() only to intentionally sever gradients through the previous computation."
)
RUSTC = "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library"
BEGIN_UNWIND = [
    ("__rustc::rust_begin_unwind", f"{RUSTC}/std/src/panicking.rs", 689, 5),
    ("core::panicking::panic_fmt", f"{RUSTC}/core/src/panicking.rs", 80, 14),
]
CALL_ONCE = ("core::ops::function::FnOnce::call_once", f"{RUSTC}/core/src/ops/function.rs", 250, 5)
# The frames from the panic to `train`, as every debug sample prints them.
TO_TRAIN = [
    ("<pb_pit::Model as pb_pit::Backward>::backward", "./src/main.rs", 16, 13),
    ("pb_pit::Model::train_step::{{closure}}", "./src/main.rs", 24, 33),
    ("pb_pit::Model::train_step", "./src/main.rs", 25, 9),
    ("pb_pit::train", "./src/main.rs", 33, 15),
]
MAIN_TRAIN = BEGIN_UNWIND + TO_TRAIN + [("pb_pit::main", "./src/main.rs", 65, 14), CALL_ONCE]


def sample(name: str) -> bytes:
    return (OUTPUTS / name).read_bytes()


def events(data: bytes) -> list:
    scanner = OutputScanner()
    scanner.feed(data)
    return scanner.finish()


def only_panic(data: bytes) -> Panic:
    found = events(data)
    assert len(found) == 1 and isinstance(found[0], Panic), found
    return found[0]


def frames(panic: Panic) -> list[tuple]:
    """The frames as (function, path, line, column), checking they are numbered 0, 1, ..."""
    assert [f.index for f in panic.frames] == list(range(len(panic.frames)))
    return [(f.function, f.path, f.line, f.column) for f in panic.frames]


def head(panic: Panic) -> tuple:
    return (panic.thread, panic.thread_id, panic.path, panic.line, panic.column, panic.node_id)


# -- the samples, field by field -------------------------------------------------------------


def test_cargo_run_with_rust_backtrace_1():
    panic = only_panic(sample("cargo_run_short.txt"))
    assert head(panic) == ("main", 29091, "src/main.rs", 16, 13, 2)
    assert panic.message == TAPE.format(2)
    assert panic.input_line == 7  # after cargo's three lines, two steps and the blank line
    assert frames(panic) == MAIN_TRAIN
    assert all(f.address is None for f in panic.frames)


def test_cargo_run_in_colour_is_read_as_without():
    panic = only_panic(sample("cargo_run_color.txt"))
    assert head(panic) == ("main", 29170, "src/main.rs", 16, 13, 2)
    assert (panic.message, panic.input_line, frames(panic)) == (TAPE.format(2), 7, MAIN_TRAIN)


def test_no_backtrace():
    panic = only_panic(sample("no_backtrace.txt"))
    assert head(panic) == ("main", 29256, "src/main.rs", 16, 13, 2)
    assert (panic.message, panic.input_line, panic.frames) == (TAPE.format(2), 4, [])


def test_full_backtrace_names_without_hashes_and_every_inlined_frame():
    panic = only_panic(sample("full.txt"))
    assert head(panic) == ("main", 29255, "src/main.rs", 16, 13, 2)
    assert (panic.message, panic.input_line) == (TAPE.format(2), 4)
    assert len(panic.frames) == 39  # 0 to 38
    got = frames(panic)
    user = "/tmp/scan_samples2/pb_pit/src/main.rs"
    assert got[16:21] == [
        ("<pb_pit::Model as pb_pit::Backward>::backward", user, 16, 13),
        ("pb_pit::Model::train_step::{{closure}}", user, 24, 33),
        ("pb_pit::Model::train_step", user, 25, 9),
        ("pb_pit::train", user, 33, 15),
        ("pb_pit::main", user, 65, 14),
    ]
    # std's frames print crate hashes (`std[e28293b1aa0f68bd]::`); they go like `::h...`.
    assert got[0] == (
        "std::backtrace_rs::backtrace::libunwind::trace",
        f"{RUSTC}/std/src/../../backtrace/src/backtrace/libunwind.rs",
        117,
        9,
    )
    assert got[14][0] == "__rustc::rust_begin_unwind"
    # Inlined frames: rustc 1.95 numbers each and repeats the address.
    assert {f.address for f in panic.frames[0:4]} == {"0x55ea5516775a"}
    assert panic.frames[16].address == "0x55ea55137a8f"
    assert got[5] == ("core::fmt::write", None, None, None)  # no `at` line
    assert got[34] == ("main", None, None, None)
    assert got[35] == (
        "__libc_start_call_main",
        "./csu/../sysdeps/nptl/libc_start_call_main.h",
        58,
        16,
    )
    assert got[38] == ("", None, None, None)  # `0x0 - <unknown>`
    assert panic.frames[38].address == "0x0"


def test_release_build_frames_have_no_location():
    panic = only_panic(sample("release.txt"))
    assert head(panic) == ("main", 29257, "src/main.rs", 16, 13, 2)
    assert frames(panic) == [
        ("__rustc::rust_begin_unwind", None, None, None),
        ("core::panicking::panic_fmt", None, None, None),
        ("<pb_pit::Model as pb_pit::Backward>::backward", None, None, None),
        ("pb_pit::train", None, None, None),
        ("pb_pit::main", None, None, None),
    ]


def test_release_build_full_backtrace():
    panic = only_panic(sample("release_full.txt"))
    assert head(panic) == ("main", 29268, "src/main.rs", 16, 13, 2)
    got = frames(panic)
    assert len(got) == 21
    assert got[10:13] == [
        ("<pb_pit::Model as pb_pit::Backward>::backward", None, None, None),
        ("pb_pit::train", None, None, None),
        ("pb_pit::main", None, None, None),
    ]
    assert got[14] == ("std::rt::lang_start::{{closure}}", None, None, None)
    assert got[17] == (
        "__libc_start_call_main",
        "./csu/../sysdeps/nptl/libc_start_call_main.h",
        58,
        16,
    )


def test_a_test_thread_inside_cargo_test():
    panic = only_panic(sample("cargo_test.txt"))  # `error: test failed` is no build error
    assert head(panic) == ("tests::trains", 29342, "src/main.rs", 16, 13, 2)
    assert (panic.message, panic.input_line) == (TAPE.format(2), 15)
    assert frames(panic) == BEGIN_UNWIND + TO_TRAIN + [
        ("pb_pit::tests::trains", "./src/main.rs", 75, 9),
        ("pb_pit::tests::trains::{{closure}}", "./src/main.rs", 73, 16),
        CALL_ONCE,
        (
            "<fn() -> core::result::Result<(), alloc::string::String> as "
            "core::ops::function::FnOnce<()>>::call_once",
            f"{RUSTC}/core/src/ops/function.rs",
            250,
            5,
        ),
    ]


def test_a_test_thread_in_colour():
    panic = only_panic(sample("cargo_test_color.txt"))
    assert head(panic) == ("tests::trains", 29400, "src/main.rs", 16, 13, 2)
    assert panic.input_line == 15 and len(panic.frames) == 10
    assert frames(panic)[6] == ("pb_pit::tests::trains", "./src/main.rs", 75, 9)


def test_two_spawned_threads_two_panics():
    first, second = events(sample("threads.txt"))
    assert head(first) == ("<unnamed>", 29270, "src/main.rs", 16, 13, 2)
    assert (first.message, first.input_line) == (TAPE.format(2), 4)
    assert frames(first) == BEGIN_UNWIND + TO_TRAIN + [
        ("pb_pit::main::{{closure}}", "./src/main.rs", 46, 53)
    ]
    assert head(second) == ("trainer", 29278, "src/main.rs", 16, 13, 3)
    assert (second.message, second.input_line) == (TAPE.format(3), 26)
    assert frames(second) == BEGIN_UNWIND + TO_TRAIN + [
        ("pb_pit::main::{{closure}}", "./src/main.rs", 50, 17)
    ]


def test_the_tape_message_is_one_line_and_what_follows_is_the_programs():
    # The second panic prints no `note:` (std prints it once) and the program goes on.
    first, second = events(sample("threads_no_backtrace.txt"))
    assert head(first) == ("<unnamed>", 29280, "src/main.rs", 16, 13, 2)
    assert (first.message, first.input_line, first.frames) == (TAPE.format(2), 4, [])
    assert head(second) == ("trainer", 29281, "src/main.rs", 16, 13, 3)
    assert (second.message, second.input_line, second.frames) == (TAPE.format(3), 11, [])


def test_other_panics_keep_their_message_and_no_node_id():
    panic = only_panic(sample("assert_eq.txt"))
    assert head(panic) == ("main", 29282, "src/main.rs", 43, 13, None)
    assert panic.message == (
        "assertion `left == right` failed: shapes differ\n  left: [1, 2]\n right: [1, 3]"
    )
    assert frames(panic) == BEGIN_UNWIND + [
        ("core::panicking::assert_failed_inner", f"{RUSTC}/core/src/panicking.rs", 434, 23),
        ("core::panicking::assert_failed", f"{RUSTC}/core/src/panicking.rs", 394, 5),
        ("pb_pit::main", "./src/main.rs", 43, 13),
        CALL_ONCE,
    ]
    panic = only_panic(sample("unwrap.txt"))
    assert head(panic) == ("main", 29284, "src/main.rs", 56, 15, None)
    assert (panic.message, panic.input_line, panic.frames) == (
        "called `Option::unwrap()` on a `None` value",
        2,
        [],
    )
    panic = only_panic(sample("multiline.txt"))
    assert head(panic) == ("main", 29285, "src/main.rs", 63, 13, None)
    assert panic.message == "first line\nsecond line\n  third indented"


def test_a_message_beyond_ascii():
    panic = only_panic(sample("utf8.txt"))
    assert head(panic) == ("main", 29283, "src/main.rs", 60, 13, None)
    assert panic.message == "形状 differ: [2, 3] ≠ [3, 2] — café"
    assert frames(panic) == BEGIN_UNWIND + [("pb_pit::main", "./src/main.rs", 60, 13), CALL_ONCE]


def test_pre_1_73_format_written_from_reports_of_the_time():
    tape, other = events(sample("pre_1_73.txt"))
    registry = (
        "/home/user/.cargo/registry/src/index.crates.io-6f17d22bba15001f/"
        "burn-autodiff-0.11.1/src/runtime/server.rs"
    )
    assert head(tape) == ("main", None, registry, 74, 17, 7)
    assert (tape.message, tape.input_line) == (TAPE.format(7), 6)
    old = "/rustc/5680fa18feaa87f3ff04063800aec256c3d4b4be/library"
    assert frames(tape) == [
        ("rust_begin_unwind", f"{old}/std/src/panicking.rs", 593, 5),
        ("core::panicking::panic_fmt", f"{old}/core/src/panicking.rs", 67, 14),
        ("pb_pit::train", "./src/main.rs", 27, 21),
        ("pb_pit::main", "./src/main.rs", 40, 5),
    ]
    assert head(other) == ("main", None, "src/main.rs", 2, 5, None)
    assert other.message == "assertion failed: `(left == right)`\n  left: `1`,\n right: `2`"
    assert other.input_line == 17


def test_inlined_frames_without_an_index_as_the_backtrace_crate_prints_them():
    # Not from a rustc 1.95 sample (std 1.95 numbers every inlined frame, see full.txt): the
    # layout of backtrace-rs's print.rs, six spaces and the address's width instead of `N: `.
    text = (
        "thread 'main' panicked at src/main.rs:3:5:\nboom\nstack backtrace:\n"
        "   0:     0x55d5c0a1b2c3 - app::inner::h0123456789abcdef\n"
        "                               at ./src/main.rs:3:5\n"
        "                             app::outer\n"
        "                               at ./src/main.rs:7:5\n"
        "   1:     0x55d5c0a1b2ff - app::main::hfedcba9876543210\n"
    )
    panic = only_panic(text.encode())
    assert [(f.index, f.function, f.path, f.line) for f in panic.frames] == [
        (0, "app::inner", "./src/main.rs", 3),
        (0, "app::outer", "./src/main.rs", 7),
        (1, "app::main", None, None),
    ]


# -- streamed ----------------------------------------------------------------------------------


def test_split_in_two_at_every_byte_offset():
    data = sample("utf8.txt") + sample("cargo_run_color.txt")  # a UTF-8 message, ANSI, cargo
    whole = events(data)
    assert [p.input_line for p in whole] == [2, 20]
    for offset in range(len(data) + 1):
        scanner = OutputScanner()
        scanner.feed(data[:offset])
        scanner.feed(data[offset:])
        assert scanner.finish() == whole, offset


def test_one_byte_at_a_time():
    data = sample("threads.txt") + sample("build_e0308.txt")
    scanner = OutputScanner()
    for byte in range(len(data)):
        scanner.feed(data[byte : byte + 1])
    assert scanner.finish() == events(data)
    assert [type(e).__name__ for e in events(data)] == ["Panic", "Panic", "BuildError"]


def test_the_last_line_without_a_newline_is_read():
    data = sample("no_backtrace.txt").rstrip(b"\n")
    assert only_panic(data).message == TAPE.format(2)
    assert only_panic(b"step 0\n" + TAPE.format(4).encode()).node_id == 4


def test_scan_reads_a_binary_stream_in_blocks():
    with open(OUTPUTS / "threads.txt", "rb") as stream:
        assert scan(stream, block=7) == events(sample("threads.txt"))


# -- captured logs -----------------------------------------------------------------------------


def crlf(data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


def prefixed(data: bytes, prefix: bytes) -> bytes:
    return b"".join(prefix + line for line in data.splitlines(keepends=True))


def timestamped(data: bytes) -> bytes:
    lines = data.splitlines(keepends=True)
    return b"".join(
        f"2026-12-01T14:{50 + n // 60:02}:{n % 60:02}.{n * 37 % 1000:03}Z ".encode() + line
        for n, line in enumerate(lines)
    )


def coloured(data: bytes) -> bytes:
    """Each line in red, as a log viewer colours stderr."""
    return b"".join(
        b"\x1b[31m" + line.rstrip(b"\n") + b"\x1b[0m\n" for line in data.splitlines(keepends=True)
    )


LOG_FORMS = {
    "crlf": crlf,
    "docker compose": lambda d: prefixed(d, b"app-1  | "),
    "docker compose in colour": lambda d: prefixed(d, b"\x1b[36mapp-1  | \x1b[0m"),
    "timestamps": timestamped,
    "[ERROR]": lambda d: prefixed(d, b"[ERROR] "),
    "ANSI on every line": coloured,
    "crlf and timestamps": lambda d: crlf(timestamped(d)),
}


@pytest.mark.parametrize("form", LOG_FORMS)
@pytest.mark.parametrize(
    "name", ["cargo_run_short.txt", "threads.txt", "cargo_test_color.txt", "pre_1_73.txt"]
)
def test_every_log_form_reads_the_same_panics_and_frames(form, name):
    assert events(LOG_FORMS[form](sample(name))) == events(sample(name))


@pytest.mark.parametrize("form", LOG_FORMS)
def test_every_log_form_reads_the_same_build_error(form):
    (error,) = events(LOG_FORMS[form](sample("build_e0308.txt")))
    assert error == events(sample("build_e0308.txt"))[0]


def test_a_prefixed_panic_keeps_its_frames():
    panic = only_panic(prefixed(sample("cargo_run_short.txt"), b"app-1  | "))
    assert head(panic) == ("main", 29091, "src/main.rs", 16, 13, 2)
    assert frames(panic) == MAIN_TRAIN


def test_the_tape_message_without_a_panic_header():
    # A panic hook or a logger that prints the message alone.
    data = b"step 0: ok\n[2026-12-01 ERROR app] " + TAPE.format(5).encode() + b"\n"
    panic = only_panic(data)
    assert (panic.thread, panic.node_id, panic.path, panic.input_line) == ("", 5, None, 2)


# -- build errors ------------------------------------------------------------------------------

E0308 = """\
error[E0308]: mismatched types
 --> src/main.rs:6:22
  |
6 |     let steps: u32 = "three";
  |                ---   ^^^^^^^ expected `u32`, found `&str`
  |                |
  |                expected due to this"""


def test_the_first_build_error_and_not_cargos_summary():
    assert events(sample("build_e0308.txt")) == [BuildError(E0308, 2)]


def test_a_build_error_in_colour_is_shown_without_it():
    assert events(sample("build_e0308_color.txt")) == [BuildError(E0308, 2)]


def test_a_build_error_without_a_code():
    assert events(sample("build_error_plain.txt")) == [
        BuildError(
            "error: cannot find macro `backward` in this scope\n --> src/main.rs:2:17\n  |\n"
            "2 |     let grads = backward!(loss);\n  |                 ^^^^^^^^",
            2,
        )
    ]


def test_cargos_could_not_compile_alone_is_the_build_error():
    line = b'error: could not compile `broken` (bin "broken") due to 2 previous errors\n'
    assert events(b"   Compiling broken v0.1.0\n" + line) == [
        BuildError(line.decode().rstrip("\n"), 2)
    ]


def test_a_programs_own_error_lines_are_no_build_error():
    data = b"epoch 1 error: 0.25\nerror: file not found: data.csv\nstep 2\n"
    assert events(data) == []


def test_a_build_error_then_a_panic_of_an_older_binary_are_both_kept():
    found = events(sample("build_e0308.txt") + sample("unwrap.txt"))
    assert [type(e) for e in found] == [BuildError, Panic]
    assert found[1].input_line == 31


# -- node ids ----------------------------------------------------------------------------------


def test_an_id_beyond_u64_is_refused_as_such_and_the_rest_is_still_read():
    data = sample("no_backtrace.txt").replace(b"NodeId(2)", b"NodeId(18446744073709551616)")
    found = [e for e in events(data + sample("no_backtrace.txt")) if isinstance(e, Panic)]
    assert [p.node_id for p in found] == [None, 2]
    assert "beyond u64" in (found[0].rejected or "")
    (long,) = events(TAPE.format("1" * 5000).encode())
    assert long.node_id is None and "beyond u64 (5000 digits)" in (long.rejected or "")


def test_u64_max_is_refused():
    data = sample("no_backtrace.txt").replace(b"NodeId(2)", b"NodeId(18446744073709551615)")
    (panic,) = events(data)
    assert panic.node_id is None and "cannot exist" in (panic.rejected or "")


def test_the_largest_id_is_kept():
    data = sample("no_backtrace.txt").replace(b"NodeId(2)", b"NodeId(18446744073709551614)")
    assert only_panic(data).node_id == 2**64 - 2


# -- caps --------------------------------------------------------------------------------------


def test_at_most_max_panics_are_kept_and_the_rest_counted():
    block = sample("no_backtrace.txt")
    scanner = OutputScanner()
    for _ in range(MAX_PANICS + 50):
        scanner.feed(block)
    assert len(scanner.finish()) == MAX_PANICS and scanner.panics_dropped == 50
    assert [p.input_line for p in scanner.finish()[:2]] == [4, 10]


def test_at_most_max_frames_are_kept_and_the_rest_counted():
    frames_text = "".join(
        f"  {i}: app::f{i}\n             at ./src/main.rs:{i + 1}:5\n" for i in range(300)
    )
    data = f"thread 'main' panicked at src/main.rs:1:1:\nboom\nstack backtrace:\n{frames_text}"
    panic = only_panic(data.encode())
    assert len(panic.frames) == MAX_FRAMES and panic.frames_dropped == 300 - MAX_FRAMES
    assert panic.frames[-1] == Frame(255, "app::f255", "./src/main.rs", 256, 5)


def test_a_huge_line_without_newline_is_not_kept():
    block = b"x" * (1 << 20)
    scanner = OutputScanner()
    tracemalloc.start()
    for _ in range(200):  # 200 MB on one line
        scanner.feed(block)
    scanner.feed(b"\n" + sample("no_backtrace.txt"))
    found = scanner.finish()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4 * MAX_LINE + (1 << 20)
    assert len(found) == 1 and found[0].node_id == 2 and found[0].input_line == 5


def test_a_long_message_is_cut():
    data = b"thread 'main' panicked at a.rs:1:1:\n" + b"more\n" * 10_000 + b"\nafter\n"
    panic = only_panic(data)
    assert panic.message.count("\n") < 1000


def test_a_build_error_is_looked_for_only_at_the_start_of_the_input():
    from pbpit.diagnose.output import BUILD_WINDOW

    log = b"step 0 loss 0.5\n" * (BUILD_WINDOW // 16 + 1)
    assert events(log + sample("build_e0308.txt")) == []
    assert events(sample("build_e0308.txt") + log) == [BuildError(E0308, 2)]


def test_rustc_1_73_to_1_87_without_a_thread_id_written_from_reports_of_the_time():
    panic = only_panic(sample("no_thread_id.txt"))
    registry = (
        "/home/user/.cargo/registry/src/index.crates.io-6f17d22bba15001f/"
        "burn-autodiff-0.14.0/src/runtime/server.rs"
    )
    assert head(panic) == ("main", None, registry, 74, 17, 9)
    assert (panic.message, panic.input_line) == (TAPE.format(9), 4)
    assert frames(panic) == [
        ("std::panicking::begin_panic_handler::{{closure}}", None, None, None),
        ("core::panicking::panic_fmt", None, None, None),
        ("pb_pit::train", "/home/user/pb_pit/src/main.rs", 27, 21),
        ("pb_pit::main", "/home/user/pb_pit/src/main.rs", 40, 5),
    ]
