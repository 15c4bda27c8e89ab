"""`pbpit explain -` and `pbpit -- COMMAND` on a real program: the trainer crate of tests/crates/
(a Burn-shaped training program over three files, built by cargo, panicking with Burn's message
where Burn would). For each of the three patterns, in each log form a user pastes, the
diagnosis names the file, line and binding its `// pbpit(PATTERN): ROLE BINDING` comments mark
and the NodeId derived by hand (crate_runs.EXPECTED)."""

from __future__ import annotations

import json
import re

import pytest
from crate_runs import (
    EXPECTED,
    LOG_FORMS,
    Trainer,
    built_trainer,
    markers,
    seed_block,
)
from pbpit_process import pbpit_cli

PATTERNS = ("cached", "cached-plain", "shared", "twice")
RULES = {
    "cached": "loop-external-tracked",
    "cached-plain": "loop-external-tracked",
    "shared": "shared-intermediate",
    "twice": "double-backward",
}
HEADER = "Cannot run backward: graph tape has already been consumed at NodeId({id})"


def pre_1_73_log(trainer: Trainer, pattern: str) -> str:
    """A real `cargo run` log as rustc 1.72 and earlier printed its panic: no thread id, the
    message quoted on the `panicked at` line, the location after it (the backtrace's layout
    did not change)."""
    log = LOG_FORMS["cargo-run"](trainer, pattern)
    header = re.compile(r"^thread '([^']+)' \(\d+\) panicked at (\S+):\n(.*)$", re.M)
    old, count = header.subn(lambda m: f"thread '{m[1]}' panicked at '{m[3]}', {m[2]}", log)
    assert count == 1
    return old


@pytest.fixture(scope="session")
def trainer(tmp_path_factory: pytest.TempPathFactory) -> Trainer:
    return built_trainer(tmp_path_factory)


def _explain(trainer: Trainer, log: str, *args: str) -> dict:
    result = pbpit_cli("explain", "-", "--json", *args, stdin=log, cwd=trainer.root)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _check_error(error: dict, pattern: str) -> None:
    """The error is on the marked lines: the panicking backward primary, where the tensor is
    made and where its step was consumed labelled, the NodeId and the binding named."""
    expected, marked = EXPECTED[pattern], markers(pattern)
    panics, made, consumed = marked["panics"], marked["made"], marked["consumed"]
    assert error["level"] == "error"
    assert error["id"] == f"pbpit::{RULES[pattern]}"
    assert error["message"] == HEADER.format(id=expected.node_id)
    assert (error["path"], error["line"]) == (panics.path, panics.line)
    lines = {label["line"]: label for label in error["labels"]}
    assert lines[panics.line]["primary"]
    assert lines[panics.line]["text"].startswith("panicked here")
    assert f"`{expected.binding}` is made here" in lines[made.line]["text"]
    assert consumed.line in lines
    assert error["notes"][0].startswith(f"NodeId({expected.node_id}) is `{expected.binding}`")
    innermost = marked.get("frame", panics)
    assert f"`{expected.innermost}` at ./{innermost.path}:{innermost.line}:" in error["notes"][1]


@pytest.mark.parametrize("form", sorted(LOG_FORMS))
@pytest.mark.parametrize("pattern", PATTERNS)
def test_each_log_form_is_explained_on_the_users_line(trainer, pattern, form):
    data = _explain(trainer, LOG_FORMS[form](trainer, pattern))
    (panic,) = data["panics"]
    assert panic["node_id"] == EXPECTED[pattern].node_id
    test = "tests::trains_" + pattern.replace("-", "_")
    expected_thread = test if form == "test-thread" else "main"
    assert panic["thread"] == expected_thread
    (error,) = panic["diagnostics"]
    _check_error(error, pattern)


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_pre_1_73_panic_format_is_explained_the_same(trainer, pattern):
    (panic,) = _explain(trainer, pre_1_73_log(trainer, pattern))["panics"]
    assert panic["node_id"] == EXPECTED[pattern].node_id
    (error,) = panic["diagnostics"]
    _check_error(error, pattern)


@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_full_backtrace_is_explained_the_same(trainer, pattern):
    log = trainer.run(pattern, "full", merged=True).stdout
    (error,) = _explain(trainer, log)["panics"][0]["diagnostics"]
    panics = markers(pattern)["panics"]
    assert (error["path"], error["line"]) == (panics.path, panics.line)


def test_the_cached_fix_is_code_that_moves_the_forward_into_the_loop(trainer):
    (error,) = _explain(trainer, LOG_FORMS["plain"](trainer, "cached"))["panics"][0]["diagnostics"]
    (fix,) = [h for h in error["help"] if h["edits"]]
    made = markers("cached")["made"]
    inserted = "".join(edit["replacement"] for edit in fix["edits"])
    assert "let output = model.forward(inputs.clone());" in inserted
    assert any(edit["line"] == made.line for edit in fix["edits"])


def test_the_human_error_reads_as_rustc_on_the_users_file(trainer):
    result = pbpit_cli(
        "explain", "-", stdin=LOG_FORMS["plain"](trainer, "shared"), cwd=trainer.root
    )
    assert result.returncode == 0
    panics = markers("shared")["panics"]
    lines = result.stdout.split("\n")
    assert lines[0] == f"error[pbpit::shared-intermediate]: {HEADER.format(id=6)}"
    assert re.fullmatch(rf" *--> {panics.path}:{panics.line}:\d+", lines[1])
    assert f"{panics.line} | {panics.text}" in result.stdout
    # the fix as code: one backward of the sum, the second backward and the step between gone
    assert "\nhelp: add the losses and run one backward: `(mse + penalty).backward()`\n" in (
        result.stdout
    )
    assert re.search(r"\n\d+ \+ +let grads = \(mse \+ penalty\)\.backward\(\);", result.stdout)


