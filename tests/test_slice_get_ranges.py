"""`v.get(range)` (a sub-slice, `Option<&[T]>`) runs under rustc 1.95 (`v.get(..2)` of
`vec![1, 2, 3]` prints `Some([1, 2])`); pbpit does not run it yet, so it must refuse it as
outside its subset, never claim rustc's E0277 (which a range type of pbpit's own, `RangeTo`
or the open range `1..`, once drew). An index no `usize` is rustc's E0277 still."""

from __future__ import annotations

import pytest
from pbpit_process import pbpit_run

PROGRAM = 'fn main() {\n    let v = vec![1, 2, 3];\n    println!("{:?}", v.get(ARG));\n}\n'


@pytest.mark.parametrize("arg", ["1..2", "..2", "1..", "..=1", "0..=1"])
def test_a_range_given_to_get_is_refused_not_a_rustc_error(tmp_path, arg):
    path = tmp_path / "main.rs"
    path.write_text(PROGRAM.replace("ARG", arg))
    status, out, err = pbpit_run(path)
    assert (status, out) == (2, "")
    assert err.startswith("error: unsupported Rust: `get` of a range"), err
    assert "E0277" not in err


def test_an_index_of_another_integer_type_is_still_rustcs_e0277(tmp_path):
    path = tmp_path / "main.rs"
    path.write_text(PROGRAM.replace("ARG", "1u8"))
    status, _, err = pbpit_run(path)
    assert status == 2
    assert err.startswith("error[E0277]: the type `[{integer}]` cannot be indexed by `u8`"), err
