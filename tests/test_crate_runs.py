"""The trainer crate of tests/crates/ itself, compiled by cargo and run: each pattern panics
with Burn's whole message at the node derived by hand (crate_runs.EXPECTED), at the moment
Burn would; its backtrace points at the lines its `// pbpit(PATTERN): ...` comments mark; the
log forms hold a real run; lint finds each pattern there; and pbpit's engine, running the same
program written as one file (tests/crates/as_cases/), agrees with the compiled one."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from crate_runs import (
    CRATES,
    EXPECTED,
    LOG_FORMS,
    PANICKING,
    REGISTRY_SOURCES,
    TAPE_CONSUMED,
    Trainer,
    built_trainer,
    call_column,
    markers,
    seed_block,
)
from pbpit_process import pbpit_main

SERVER_RS = "burn-autodiff-0.22.1/src/runtime/server.rs:74:17"  # SPEC §1's panic location
NOTE = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(scope="session")
def trainer(tmp_path_factory: pytest.TempPathFactory) -> Trainer:
    return built_trainer(tmp_path_factory)


def frames(stderr: str) -> list[tuple[str, str | None]]:
    """A short backtrace's frames, innermost first: (function, `path:line:col` or None)."""
    found: list[tuple[str, str | None]] = []
    for line in stderr.splitlines():
        if frame := re.match(r"^ +\d+: (.+)$", line):
            found.append((frame[1], None))
        elif (at := re.match(r"^ +at (.+)$", line)) and found:
            found[-1] = (found[-1][0], at[1])
    return found


def user_frames(stderr: str) -> list[tuple[str, str | None]]:
    return [frame for frame in frames(stderr) if frame[0].startswith("trainer::")]