@pytest.mark.parametrize("pattern", PATTERNS)
def test_without_a_backtrace_the_crates_findings_are_likely_causes(trainer, pattern):
    data = _explain(trainer, seed_block(trainer, pattern))
    (panic,) = data["panics"]
    assert panic["node_id"] == EXPECTED[pattern].node_id
    assert panic["diagnostics"] == []
    made = markers(pattern)["made"]
    assert any(
        f["path"] == made.path and made.line in [label["line"] for label in f["labels"]]
        for f in panic["likely"]
    )
    assert panic["advice"] == ["run again with `RUST_BACKTRACE=1` for the exact line"]


def test_a_release_backtrace_names_the_function_so_only_its_finding_is_likely(trainer):
    log = trainer.run("cached", "1", release=True, merged=True).stdout
    (panic,) = _explain(trainer, log)["panics"]
    assert [f["line"] for f in panic["likely"]] == [markers("cached")["made"].line]
    assert "not its line" in panic["advice"][0]


def test_the_crate_is_found_from_elsewhere_with_source(trainer, tmp_path):
    log = LOG_FORMS["plain"](trainer, "twice")
    result = pbpit_cli(
        "explain", "-", "--json", "--source", str(trainer.root), stdin=log, cwd=tmp_path
    )
    (error,) = json.loads(result.stdout)["panics"][0]["diagnostics"]
    assert error["line"] == markers("twice")["panics"].line
    assert error["path"].endswith("src/train.rs")


@pytest.mark.parametrize("pattern", PATTERNS)
def test_pbpit_dash_dash_runs_the_program_and_explains_after_its_output(trainer, pattern):
    env = trainer.env(backtrace=None)  # pbpit sets RUST_BACKTRACE=1 itself
    program = str(trainer.target / "debug" / "trainer")
    result = pbpit_cli("--", program, pattern, env=env, cwd=trainer.root)
    assert result.returncode == 101
    expected = EXPECTED[pattern]
    # The program's own output first, on stdout as it wrote it; the panic, its backtrace, then
    # the diagnosis on stderr.
    assert result.stdout.count("epoch ") >= expected.epochs_before
    panic_at = result.stderr.index("stack backtrace:")
    error_at = result.stderr.index(
        f"error[pbpit::{RULES[pattern]}]: {HEADER.format(id=expected.node_id)}"
    )
    assert panic_at < error_at
    panics = markers(pattern)["panics"]
    assert f"--> {panics.path}:{panics.line}:" in result.stderr[error_at:]


def test_pbpit_dash_dash_cargo_run(trainer):
    env = trainer.env(backtrace=None)
    result = pbpit_cli("--", "cargo", "run", "--offline", "--", "cached", env=env, cwd=trainer.root)
    assert result.returncode == 101
    assert "Running `" in result.stderr
    panics = markers("cached")["panics"]
    assert f"--> {panics.path}:{panics.line}:" in result.stderr


def test_pbpit_dash_dash_on_a_program_that_does_not_panic_adds_nothing(trainer):
    program = str(trainer.target / "debug" / "trainer")
    direct = trainer.run("ok", None)
    result = pbpit_cli("--", program, "ok", env=trainer.env(backtrace=None), cwd=trainer.root)
    assert (result.returncode, result.stdout, result.stderr) == (0, direct.stdout, direct.stderr)


def test_the_twice_fix_is_code_that_uses_the_first_gradients(trainer):
    log = LOG_FORMS["plain"](trainer, "twice")
    (error,) = _explain(trainer, log)["panics"][0]["diagnostics"]
    (fix,) = [h for h in error["help"] if h["edits"]]
    assert fix["message"].startswith("use the `Gradients` the first backward returned")
    (edit,) = fix["edits"]
    panics = markers("twice")["panics"]
    assert (edit["line"], edit["replacement"]) == (panics.line, "grads")
    assert panics.text[edit["column"] - 1 : edit["end_column"] - 1] == "step(loss)"


def test_an_id_burn_cannot_hand_out_is_said_and_the_real_panic_still_explained(trainer):
    bad = (
        "Cannot run backward: graph tape has already been consumed at NodeId(18446744073709551616)."
    )
    log = bad + "\n" + LOG_FORMS["plain"](trainer, "twice")
    data = _explain(trainer, log)
    assert [p["node_id"] for p in data["panics"]] == [EXPECTED["twice"].node_id]
    (rejected,) = data["rejected"]
    assert "beyond u64" in rejected


def test_pbpit_dash_dash_passes_a_line_with_an_impossible_id_through(tmp_path):
    line = "graph tape has already been consumed at NodeId(99999999999999999999999)"
    result = pbpit_cli("--", "sh", "-c", f"echo '{line}'; echo after; exit 3", cwd=tmp_path)
    assert result.returncode == 3
    assert result.stdout == f"{line}\nafter\n"
    assert "beyond u64" in result.stderr and "Traceback" not in result.stderr
