"""A `Vec` field walked by a loop (`for l in pending.losses.iter()`) and emptied after the
backward of the loss read from it (`pending.losses.clear()`, the hand twin): the walk keeps its
elements beside the struct's name (`pending`), and the field's emptying takes them out too. Lint
warned on the twin, so `--fix` restored the file its own fix had written (N5's q71)."""

from __future__ import annotations

from pathlib import Path

from pbpit_process import pbpit_main, pbpit_run

HERE = Path(__file__).parent / "walked25"


def test_the_field_emptied_after_its_backward_is_no_finding():
    twin = HERE / "pending_walked.twin.rs"
    assert pbpit_run(twin)[0] == 0
    assert pbpit_main("lint", str(twin)).returncode == 0


def test_lint_fix_writes_the_emptying_and_it_trains_as_the_twin(tmp_path):
    program = HERE / "pending_walked.rs"
    copy = tmp_path / "main.rs"
    copy.write_text(program.read_text())
    pbpit_main("lint", "--fix", str(copy))
    added = [line for line in copy.read_text().splitlines() if line not in program.read_text()]
    assert added == ["            pending.losses.clear();"], added
    assert pbpit_main("lint", str(copy)).returncode == 0
    status, out, _ = pbpit_run(copy)
    assert (status, out) == (0, pbpit_run(HERE / "pending_walked.twin.rs")[1])
