"""A loss backpropagated again (double-backward) gets the same fixes in every command: `run`,
`explain FILE`, `audit` and `lint` print the same code, which trains as the careful user's
twin does (`NAME.twin.rs`, written by hand: its stdout is the oracle), or all say it in words.

- two optimizers, each given its own module's gradients of one loss: one backward split with
  `GradientsParams::from_module` (`lint/rules/split_grads.py`), as the twin does;
- a backward inside a logging helper, then the step's: the loss and the `let`s it is made from
  built again (`rebuild_the_chain`);
- a loss each pass assigns, backpropagated again after the loop: the assignment again there
  (`kept_loss.rebuilt_after_loop`);
- a closure that only backpropagates, called twice on the loss: the second call's gradients
  are the first's (`kept_gradients.helper_calls`, `&loss` given);
- a retry after the optimizer's step of the module the retry's gradients step: the loss built
  again from the stepped module (`split_grads.stepped_by`); the encoder stepped between two
  optimizers' backwards is not such a step: there the rebuild is said in words in every
  command (`words_withheld`), and the split is the code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pbpit_process import apply_json_edits, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "backward_again"

# program: a word of the code fix every command prints, or None where all say it in words
CASES = {
    "two_optimizers": "from_module",
    "parts_two_optimizers": "from_module",
    "monitor_grad_norm": "build `loss` again",
    "logged_norm": "build `loss` again",
    "final_loss_again": "build `loss` again",
    "retry_after_step": "build `loss` again",
    "closure_twice": '"replacement": "raw"',
}


def _first(command: str, path: Path) -> dict:
    if command == "lint":
        found = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    else:
        data = json.loads(pbpit_main(command, "--json", str(path)).stdout)
        found = [data["diagnostic"]] if command == "explain" else data["diagnostics"]
    found = [f for f in found if f.get("rule")]
    assert found, command
    return found[0]


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_command_the_same_fixes(name, tmp_path):
    program = HERE / f"{name}.rs"
    codes = set()
    for command in ("run", "explain", "audit", "lint"):
        first = _first(command, program)
        assert first["rule"].removeprefix("pbpit::") == "double-backward", command
        coded = [h for h in first.get("help", []) if h.get("edits")]
        codes.add(tuple(json.dumps(h["edits"], sort_keys=True) for h in coded))
        if CASES[name] is not None:
            assert len(coded) == 1 and CASES[name] in json.dumps(coded[0]), command
    assert len(codes) == 1, codes  # one fix set in every command
    if CASES[name] is None:
        assert codes == {()}
        return
    fixed = tmp_path / f"{name}.rs"
    fixed.write_text(apply_json_edits(program.read_text(), json.loads(next(iter(codes))[0])))
    status, out, _ = pbpit_run(fixed)
    twin_status, twin_out, _ = pbpit_run(HERE / f"{name}.twin.rs")
    assert (status, out) == (twin_status, twin_out) and twin_status == 0
