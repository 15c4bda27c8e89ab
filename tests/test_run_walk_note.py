"""A run's error that takes the audit's warning of a statement making several nodes (the warning
said at NodeId(5) `saved[1]`, the panic at NodeId(3) `saved[0]`, both pushed by one statement)
keeps the run's own walk of the backward that panicked: it must end at the node the panic
message names."""

from __future__ import annotations

import re
from pathlib import Path

from pbpit.diagnose import findings
from pbpit.runner import Case, run_case

PROGRAM = Path(__file__).parent / "lint" / "vec_kept_rev_take_before_and_after_pushes.rs"


def test_the_walk_to_the_panicking_node_is_kept():
    result = run_case(Case.file(PROGRAM))
    panicked = re.search(
        r"consumed at NodeId\((\d+)\)", result.panic.message if result.panic else ""
    )
    assert panicked is not None
    (error,) = [d for d in findings.diagnose_run(result).errors if d.level == "error"]
    walks = [n for n in error.notes if n.endswith("and found no step")]
    assert len(walks) == 1
    assert walks[0].split(" went ")[1].split(" and ")[0].split(" -> ")[-1] == panicked[1]
