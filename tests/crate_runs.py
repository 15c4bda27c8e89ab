"""The trainer crate of tests/crates/, built with cargo and run as a Burn user runs it.

`built_trainer` (behind a session fixture) copies the crate and its stand-in Burn where a
user's would be: the trainer in a directory of its own, `burn` and `burn-autodiff` where
cargo's registry puts crates.io sources (`HOME/.cargo/registry/src/index.crates.io-
1949cf8c6b5b557f/NAME-0.22.1/`), so the `panicked at` line and the library's backtrace frames
name that path, as a real Burn user's do. It builds once per session (`--offline`: no
crates.io here) and is skipped with a reason when cargo is not on PATH.

Each log function returns text from a real run, in one of the forms a user pastes into
`pbpit explain -`. `markers(pattern)` reads the `// pbpit(PATTERN): ROLE BINDING` comments of
the crate's sources: the lines a diagnosis must name. `EXPECTED` holds, per pattern, what was
derived by hand from the program: the NodeId of the panic and the binding behind it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

CRATES = Path(__file__).resolve().parent / "crates"
REGISTRY_SOURCES = Path(".cargo", "registry", "src", "index.crates.io-1949cf8c6b5b557f")
BURN_VERSION = "0.22.1"

PANICKING = ("cached", "cached-plain", "shared", "twice")
"""The patterns whose run panics; `ok` is the training with the fixes."""
PATTERNS = (*PANICKING, "ok")

TAPE_CONSUMED = (
    "Cannot run backward: graph tape has already been consumed at NodeId({id}). Burn does not "
    "support retain_graph. Combine losses before backward or recompute the forward pass. Use "
    "detach() only to intentionally sever gradients through the previous computation."
)
"""SPEC §1's line, whole."""

COMPOSE_PREFIX = "trainer-1  | "
"""How `docker compose up` prefixes each line of a service's output."""

# Inherited settings that would change what a run prints: each run says what it wants.
_UNSET = (
    "RUST_BACKTRACE",
    "RUST_LIB_BACKTRACE",
    "CARGO_TERM_COLOR",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "CLICOLOR_FORCE",
    "NO_COLOR",
)


@dataclass(frozen=True)
class Expected:
    """What a diagnosis of a pattern's panic must say, derived by hand from the program."""

    node_id: int
    binding: str  # the tensor whose step was consumed
    function: str  # the user's function whose backward panics, as the backtrace names it
    innermost: str  # the innermost user frame's function (a helper, if it runs the backward)
    epochs_before: int  # `epoch N:` lines printed before the panic


# Ids count tensor creations from 0 (SPEC §1.1). Every pattern starts alike: `Regressor::new`
# makes weight 0 and bias 1 (`Param::from_tensor` keeps the id), `dataset` inputs 2 and
# targets 3; `forward` is mul 4, add 5, tanh 6; `mse_loss` is sub 7, powf_scalar 8, mean 9.
EXPECTED = {
    # forward once: output = 6. Epoch 0: loss 7-9, its backward consumes 9..4, sgd makes the
    # new weight 10 and bias 11. Epoch 1: loss 12-14; the walk 14, 13, 12 reaches 6: no step.
    "cached": Expected(6, "output", "trainer::train::fit_cached", "trainer::train::step", 2),
    "cached-plain": Expected(
        6, "output", "trainer::train::fit_cached_plain", "trainer::train::step", 2
    ),
    # Epoch 0: output 6, mse 7-9, penalty powf 10, mean 11, mul_scalar 12. mse's backward
    # consumes 9..4; sgd makes 13 and 14; penalty's walk 12, 11, 10 reaches 6: no step.
    "shared": Expected(6, "output", "trainer::train::fit_shared", "trainer::train::fit_shared", 1),
    # Epoch 0: loss = 9; the first `step` consumes 9..4; the second starts at 9 itself, which
    # has parents and no step any more.
    "twice": Expected(9, "loss", "trainer::train::fit_twice", "trainer::train::step", 1),
}


@dataclass(frozen=True)
class Marker:
    """A `// pbpit(PATTERN): ROLE BINDING` comment: ROLE is `made`, `consumed`, `panics` or
    `frame` (the innermost user frame), at `line` (1-based) of `path` (relative to the crate)."""

    pattern: str
    role: str
    binding: str
    path: str
    line: int
    text: str  # the whole source line


_MARKER = re.compile(r"pbpit\((?P<pattern>[\w-]+)\): (?P<role>\w+) (?P<binding>\w+)")


