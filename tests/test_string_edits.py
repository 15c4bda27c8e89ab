"""`String::pop`, `insert`, `truncate` and `str::to_owned` (string_edits.py): rustc 1.95's
verdicts; its output is the golden tests/rust/std/string_edits.stdout. An offset inside a char
(std panics in alloc) is refused where it happens, never run on as if it were a boundary."""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, verdict_tests

CASES = {
    "pop_of_a_let_without_mut": (
        """\
fn main() {
    let s = String::from("ab");
    let c = s.pop();
    println!("{:?}", c);
}
""",
        rejects("E0596"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_an_offset_inside_a_char_is_refused_not_run():
    # rustc's binary panics: "assertion failed: self.is_char_boundary(new_len)" (inside alloc)
    source = 'fn main() {\n    let mut s = String::from("éa");\n    s.truncate(1);\n'
    source += '    println!("{}", s);\n}\n'
    found = judge(source, pbpit_verdict)
    assert found.state != "ran" or found.stdout == "", found
