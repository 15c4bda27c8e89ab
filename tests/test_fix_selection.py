"""Which diagnosis `run`, `audit` and `explain` show for a replay buffer read at an earlier
pass's element: emptying `buffer` at the end of each pass cannot be done (index out of bounds),
so lint, as the run, which saw the tensor put in the buffer, detaches it where it is put, which
runs, under lint's rule and binding. The oracle is running the program and its fixed copy (exit
status, what it prints)."""

from __future__ import annotations

import contextlib
import io
import json
import textwrap
from pathlib import Path

from pbpit_process import apply_edits, lint_captured, pbpit_run

from pbpit.diagnose.findings import audit_report, diagnose_run
from pbpit.diagnostics.model import Edit
from pbpit.runner import resolve_case, run_case

REPLAY = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut buffer: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        let s = Tensor::<1>::from_floats([1.0, step as f32], &device);
        let target = (w.clone() * s.clone()).exp();
        buffer.push(target);
        let sample = buffer[step / 2].clone();
        let loss = (w.clone() * s - sample).abs().sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""

PUT_DETACHED = "        buffer.push(target.detach());"


def _program(tmp_path: Path) -> Path:
    path = tmp_path / "replay.rs"
    path.write_text(textwrap.dedent(REPLAY).lstrip())
    return path


def _runs_fixed(path: Path, edits, tmp_path: Path) -> tuple[int, str, str]:
    fixed = tmp_path / "fixed_replay.rs"
    fixed.write_text(apply_edits(path.read_text(), edits))
    status, out, _ = pbpit_run(fixed)
    return status, fixed.read_text(), out


def test_the_program_panics_and_lint_finds_it_with_a_fix_that_runs(tmp_path):
    path = _program(tmp_path)
    status, out, err = pbpit_run(path)
    assert status != 0 and "graph tape has already been consumed" in err
    # Pass 0 runs: d/dw0 |w0 - exp(w0)| = exp(0.5) - 1 by hand; pass 1 panics.
    assert out.startswith("0: [0.6487") and out.count("\n") == 1, out
    _, said, _ = lint_captured([str(path)], fmt="json")
    (finding,) = json.loads(said)["findings"]
    assert finding["rule"] == "loop-external-tracked"
    # The buffer is read at an index a pass computes (`buffer[step / 2]`): emptied each pass,
    # pass 1 would read buffer[0] of an empty Vec. Lint detaches the target where it is pushed,
    # as the run does.
    (written,) = [h for h in finding["help"] if h.get("edits")]
    status, text, _ = _runs_fixed(path, [Edit(**e) for e in written["edits"]], tmp_path)
    assert PUT_DETACHED in text.splitlines() and status == 0


def test_run_shows_the_fix_that_runs_under_lints_rule_and_binding(tmp_path):
    path = _program(tmp_path)
    result = run_case(resolve_case(str(path)))
    (error, *_) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "buffer")
    (fix,) = [h for h in error.helps if h.edits]
    assert fix.checked is not None and fix.checked.ok
    status, text, out = _runs_fixed(path, fix.edits, tmp_path)
    assert PUT_DETACHED in text.splitlines()
    assert status == 0 and len(out.splitlines()) == 3, out


def test_audit_shows_the_fix_that_runs(tmp_path):
    path = _program(tmp_path)
    (warning,) = audit_report(run_case(resolve_case(str(path)))).warnings
    assert (warning.rule, warning.name) == ("loop-external-tracked", "buffer")
    (fix,) = [h for h in warning.helps if h.edits]
    status, text, _ = _runs_fixed(path, fix.edits, tmp_path)
    assert PUT_DETACHED in text.splitlines() and status == 0


def test_explain_shows_the_fix_that_runs(tmp_path):
    from pbpit import cli

    path = _program(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            cli.main(["explain", "--json", str(path)])
    diagnostic = json.loads(out.getvalue())["diagnostic"]
    assert diagnostic["rule"] == "loop-external-tracked"
    (fix,) = [h for h in diagnostic["help"] if h.get("edits")]
    status, text, _ = _runs_fixed(path, [Edit(**e) for e in fix["edits"]], tmp_path)
    assert PUT_DETACHED in text.splitlines() and status == 0