def markers(pattern: str) -> dict[str, Marker]:
    """The marked lines of `pattern` in the trainer's sources, by role."""
    found: dict[str, Marker] = {}
    source = CRATES / "trainer"
    for path in sorted((source / "src").glob("*.rs")):
        for number, text in enumerate(path.read_text().splitlines(), 1):
            for match in _MARKER.finditer(text):
                if match["pattern"] == pattern:
                    relative = path.relative_to(source).as_posix()
                    marker = Marker(
                        pattern, match["role"], match["binding"], relative, number, text
                    )
                    assert match["role"] not in found, f"two `{match['role']}` for {pattern}"
                    found[match["role"]] = marker
    return found


def call_column(text: str, callee: str) -> int:
    """The 1-based column of the call of `callee` on a line: of the method's name for
    `x.callee(..)`, of the path's start for `callee(..)` (rustc's debug locations, per
    test_crate_runs)."""
    match = re.search(rf"\b{re.escape(callee)}\(", text)
    assert match is not None, f"no call of {callee} in {text!r}"
    return match.start() + 1


@dataclass(frozen=True)
class Run:
    """A finished process: its output (stdout alone unless it was merged) and exit status."""

    stdout: str
    stderr: str
    returncode: int


@dataclass
class Trainer:
    """The built copy of the trainer crate; run it from `root`, as `cargo run` does."""

    root: Path  # the trainer's copy: where a user runs cargo, and the `--source` of explain
    home: Path  # the home whose .cargo/registry holds the stand-in Burn
    build_seconds: float  # the debug build's wall time
    _built: set[str] = field(default_factory=set)

    @property
    def target(self) -> Path:
        return self.root / "target"

    def env(self, backtrace: str | None = None, **extra: str) -> dict[str, str]:
        """The environment of a run: RUST_BACKTRACE as given (None: unset), the rest as ours."""
        env = {k: v for k, v in os.environ.items() if k not in _UNSET}
        env["CARGO_TARGET_DIR"] = str(self.target)
        if backtrace is not None:
            env["RUST_BACKTRACE"] = backtrace
        return {**env, **extra}

    def _cargo(self, *args: str, env: dict[str, str], merged: bool) -> Run:
        return _run(["cargo", *args], cwd=self.root, env=env, merged=merged)

    def build(self, profile: str) -> None:
        """Build `debug`, `release` or `test` once (later runs only check it is fresh)."""
        if profile in self._built:
            return
        args = {"debug": ["build"], "release": ["build", "--release"], "test": ["test", "--no-run"]}
        built = self._cargo(*args[profile], "--offline", env=self.env(), merged=True)
        if built.returncode != 0:
            raise AssertionError(f"cargo {' '.join(args[profile])} failed:\n{built.stdout}")
        self._built.add(profile)

    def run(
        self,
        pattern: str,
        backtrace: str | None = None,
        release: bool = False,
        merged: bool = False,
        **env: str,
    ) -> Run:
        """Run the built program (`target/debug/trainer PATTERN`) with RUST_BACKTRACE as given.
        `merged`: stderr into stdout, in the order written, as `2>&1` gives."""
        self.build("release" if release else "debug")
        program = self.target / ("release" if release else "debug") / "trainer"
        return _run([str(program), pattern], self.root, self.env(backtrace, **env), merged)

    def cargo_run(
        self,
        pattern: str,
        backtrace: str | None = "1",
        release: bool = False,
        color: bool = False,
        compile: bool = True,
    ) -> Run:
        """`cargo run [--release] -- PATTERN`, stderr merged: cargo's Compiling (the trainer's
        main.rs touched first, when `compile`), Finished and Running lines, then the program's
        output. `color`: `--color always`, and the program's own colour (CLICOLOR_FORCE)."""
        self.build("release" if release else "debug")
        if compile:
            os.utime(self.root / "src" / "main.rs")
        args = ["run", "--offline", *(["--release"] if release else [])]
        extra = {"CLICOLOR_FORCE": "1"} if color else {}
        if color:
            args += ["--color", "always"]
        return self._cargo(*args, "--", pattern, env=self.env(backtrace, **extra), merged=True)

    def cargo_test(self, pattern: str, backtrace: str | None = "1") -> Run:
        """`cargo test -- --ignored --exact tests::trains_PATTERN`, stderr merged: the pattern
        in a test thread, as a failing test shows it."""
        self.build("test")
        name = "tests::trains_" + pattern.replace("-", "_")
        args = ("test", "--offline", "--", "--ignored", "--exact", name)
        return self._cargo(*args, env=self.env(backtrace), merged=True)


def _run(command: list[str], cwd: Path, env: dict[str, str], merged: bool) -> Run:
    done = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merged else subprocess.PIPE,
        timeout=300,
    )
    stderr = "" if merged else done.stderr.decode()
    return Run(done.stdout.decode(), stderr, done.returncode)


