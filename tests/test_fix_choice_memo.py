"""`lint --fix=recompute` chooses a memo map's recompute: the value made in each pass instead of
read back from the map (`make X in each pass instead of reading it back from `cache``), which
the plain `--fix` writes for what the loop trains (issue 24, Deliver 5: `--fix=detach|recompute|
add` to choose). It wrote nothing: the memo's help was no fix of the rule's kinds. The oracle is
the hand twin written before pbpit ran on each program (tests/advice_p22/): the program
`--fix=recompute` writes prints what the twin prints."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_p22"
MEMOS = [
    "m1_btree_memo_enumerate.rs",
    "m3_user_ids_or_insert.rs",
    "m4_hashmap_contains_key_insert.rs",
    "m5_hashmap_if_let_get_insert.rs",
]


@pytest.mark.parametrize("name", MEMOS)
def test_fix_recompute_writes_the_memo_made_in_each_pass(name, tmp_path):
    program = tmp_path / "main.rs"
    original = (HERE / name).read_text(encoding="utf-8")
    program.write_text(original, encoding="utf-8")
    pbpit_main("lint", "--fix=recompute", str(program))
    assert program.read_text(encoding="utf-8") != original, "no fix written"
    status, out, _ = pbpit_run(program)
    twin_status, twin_out, _ = pbpit_run(HERE / name.replace(".rs", ".twin.rs"))
    assert twin_status == 0 and twin_out.count("\n") >= 2, twin_out
    assert status == 0 and out == twin_out, out
