"""`v.capacity()` (interp/vec_capacity.py): what rustc's binary prints for the `Vec`s whose
allocation pbpit follows (`Vec::new()`, `with_capacity`, `vec![..]`, grown by pushes and exact
`extend`s: goldens `tests/rust/std/vec_capacity*.rs`, recorded from rustc); for any other
`Vec`, refused as the program runs, never a made-up number."""

from __future__ import annotations

import pytest
from pbpit_process import pbpit_main

MADE_OTHERWISE = {
    "clone": "let w = v.clone();",
    "collect": "let w: Vec<i32> = v.iter().filter(|x| **x > 1).copied().collect();",
    "to_vec": "let w = v.to_vec();",
    "extended_by_an_iterator": "let mut w = Vec::new();\n    w.extend(v.iter().map(|x| x * 2));",
}


@pytest.mark.parametrize("name", sorted(MADE_OTHERWISE))
def test_the_capacity_of_a_vec_pbpit_does_not_follow_is_refused(tmp_path, name):
    source = (
        'fn main() {\n    let v = vec![1, 2, 3];\n    println!("start");\n    '
        + MADE_OTHERWISE[name]
        + '\n    println!("{}", w.capacity());\n}\n'
    )
    (tmp_path / "main.rs").write_text(source)
    out = pbpit_main("run", "main.rs", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "start\n"), out.stderr
    assert "`capacity()` of a `Vec` whose allocation pbpit does not follow" in out.stderr
