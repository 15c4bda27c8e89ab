"""`&mut String` as trainer code writes it (issue 26): a parameter (`fn record(log: &mut
String, ..)` with `*log += ..`, `log.push_str(..)`, `write!(log, ..)`, `log.clear()`, passed on
as `tag(log, ..)`), given `&mut s`, `&mut run.name`, `&mut v[i]`, and a local `let r = &mut
text; r.push('!')`. Refused before ("pbpit's `&mut` reaches structs, `Vec`s and optimizers");
held as `&mut usize` is, a cell of the place (num_refs.py). Beside them the programs rustc
rejects: `log += ..` of the reference (E0368), `&s` given (E0308), `&mut s` of a `let s`
(E0596), a `&String` parameter pushed to (E0596), two `&mut` (E0499), a read while the `&mut`
lives (E0502).

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, runs, verdict_tests

CASES = {
    "e_assign_ref": (
        """\
fn record(log: &mut String) {
    log += "x";
}
fn main() {
    let mut s = String::new();
    record(&mut s);
    println!("{}", s);
}
""",
        rejects('E0368'),
    ),
    "e_not_mut": (
        """\
fn record(log: &mut String) {
    log.push('x');
}
fn main() {
    let s = String::new();
    record(&mut s);
    println!("{}", s);
}
""",
        rejects('E0596'),
    ),
    "e_read_while_mut": (
        """\
fn main() {
    let mut s = String::from("a");
    let r = &mut s;
    println!("{}", s);
    r.push('y');
}
""",
        rejects('E0502'),
    ),
    "e_shared_arg": (
        """\
fn record(log: &mut String) {
    log.push('x');
}
fn main() {
    let mut s = String::new();
    record(&s);
    println!("{}", s);
}
""",
        rejects('E0308'),
    ),
    "e_shared_param": (
        """\
fn record(log: &String) {
    log.push('x');
}
fn main() {
    let mut s = String::new();
    record(&s);
    println!("{}", s);
}
""",
        rejects('E0596'),
    ),
    "e_two_mut": (
        """\
fn main() {
    let mut s = String::new();
    let a = &mut s;
    let b = &mut s;
    a.push('x');
    b.push('y');
    println!("{}", s);
}
""",
        rejects('E0499'),
    ),
    "local_mut_ref_string": (
        """\
fn main() {
    let mut text = String::from("ab");
    let r = &mut text;
    r.push('!');
    println!("{}", text);
}
""",
        runs('ab!\n'),
    ),
    "record_log_params": (
        """\
fn record(log: &mut String, loss: f32) {
    *log += &format!("[{:.2}]", loss);
}
fn bump(count: &mut usize, best: &mut f32, loss: f32) {
    *count += 1;
    if loss < *best {
        *best = loss;
    }
}
fn main() {
    let mut log = String::new();
    let mut count = 0;
    let mut best = f32::INFINITY;
    for l in [0.5f32, 0.25, 0.75] {
        record(&mut log, l);
        bump(&mut count, &mut best, l);
    }
    println!("{} {} {}", log, count, best);
}
""",
        runs('[0.50][0.25][0.75] 3 0.25\n'),
    ),
    "string_ref_methods": (
        """\
use std::fmt::Write;
struct Run { name: String, notes: Vec<String> }
fn tag(s: &mut String, epoch: usize) {
    s.push_str(" epoch");
    write!(s, " {}", epoch).unwrap();
    s.push(';');
    if s.len() > 30 {
        s.clear();
    }
}
fn relay(s: &mut String) {
    tag(s, 7);
    *s += "|";
}
fn reset(s: &mut String) {
    let n = s.len();
    s.clear();
    *s = format!("reset from {}", n);
}
fn main() {
    let mut run = Run { name: String::from("mlp"), notes: vec![String::new(), String::from("x")] };
    tag(&mut run.name, 1);
    relay(&mut run.notes[1]);
    let mut t = String::from("abc");
    relay(&mut t);
    println!("{} / {:?} / {}", run.name, run.notes, t);
    reset(&mut t);
    {
        let r = &mut t;
        r.push('>');
        let p = r.is_empty();
        println!("{} {:?} {}", r, p, r.len());
    }
    tag(&mut t, 2);
    println!("{}", t);
}
""",
        runs(
            'mlp epoch 1; / ["", "x epoch 7;|"] / abc epoch 7;|\n'
            'reset from 13> false 14\n'
            'reset from 13> epoch 2;\n'
        ),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_the_reference_assigned_names_its_written_type():
    # rustc 1.95: "binary assignment operation `+=` cannot be applied to type `&mut String`"
    # (pbpit said `&mut _`)
    found = judge(CASES["e_assign_ref"][0], pbpit_verdict)
    assert "cannot be applied to type `&mut String`" in found.detail, found