def test_the_stand_in_rejects_a_backward_before_consuming_any_step(trainer: Trainer):
    # Its own test (burn-autodiff/tests/): after a rejected backward, a branch that the rejected
    # walk passed first still backpropagates.
    autodiff = trainer.home / REGISTRY_SOURCES / "burn-autodiff-0.22.1"
    done = subprocess.run(
        ["cargo", "test", "--offline", "--test", "rejected_backward"],
        cwd=autodiff,
        env=trainer.env(),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "test a_rejected_backward_leaves_the_steps_it_walked ... ok" in done.stdout


@pytest.mark.parametrize("pattern", PANICKING)
def test_each_pattern_exits_101_with_burns_whole_message_at_its_node(trainer: Trainer, pattern):
    expected = EXPECTED[pattern]
    run = trainer.run(pattern, backtrace=None)
    assert run.returncode == 101
    registry = trainer.home / REGISTRY_SOURCES
    # rustc 1.95's hook: an empty line, the thread with its id, the location, the message.
    header = rf"thread 'main' \(\d+\) panicked at {re.escape(f'{registry}/{SERVER_RS}')}:"
    lines = run.stderr.split("\n")
    assert lines[0] == ""
    assert re.fullmatch(header, lines[1]), lines[1]
    assert lines[2:] == [TAPE_CONSUMED.format(id=expected.node_id), NOTE, ""]
    # The moment: the epochs printed before the backward that panics.
    epochs = [line for line in run.stdout.splitlines() if line.startswith("epoch ")]
    assert [line.split(":")[0] for line in epochs] == [
        f"epoch {n}" for n in range(expected.epochs_before)
    ]


def test_the_fixed_training_runs_every_epoch_and_exits_0(trainer: Trainer):
    run = trainer.run("ok", backtrace="1")
    assert (run.returncode, run.stderr) == (0, "")
    assert [line[:7] for line in run.stdout.splitlines() if line.startswith("epoch")] == [
        "epoch 0",
        "epoch 1",
        "epoch 2",
    ]


@pytest.mark.parametrize("pattern", PANICKING)
def test_the_backtrace_names_the_users_lines_as_rustc_reports_them(trainer: Trainer, pattern):
    expected, marked = EXPECTED[pattern], markers(pattern)
    run = trainer.run(pattern, backtrace="1")
    stack = frames(run.stderr)
    # Burn's frames are innermost, in the registry's copy of burn-autodiff.
    burn = [at for name, at in stack if name.startswith("burn_autodiff::")]
    assert stack[2][0].startswith("burn_autodiff::runtime::server::AutodiffServer::backward")
    assert burn and all(at.startswith(f"{trainer.home / REGISTRY_SOURCES}/") for at in burn)
    users = user_frames(run.stderr)
    # rustc 1.95 places a method call at its method's name (`loss.backward()`: `backward`) and
    # a function call at the path's start (`step(loss)`: `step`); paths relative to the cwd.
    if expected.innermost == expected.function:
        panics = marked["panics"]
        assert users[0] == (
            expected.function,
            f"./{panics.path}:{panics.line}:{call_column(panics.text, 'backward')}",
        )
    else:
        frame, panics = marked["frame"], marked["panics"]
        assert users[0] == (
            expected.innermost,
            f"./{frame.path}:{frame.line}:{call_column(frame.text, 'backward')}",
        )
        assert users[1] == (
            expected.function,
            f"./{panics.path}:{panics.line}:{call_column(panics.text, 'step')}",
        )
    assert users[-1][0] == "trainer::main"


def test_a_method_call_frame_is_at_the_methods_name_not_the_expressions_start(trainer: Trainer):
    # `        let grads = penalty.backward();`: `penalty` starts at column 21, `backward` at 29.
    run = trainer.run("shared", backtrace="1")
    assert user_frames(run.stderr)[0][1].endswith("src/train.rs:78:29")
    assert markers("shared")["panics"].line == 78


def test_a_full_backtrace_gives_absolute_paths_of_the_users_files(trainer: Trainer):
    run = trainer.run("twice", backtrace="full")
    panics = markers("twice")["panics"]
    assert f"at {trainer.root}/src/train.rs:{panics.line}:" in run.stderr
    assert re.search(
        r"^ +\d+: +0x[0-9a-f]+ - trainer::train::fit_twice::h[0-9a-f]{16}$", run.stderr, re.M
    )


def test_a_release_build_names_the_users_functions_without_lines(trainer: Trainer):
    run = trainer.run("shared", backtrace="1", release=True)
    assert run.returncode == 101
    assert TAPE_CONSUMED.format(id=6) in run.stderr
    users = user_frames(run.stderr)
    assert [name for name, _ in users] == ["trainer::train::fit_shared", "trainer::main"]
    assert [at for _, at in users] == [None, None]  # no debug info in cargo's release profile


@pytest.mark.parametrize("form", sorted(LOG_FORMS))
def test_each_log_form_holds_the_real_panic(trainer: Trainer, form):
    text = LOG_FORMS[form](trainer, "cached", "1")
    plain = ANSI.sub("", text).replace("\r\n", "\n")
    plain = plain.replace("\ntrainer-1  | ", "\n").removeprefix("trainer-1  | ")
    assert TAPE_CONSUMED.format(id=6) in plain.splitlines()
    assert "./src/train.rs:48:21" in plain
    shapes = {
        "cargo-run": "Running `target/debug/trainer cached`",
        "color": "\x1b[1;32mepoch 0\x1b[0m",
        "crlf": "\r\nstack backtrace:\r\n",
        "test-thread": "thread 'tests::trains_cached' (",
        "prefixed": "trainer-1  | stack backtrace:\n",
        "plain": "\nthread 'main' (",
    }
    assert shapes[form] in text
    if form in ("cargo-run", "crlf", "prefixed"):
        assert "Compiling trainer v0.1.0 (" in text
    if form == "color":
        assert "\x1b[" in text.split("epoch 0")[0]  # cargo's own lines are coloured too


def test_the_seed_block_has_the_seeds_shape(trainer: Trainer):
    text = seed_block(trainer, "twice")
    assert text.endswith(f"\n{NOTE}\nexit=101\n")
    lines = text.splitlines()
    at = lines.index(TAPE_CONSUMED.format(id=9))
    assert lines[at - 2] == ""
    assert re.fullmatch(
        rf"thread 'main' \(\d+\) panicked at ~/{re.escape(str(REGISTRY_SOURCES))}/{SERVER_RS}:",
        lines[at - 1],
    )


# What lint must say of each pattern: its rule, and that the finding points at the lines marked.
LINT_RULES = {
    "cached": "loop-external-tracked",
    "cached-plain": "loop-external-tracked",
    "shared": "shared-intermediate",
    "twice": "double-backward",
}


def lint_findings() -> list[dict]:
    done = pbpit_main("lint", "--json", str(CRATES / "trainer"))
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["findings"]


@pytest.mark.parametrize("pattern", sorted(LINT_RULES))
def test_lint_finds_each_pattern_at_its_marked_lines(pattern):
    marked = markers(pattern)
    found = [
        f
        for f in lint_findings()
        if f["rule"] == LINT_RULES[pattern]
        and marked["made"].line in {label["line"] for label in f["labels"]}
    ]
    assert len(found) == 1, found
    finding = found[0]
    assert finding["path"].endswith("trainer/src/train.rs")
    lines = {label["line"] for label in finding["labels"]}
    assert {marked[role].line for role in ("made", "consumed", "panics")} <= lines
    primary = "panics" if pattern == "twice" else "made"
    assert finding["line"] == marked[primary].line
    assert f"`{marked['made'].binding}`" in finding["message"]


@pytest.mark.parametrize("pattern", [*PANICKING, "ok"])
def test_pbpits_engine_on_the_same_program_agrees_with_the_compiled_one(trainer: Trainer, pattern):
    case = CRATES / "as_cases" / f"{pattern.removesuffix('-plain')}.rs"
    compiled = trainer.run(pattern, backtrace=None)
    engine = pbpit_main("run", "--raw", str(case))
    assert engine.returncode == compiled.returncode
    assert engine.stdout == compiled.stdout
    ids = [re.findall(r"NodeId\(\d+\)", run.stderr) for run in (compiled, engine)]
    assert ids[0] == ids[1]
