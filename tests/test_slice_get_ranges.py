"""`v.get(range)` (a sub-slice, `Option<&[T]>`) runs under rustc 1.95 and pbpit runs it too,
printing what rustc's binary printed (recorded below from rustc 1.95 with
`-C debug-assertions=on`): never rustc's E0277, which a range type of pbpit's own (`RangeTo`,
the open range `1..`) once drew. An index no `usize` is rustc's E0277 still."""

from __future__ import annotations

import pytest
from pbpit_process import pbpit_run

PROGRAM = 'fn main() {\n    let v = vec![1, 2, 3];\n    println!("{:?}", v.get(ARG));\n}\n'


# What rustc 1.95's binary printed for each argument.
RUSTC = {
    "1..2": "Some([2])",
    "..2": "Some([1, 2])",
    "1..": "Some([2, 3])",
    "..=1": "Some([1, 2])",
    "0..=1": "Some([1, 2])",
    "2..5": "None",
    "3..": "Some([])",
}


@pytest.mark.parametrize("arg", sorted(RUSTC))
def test_a_range_given_to_get_prints_what_rustc_prints(tmp_path, arg):
    path = tmp_path / "main.rs"
    path.write_text(PROGRAM.replace("ARG", arg))
    status, out, err = pbpit_run(path)
    assert (status, out, err) == (0, RUSTC[arg] + "\n", "")


def test_an_index_of_another_integer_type_is_still_rustcs_e0277(tmp_path):
    path = tmp_path / "main.rs"
    path.write_text(PROGRAM.replace("ARG", "1u8"))
    status, _, err = pbpit_run(path)
    assert status == 2
    assert err.startswith("error[E0277]: the type `[{integer}]` cannot be indexed by `u8`"), err
