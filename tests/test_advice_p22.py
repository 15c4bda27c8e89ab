"""Advice on three shapes of panicking Burn programs whose fix was missing or wrong (helper P,
session 22; tests/advice_p22/: each panicking program `NAME.rs` beside `NAME.twin.rs`, the fix
written by hand, as a careful user would, before pbpit's fix was looked at; the carriers below
are hand verdicts, not pbpit's output):

- a tensor memoised in a map read back by a later epoch (`features.entry(i)
  .or_insert_with(|| ..)`, `HashMap` or `BTreeMap`): the map carries it. Where the loop steps
  what it is made from, it is made in each pass, the map gone (n11, m1); where nothing it is
  made from is trained (a teacher never stepped), it is stored detached (m2); keyed by a user
  id, not a counter, with `or_insert` (m3); filled where the key is missing (`if
  !cache.contains_key(&class) { .. cache.insert(class, e); }` then `cache.get(&class)`, m4;
  `if let Some(e) = cache.get(&class) { e.clone() } else { .. }`, m5), which lint did not see
  and run fixed in words only. Lint saw nothing in n11 before (its key is the inner
  loop's counter, new each pass of that loop only) and named the fresh `let` in m3.
- a tensor cached in an `Option` filled only when empty (`if self.ctx.is_none() { .. }`,
  `get_or_insert_with`, a local `Option`, an early `return` of what it holds): emptied at the
  end of each pass where the loop steps its encoder (n10, o1, o2, o4; detaching would leave the
  encoder no gradient), stored
  detached where the encoder is frozen (o3); a `Vec` of such slots filled at the index the
  pass gives its method: that pass's slot emptied (`cache.slots[i] = None;`, v1 from helper P,
  v2 from helper W), which lint now reads as emptying it (it warned on the twin before, so the
  fix was said in words only).
- losses summed in an `Option` field by a method and backpropagated by another
  (`flush`), whose backward is its last expression: the sum taken out there
  (`self.total.take()` for `self.total.clone()`), not detached each pass nor computed again
  (n14, a1, a2; a3 keeps the meter in a field of the trainer, which lint did not follow into
  the next pass: the meter was read by method calls only); in a tuple struct (`self.0`,
  `pending.1` of `struct Pending(usize, Option<Tensor<1>>)`: a4 from helper P, a5 from helper
  W), which lint did not see (numeric fields not followed through method calls, and
  `window.push(..)` of `Window(None, 0)` read as `Vec::push`), and `run` said "detach `sum`".

n10, n11, n14 are helper N3's held-out programs of session 21 (its p10, p11, p14 and hand twins
c10, c11, c14), development material since. The oracle is the twin: its text (what `lint --fix`
writes, and what each command's first code fix makes of the program) and its run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_p22"

RULE = "loop-external-tracked"

# Hand verdicts: the binding that carries the tensor into the next pass, and whether the hand
# fix detaches (what it is made from is never stepped) or keeps the gradients.
HAND = {
    "n10_option_cache_method.rs": ("cache.ctx", "keeps"),
    "n11_hashmap_feature_cache.rs": ("features", "keeps"),
    "n14_accum_struct_flush.rs": ("acc.total", "keeps"),
    "m1_btree_memo_enumerate.rs": ("projected", "keeps"),
    "m2_frozen_teacher_memo.rs": ("soft", "detaches"),
    "m3_user_ids_or_insert.rs": ("users", "keeps"),
    "m4_hashmap_contains_key_insert.rs": ("cache", "keeps"),
    "m5_hashmap_if_let_get_insert.rs": ("cache", "keeps"),
    "o1_prompt_get_or_insert.rs": ("memo.encoded", "keeps"),
    "o2_local_option_is_none.rs": ("prototypes", "keeps"),
    "o3_frozen_context_cache.rs": ("adapter.summary", "detaches"),
    "o4_early_return_memo.rs": ("memo.summary", "keeps"),
    "a1_window_take_then_put.rs": ("window.sum", "keeps"),
    "a2_meter_map_or_expect.rs": ("meter.sum", "keeps"),
    "a3_trainer_meter_nested.rs": ("trainer.meter.sum", "keeps"),
    "a4_tuple_struct_window.rs": ("window.0", "keeps"),
    "a5_tuple_pending_grads.rs": ("pending.1", "keeps"),
    "v1_vec_slot_cache.rs": ("cache.slots", "keeps"),
    "v2_prompt_slots_by_user.rs": ("prompts.per_user", "keeps"),
}

COMMANDS = ["run", "audit", "explain", "lint"]


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _twin(name: str) -> str:
    return _text(name.replace(".rs", ".twin.rs"))


def _first_fix(command: str, name: str) -> dict:
    (first, *_) = json_diagnostics(command, HERE / name)
    assert first["rule"] == RULE, first["message"]
    assert first_named(first["message"]) == HAND[name][0], first["message"]
    coded = [h for h in first["help"] if h["edits"]]
    assert coded, first["help"]
    return coded[0]


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_programs_panic_and_their_twins_run_and_lint_clean(name, tmp_path):
    # The oracle's own check: each program panics at Burn's tape, its twin runs (printing a
    # line a pass at least) and lints clean.
    status, _, err = pbpit_run(HERE / name)
    assert status == 101 and "graph tape has already been consumed" in err, err
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(name))
    status, out, _ = pbpit_run(twin)
    assert status == 0 and out.count("\n") >= 3, out
    done = pbpit_main("lint", "--format", "json", str(twin))
    assert json.loads(done.stdout)["findings"] == []


@pytest.mark.parametrize("name", sorted(HAND))
def test_lint_fix_writes_the_hand_written_twin(name, tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(_text(name))
    pbpit_main("lint", "--fix", str(program))
    assert program.read_text() == _twin(name)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(HAND))
def test_each_command_names_the_carrier_and_its_first_fix_is_the_twin(name, command):
    fix = _first_fix(command, name)
    assert fix.get("checked", {}).get("verdict", "runs") == "runs", fix
    edits = fix["edits"]
    assert apply_json_edits(_text(name), edits) == _twin(name)


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_fixed_program_trains_as_the_twin(name, tmp_path):
    # What the fix prints is what the hand-fixed program prints: the same losses, pass by pass.
    fix = _first_fix("run", name)
    fixed = tmp_path / "fixed.rs"
    fixed.write_text(apply_json_edits(_text(name), fix["edits"]))
    twin = tmp_path / "twin.rs"
    twin.write_text(_twin(name))
    hand, expected, _ = pbpit_run(twin)
    status, out, _ = pbpit_run(fixed)
    assert hand == 0 and status == 0 and out == expected, out


@pytest.mark.parametrize("name", sorted(HAND))
def test_detach_first_only_where_nothing_it_is_made_from_is_stepped(name):
    # Issue 24 item 5: a module an optimizer steps is made again, never detached first; a
    # teacher or a frozen context network, never stepped, is detached.
    fix = _first_fix("lint", name)
    detaches = any(".detach()" in e["replacement"] for e in fix["edits"])
    assert detaches == (HAND[name][1] == "detaches"), fix["message"]


@pytest.mark.parametrize("name", sorted(n for n in HAND if HAND[n][1] == "keeps"))
def test_a_kept_gradient_fix_is_checked_with_unchanged_gradients(name):
    # The run made the fix and compared the leaves' gradients of the backwards the original ran.
    fix = _first_fix("run", name)
    assert "unchanged" in fix["message"] or "unchanged" in json.dumps(fix.get("checked")), fix


def test_a_memo_read_once_a_new_key_is_no_hazard(tmp_path):
    # The same memo in one loop whose counter is new each pass (no loop around it reads a key
    # again): each pass makes its own tensor; no panic, and lint is silent.
    text = _text("n11_hashmap_feature_cache.rs").replace("for epoch in 0..2 {", "{ let epoch = 0;")
    program = tmp_path / "once.rs"
    program.write_text(text)
    status, _, err = pbpit_run(program)
    assert status == 0, err
    done = pbpit_main("lint", "--format", "json", str(program))
    assert json.loads(done.stdout)["findings"] == []


def test_a_slot_emptied_other_than_the_one_filled_still_warns(tmp_path):
    # Hand derivation: the pass fills slot `i + 1` and empties slot `i`; the next epoch reads
    # slot `i + 1` as the previous epoch left it, whose graph that epoch's backward consumed.
    text = _twin("v1_vec_slot_cache.rs")
    text = text.replace("vec![None, None]", "vec![None, None, None]")
    text = text.replace("cache.encoding(i, &model, x)", "cache.encoding(i + 1, &model, x)")
    program = tmp_path / "off.rs"
    program.write_text(text)
    status, _, err = pbpit_run(program)
    assert status == 101 and "graph tape has already been consumed" in err, err
    done = pbpit_main("lint", "--format", "json", str(program))
    (finding,) = json.loads(done.stdout)["findings"]
    assert first_named(finding["message"]) == "cache.slots", finding["message"]


def test_a_map_the_pass_inserts_into_before_its_get_is_no_hazard(tmp_path):
    # m4 with its `if !cache.contains_key(..)` dropped: each pass inserts its own embedding at
    # the key before reading it there, so the read finds this pass's tensor, never an earlier
    # pass's; the run backpropagates each pass's own graph, and lint is silent (it warned
    # before: the read at the counter was taken for what an earlier round put there).
    text = _text("m4_hashmap_contains_key_insert.rs")
    text = re.sub(r"if !cache\.contains_key\(&class\) \{\n(.*?\n.*?\n)\s*\}\n", r"\1", text)
    assert "contains_key" not in text and "cache.insert(class, e);" in text
    program = tmp_path / "each.rs"
    program.write_text(text)
    status, _, err = pbpit_run(program)
    assert status == 0, err
    done = pbpit_main("lint", "--format", "json", str(program))
    assert json.loads(done.stdout)["findings"] == []
