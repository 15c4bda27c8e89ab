"""Per-layer states carried from one pass to the next in a collection (tests/collection_carry/,
each `NAME.rs` beside `NAME.fixed.rs`, written by hand) are detached where the collection is
given the pass's new states, each tensor of it: `.detach()` is a tensor's, not a `Vec`'s, an
array's or a `VecDeque`'s.

- `hs = new_hs;` of a local `Vec<Tensor<2>>`: `hs = new_hs.into_iter().map(|t|
  t.detach()).collect();` (vec_of_layer_states; the words once named a push `hs.push(h.detach())`
  the program does not have, and no code);
- `states = next;` of an array `[Tensor<2>; 2]`: `next.map(|t| t.detach())` (array_of_states;
  `next.detach()` was written, which pbpit refused: no `detach` on an array);
- `self.memory = next;` of a `VecDeque` field in the one method that sets it
  (deque_in_method);
- `pairs = fresh;` of a `Vec<(Tensor<2>, Tensor<2>)>` of (h, c) pairs: each tensor of each pair,
  `fresh.into_iter().map(|(t0, t1)| (t0.detach(), t1.detach())).collect()` (vec_of_pairs);
- `state = (new_hs, state.1 + 1);` of a `(Vec<Tensor<2>>, usize)`: the `Vec`'s tensors mapped
  in the tuple, the counter kept (tuple_with_vec; `new_hs.detach()` was refused);
- `hs = new_hs;` read after it in the pass (`hs.len()` printed): each tensor of `hs` detached in
  place at the end of the pass, not words naming a push `hs.push(h.detach())` the program does not
  have (read_after_carry).

`lint --fix` writes the hand-written twin byte for byte; `run` shows the same edit, checked; the
twin runs to its end, lints clean, and prints what the original printed before its panic."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

from pbpit.diagnose.findings import diagnose_run
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "collection_carry"

CASES = [
    ("vec_of_layer_states.rs", "hs", "detach each tensor of `new_hs` where it is put in `hs`"),
    ("array_of_states.rs", "states", "detach each tensor of `next` where it is put in `states`"),
    ("vec_of_pairs.rs", "pairs", "detach each tensor of `fresh` where it is put in `pairs`"),
    ("tuple_with_vec.rs", "state", "detach the tensors `state` holds at the end of each pass"),
    ("read_after_carry.rs", "hs", "detach each tensor of `hs` at the end of each pass, in place"),
    (
        "deque_in_method.rs",
        "tagger.memory",
        "detach each tensor of `next` where it is put in `tagger.memory`",
    ),
]


@pytest.mark.parametrize(("name", "binding", "starts"), CASES)
def test_lint_fix_writes_the_hand_written_twin(name, binding, starts, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(program))
    fixed = HERE / name.replace(".rs", ".fixed.rs")
    assert program.read_text() == fixed.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "binding", "starts"), CASES)
def test_the_run_shows_the_same_edit_checked(name, binding, starts):
    (finding,) = lint_paths([HERE / name]).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", binding)
    (fix,) = [h for h in finding.helps if h.edits]
    assert fix.message.startswith(starts), fix.message
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", binding)
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits
    assert shown.checked is not None and shown.checked.ok, shown.checked


@pytest.mark.parametrize(("name", "binding", "starts"), CASES)
def test_the_twin_runs_clean_and_prints_what_the_original_printed(name, binding, starts):
    fixed = HERE / name.replace(".rs", ".fixed.rs")
    status, out, _ = pbpit_run(fixed)
    assert status == 0
    assert lint_paths([fixed]).findings == []
    _, before, err = pbpit_run(HERE / name)
    assert "graph tape has already been consumed" in err
    assert before and out.startswith(before)


@pytest.mark.parametrize(
    ("name", "lines", "carrier"),
    [("array_of_states.rs", [29, 30], "states"), ("vec_of_pairs.rs", [30, 31, 33, 34], "pairs")],
)
def test_the_audit_names_the_collection_for_every_state_it_carries(name, lines, carrier):
    """Both states of the array (`s0` made at line 29, `s1` at line 30) reach the next pass
    through `states = next;` (`let next = [s0, s1.clone()];`): the audit's hazards name
    `states` for each, not the first state by its own binding; the same of (h, c) pairs gathered
    by `let fresh = vec![(h0n, c0n), (h1n, c1n)];` (`pairs = fresh;`)."""
    import json

    data = json.loads(pbpit_main("audit", "--json", str(HERE / name)).stdout)
    hazards = [e for e in data["audit"] if e["verdict"] == "hazard"]
    assert sorted(e["line"] for e in hazards) == lines
    assert [d["message"].split(" ")[0] for d in data["diagnostics"]] == [f"`{carrier}`"]