def place(base: Path) -> Trainer:
    """Copy the crates under `base`: the trainer at `base/work/trainer`, the stand-in Burn in
    the registry of `base/home`, each manifest's path dependency pointed at its copy."""
    registry = base / "home" / REGISTRY_SOURCES
    autodiff = registry / f"burn-autodiff-{BURN_VERSION}"
    burn = registry / f"burn-{BURN_VERSION}"
    root = base / "work" / "trainer"
    ignore = shutil.ignore_patterns("target")
    shutil.copytree(CRATES / "burn-autodiff", autodiff, ignore=ignore)
    shutil.copytree(CRATES / "burn", burn, ignore=ignore)
    shutil.copytree(CRATES / "trainer", root, ignore=ignore)
    _repoint(burn / "Cargo.toml", "burn-autodiff", autodiff)
    _repoint(root / "Cargo.toml", "burn", burn)
    return Trainer(root=root, home=base / "home", build_seconds=0.0)


def _repoint(manifest: Path, dependency: str, to: Path) -> None:
    text = manifest.read_text()
    line = re.compile(rf'^{re.escape(dependency)} = \{{ path = "[^"]*" \}}$', re.M)
    assert line.search(text), f"{manifest} has no path dependency on {dependency}"
    manifest.write_text(line.sub(f'{dependency} = {{ path = "{to.as_posix()}" }}', text))


_TRAINER: Trainer | None = None


def built_trainer(tmp_path_factory: pytest.TempPathFactory) -> Trainer:
    """The trainer crate, copied and built (debug) once per session, whichever test module
    asks first; the test is skipped when cargo is not on PATH. A module's fixture:

        @pytest.fixture(scope="session")
        def trainer(tmp_path_factory):
            return built_trainer(tmp_path_factory)
    """
    global _TRAINER
    if shutil.which("cargo") is None:
        pytest.skip("cargo is not on PATH: the real-program tests need it")
    if _TRAINER is None:
        trainer = place(tmp_path_factory.mktemp("crates"))
        started = time.perf_counter()
        trainer.build("debug")
        trainer.build_seconds = time.perf_counter() - started
        _TRAINER = trainer
    return _TRAINER


# The captured-log forms, each from a real run.


def plain_log(trainer: Trainer, pattern: str, backtrace: str | None = "1") -> str:
    """The program's output as `./target/debug/trainer PATTERN 2>&1` shows it."""
    return trainer.run(pattern, backtrace, merged=True).stdout


def cargo_run_log(trainer: Trainer, pattern: str, backtrace: str | None = "1") -> str:
    """`cargo run -- PATTERN 2>&1`: cargo's Compiling/Finished/Running lines first."""
    return trainer.cargo_run(pattern, backtrace).stdout


def color_log(trainer: Trainer, pattern: str, backtrace: str | None = "1") -> str:
    """`cargo run --color always -- PATTERN 2>&1`, the program's epochs coloured too."""
    return trainer.cargo_run(pattern, backtrace, color=True).stdout


def crlf_log(trainer: Trainer, pattern: str, backtrace: str | None = "1") -> str:
    """`cargo run`'s log with CRLF line ends, as a Windows terminal or CI log saves it."""
    return cargo_run_log(trainer, pattern, backtrace).replace("\n", "\r\n")


def cargo_test_log(trainer: Trainer, pattern: str, backtrace: str | None = "1") -> str:
    """`cargo test`'s output for the pattern run in a test: the thread is `tests::trains_*`."""
    return trainer.cargo_test(pattern, backtrace).stdout


def prefixed_log(
    trainer: Trainer, pattern: str, backtrace: str | None = "1", prefix: str = COMPOSE_PREFIX
) -> str:
    """`cargo run`'s log with every line prefixed, as `docker compose up` shows a service."""
    text = cargo_run_log(trainer, pattern, backtrace)
    return "".join(prefix + line for line in text.splitlines(keepends=True))


def seed_block(trainer: Trainer, pattern: str) -> str:
    """The seed's block: the program's output without a backtrace, the home shown as `~`, then
    `exit=N` (as /work/shared/seed/ shows the run of `twice`)."""
    run = trainer.run(pattern, backtrace=None, merged=True)
    text = run.stdout.replace(str(trainer.home), "~")
    return f"{text}exit={run.returncode}\n"


LOG_FORMS = {
    "plain": plain_log,
    "cargo-run": cargo_run_log,
    "color": color_log,
    "crlf": crlf_log,
    "test-thread": cargo_test_log,
    "prefixed": prefixed_log,
}
"""Each form taking (trainer, pattern, backtrace); `seed_block` has no backtrace by nature."""
