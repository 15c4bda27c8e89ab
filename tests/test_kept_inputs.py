"""A replay buffer or sliding window of a trained encoder's outputs (tests/kept_inputs/: `NAME.rs`,
the fix written by hand `NAME.fixed.rs`, and `NAME.twin.rs`, the fix as a careful user wrote it,
from session 23's held-out set or written beside it) keeps the encoder's input instead, and the
encoder runs again where the buffer is read: a chain around the forward
(`model.encoder.forward(obs).tanh()`), and a read by `Tensor::cat(replay.iter().cloned()
.collect(), 0)`, each element's forward (`replay.iter().map(|kept| ..)`).

Emptying the buffer each pass (`replay.clear();`) ran and kept backward #1's gradients, so it was
stamped "gradients unchanged" and written by `--fix`; it computes other values than the program
from the second pass on (one sample where the program read two). The check compares what the
fixed program prints before the original's panic, the optimizer's steps held in both, and says
so; a detach that changes no value prints the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

from pbpit.diagnose.fix_check import baseline, check_edits
from pbpit.diagnostics.model import Edit
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "kept_inputs"
NAMES = ["replay_latents.rs", "window_of_codes.rs", "b_replay_codes.rs"]


@pytest.mark.parametrize("name", NAMES)
def test_lint_fix_keeps_the_inputs_and_trains_as_the_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(program))
    fixed = HERE / name.replace(".rs", ".fixed.rs")
    assert program.read_text() == fixed.read_text(encoding="utf-8")
    status, out, _ = pbpit_run(fixed)
    twin_status, twin, _ = pbpit_run(HERE / name.replace(".rs", ".twin.rs"))
    assert (status, twin_status) == (0, 0)
    assert out == twin


def test_emptying_the_replay_is_checked_as_changing_what_the_program_computes():
    program = HERE / "replay_latents.rs"
    result = run_case(resolve_case(str(program)))
    assert result.panic is not None
    before = baseline(result)
    lines = program.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines, 1) if "model = optim.step" in line) + 1
    emptying = [Edit(at, 1, at, 1, "        replay.clear();\n")]
    emptied = check_edits(program, emptying, None, 30, before)
    assert emptied.ok
    number, was, now = emptied.printed
    assert number == 2 and was.startswith("step 1:") and now.startswith("step 1:") and was != now
    assert "unchanged" not in emptied.headline and "other values" in emptied.headline
    assert emptied.to_json()["printed_differs"]["line"] == 2
    # Detached where pushed, the values are the program's: only gradients change.
    push = next(i for i, line in enumerate(lines, 1) if "replay.push_back(z)" in line)
    column = lines[push - 1].index("z)") + 2
    detaching = [Edit(push, column, push, column, ".detach()")]
    detached = check_edits(program, detaching, None, 30, before)
    assert detached.ok and detached.printed == ()
