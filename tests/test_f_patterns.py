"""Programs on which pbpit must give rustc's verdict about the patterns of `match`, `if let`,
`while let`, `for` and closure parameters it reads (lower_pats.py): `&p` where the value is
certainly a reference (`Some(&x)` of `v.iter().max()`, `v.first()`, `m.get(k)`), `ref` and
`@` bindings, a parenthesized pattern. A program rustc rejects may be refused as outside the
subset instead (references are erased: `Some(&x)` of an `Option<i32>` or a `&s` binding a
`String` is never run), but never run; programs rustc runs beside them make a rule that refuses
too much fail.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "some_ref_of_iter_max": (
        """\
fn main() {
    let v = vec![3, 9, 4];
    match v.iter().max() {
        Some(&x) => println!("max {}", x),
        None => println!("empty"),
    }
}
""",
        runs("max 9\n"),
    ),
    "some_ref_of_first_and_map_get": (
        """\
use std::collections::HashMap;
fn main() {
    let v = vec![1.5, 2.5];
    if let Some(&f) = v.first() {
        println!("{}", f * 2.0);
    }
    let mut m = HashMap::new();
    m.insert("k", 3);
    match m.get("k") {
        Some(&n) if n > 1 => println!("big {}", n),
        Some(&n) => println!("{}", n),
        None => {}
    }
}
""",
        runs("3\nbig 3\n"),
    ),
    "while_let_some_ref_of_iterator_variable": (
        """\
fn main() {
    let v = vec![1, 2, 3, 4];
    let mut it = v.iter().rev();
    while let Some(&x) = it.next() {
        if x < 2 {
            break;
        }
        println!("{}", x);
    }
}
""",
        runs("4\n3\n2\n"),
    ),
    "some_ref_of_tuple_in_max_by": (
        """\
fn main() {
    let pts = vec![(1, 2.5), (3, 0.5)];
    if let Some(&(a, b)) = pts.iter().max_by(|p, q| p.1.partial_cmp(&q.1).unwrap()) {
        println!("{} {}", a, b);
    }
}
""",
        runs("1 2.5\n"),
    ),
    "some_ref_of_owned_option": (
        """\
fn main() {
    let o = Some(3);
    if let Some(&x) = o {
        println!("{}", x);
    }
}
""",
        rejects("E0308"),
    ),
    "some_ref_of_mapped_iterator": (
        """\
fn main() {
    let v = vec![1, 2];
    match v.iter().map(|x| x * 2).max() {
        Some(&x) => println!("{}", x),
        None => {}
    }
}
""",
        rejects("E0308"),
    ),
    "some_ref_of_copied_iterator": (
        """\
fn main() {
    let v = vec![1, 2];
    if let Some(&x) = v.iter().copied().min() {
        println!("{}", x);
    }
}
""",
        rejects("E0308"),
    ),
    "some_ref_moving_a_string": (
        """\
fn main() {
    let v = vec![String::from("a")];
    if let Some(&s) = v.first() {
        println!("{}", s);
    }
}
""",
        rejects("E0507"),
    ),
    "for_ref_moving_a_string": (
        """\
fn main() {
    let names = vec![String::from("a")];
    for &s in names.iter() {
        println!("{}", s);
    }
}
""",
        rejects("E0507"),
    ),
    "closure_ref_moving_a_string": (
        """\
fn main() {
    let names = vec![String::from("a")];
    let v: Vec<String> = names.iter().map(|&s| s).collect();
    println!("{:?}", v);
}
""",
        rejects("E0507"),
    ),
    "closure_ref_patterns_of_copies": (
        """\
fn main() {
    let v = vec![1, 2, 3, 4];
    let evens: Vec<i32> = v.iter().filter(|&&x| x % 2 == 0).cloned().collect();
    let pairs = vec![(1, 'a'), (2, 'b')];
    let s: i32 = pairs.iter().map(|&(a, _)| a).sum();
    println!("{:?} {}", evens, s);
}
""",
        runs("[2, 4] 3\n"),
    ),
    "ref_binding_leaves_the_option_whole": (
        """\
fn main() {
    let o = Some(String::from("x"));
    if let Some(ref s) = o {
        println!("{} {}", s, s.len());
    }
    println!("{:?}", o);
}
""",
        runs('x 1\nSome("x")\n'),
    ),
    "by_value_binding_moves_out": (
        """\
fn main() {
    let o = Some(String::from("x"));
    if let Some(s) = o {
        println!("{}", s);
    }
    println!("{:?}", o);
}
""",
        rejects("E0382"),
    ),
    "ref_in_struct_patterns": (
        """\
#[derive(Debug)]
struct P {
    name: String,
    tags: Vec<String>,
}
fn main() {
    let p = P { name: String::from("n"), tags: vec![String::from("t")] };
    match p {
        P { name: ref n, tags: ref t } => println!("{} {:?}", n, t),
    }
    match p {
        P { ref name, .. } => println!("{}", name),
    }
    println!("{:?}", p);
}
""",
        runs('n ["t"]\nn\nP { name: "n", tags: ["t"] }\n'),
    ),
    "ref_in_for_tuple_pattern": (
        """\
fn main() {
    let pairs = vec![(String::from("k"), 1)];
    for &(ref k, v) in pairs.iter() {
        println!("{} {}", k, v);
    }
    println!("{:?}", pairs);
}
""",
        runs('k 1\n[("k", 1)]\n'),
    ),
    "at_bindings": (
        """\
fn main() {
    let n = 42;
    let msg = match n {
        x @ 0..=9 => format!("digit {}", x),
        x @ (10 | 20 | 42) => format!("special {}", x),
        _ => String::from("other"),
    };
    let opt = Some(3);
    if let s @ Some(_) = opt {
        println!("{} {:?}", msg, s);
    }
}
""",
        runs("special 42 Some(3)\n"),
    ),
    "reference_pattern_of_a_reference": (
        """\
fn main() {
    let r = &7;
    match r {
        &7 => println!("seven"),
        _ => println!("other"),
    }
    let t = (5,);
    match t {
        (a,) => println!("{}", a),
    }
}
""",
        runs("seven\n5\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
