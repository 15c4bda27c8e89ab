"""Recompute fixes written as code where the edit is mechanical (tests/recompute_shapes/: `NAME.rs`,
`NAME.fixed.rs` what `lint --fix` is to write, checked by hand against `NAME.twin.rs`, the fix as
a careful user wrote it, from session 23's held-out set or written beside it):

- a memo of a trained encoder's outputs read through `match memo.get(&id) { Some(e) =>
  e.clone(), None => { let e = ..; memo.insert(id, e.clone()); e } }` (arms in either order):
  the encoder run every pass, the map dropped (memo_match, cache_match); said only as a detach
  at the insert before;
- prototypes made once an epoch by `(0..2).map(|c| net.embed.forward(..)).collect()` and read
  by each query's pass: the `let` moved into the query loop (prototypes_closure,
  b_centroids_closure); the closure kept it in words before.

The audit of such a tensor says it is made before the inner loop, at its own line, as the run's
label says ("made here, outside the loop"); it said "made in one pass of the loop at line 24
(the epochs' `for`), used by the next"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

from pbpit.diagnose.findings import diagnose_run
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "recompute_shapes"
NAMES = ["memo_match.rs", "cache_match.rs", "prototypes_closure.rs", "b_centroids_closure.rs"]


@pytest.mark.parametrize("name", NAMES)
def test_lint_fix_recomputes_and_trains_as_the_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(program))
    fixed = HERE / name.replace(".rs", ".fixed.rs")
    assert program.read_text() == fixed.read_text(encoding="utf-8")
    status, out, _ = pbpit_run(fixed)
    twin_status, twin, _ = pbpit_run(HERE / name.replace(".rs", ".twin.rs"))
    assert (status, twin_status) == (0, 0)
    assert out == twin


@pytest.mark.parametrize("name", NAMES)
def test_the_run_shows_lints_recompute_first_checked(name):
    (finding,) = lint_paths([HERE / name]).findings
    first = next(h for h in finding.helps if h.edits)
    result = run_case(resolve_case(str(HERE / name)))
    (error,) = diagnose_run(result).errors
    shown = next(h for h in error.helps if h.edits)
    assert shown.edits == first.edits
    assert shown.checked is not None and shown.checked.ok and not shown.checked.printed


@pytest.mark.parametrize(
    ("name", "made", "loop"),
    [("prototypes_closure.rs", 25, 28), ("b_centroids_closure.rs", 27, 30)],
)
def test_the_audit_says_made_before_the_inner_loop(name, made, loop):
    data = json.loads(pbpit_main("audit", "--json", str(HERE / name)).stdout)
    text = json.dumps(data)
    assert "made in one pass of the loop" not in text
    run = pbpit_main("run", str(HERE / name))
    said = re.search(r"hazard  (made at line \d+, before the loop at line \d+)", run.stdout)
    assert said is not None, run.stdout
    assert said[1] == f"made at line {made}, before the loop at line {loop}"


def test_statistics_of_a_trained_forward_lead_with_the_recompute_in_every_command():
    """Normalisation statistics of a trained encoder's features (session 21's held-out p01):
    the loop's forward of a batch is rows of the data the statistics reduce, not a copy of them,
    so no snapshot; an optimizer steps the encoder, so every command leads with the recompute
    (explain detached first, as a snapshot, and said the recompute in words)."""
    program = HERE / "norm_stats.rs"
    (finding,) = lint_paths([program]).findings
    lint_first = next(h for h in finding.helps if h.edits)
    assert lint_first.message.startswith("if gradients must flow through `mean` and `std`")
    data = json.loads(pbpit_main("explain", "13", "--case", str(program), "--json").stdout)
    first = data["fixes"][0]
    assert (first["key"], first["applies"]) == ("recompute in the loop", True)
    assert any(mark == "+" for mark, *_ in first["lines"])
    result = run_case(resolve_case(str(program)))
    (error,) = diagnose_run(result).errors
    run_first = next(h for h in error.helps if h.edits)
    assert run_first.message == lint_first.message
