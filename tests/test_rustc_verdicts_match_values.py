"""A value a `match` or an `if let` hands out (`arm_values.py`): `let b = match batches.pop()
{ Some(b) => b, None => break };` of a `Vec<Vec<f32>>`, `match r { Ok(v) => v, Err(e) => e }`
and `Ok(v) | Err(v) => v` of a `Result<String, String>`, an arm's binding used after it was given
away, `if let Some(g) = o.take() { g } else { vec![] }`: moved twice is rustc's E0382; and the
look-alikes rustc accepts: what `iter().next()`, `as_ref()`, `match &r` or a `Vec<&String>`'s
`pop()` hand out (`Copy` references), `ref` bindings, `Copy` values, a clone before the move,
one move per iteration of a `let` made again each time.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_arm_binding_moved_twice": (
        """\
fn consume(v: Vec<f32>) -> usize { v.len() }
fn main() {
    let mut batches = vec![vec![1.0f32], vec![2.0, 3.0]];
    while !batches.is_empty() {
        match batches.pop() {
            Some(b) => {
                let n = consume(b);
                println!("{} {}", n, b.len());
            }
            None => {}
        }
    }
}
""",
        rejects("E0382"),
    ),
    "bad_if_let_else_value_twice": (
        """\
fn main() {
    let mut o: Option<Vec<u8>> = Some(vec![1, 2]);
    let g = if let Some(g) = o.take() { g } else { vec![] };
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_match_block_arm_twice": (
        """\
fn main() {
    let mut names: Vec<String> = vec!["a".to_string(), "b".to_string()];
    let s = match names.pop() {
        Some(n) => {
            println!("got {}", n);
            n
        }
        None => panic!("empty"),
    };
    let t = s;
    println!("{} {} {}", s, t, names.len());
}
""",
        rejects("E0382"),
    ),
    "bad_match_ok_err_twice": (
        """\
fn main() {
    let r: Result<String, String> = Ok("x".to_string());
    let s = match r { Ok(v) => v, Err(e) => e };
    let t = s;
    println!("{} {}", s, t);
}
""",
        rejects("E0382"),
    ),
    "bad_match_pop_some_or_break_twice": (
        """\
fn consume(v: Vec<f32>) -> usize { v.len() }
fn main() {
    let mut batches = vec![vec![1.0f32], vec![2.0, 3.0]];
    loop {
        let b = match batches.pop() { Some(b) => b, None => break };
        let n = consume(b);
        println!("{} {}", n, b.len());
    }
}
""",
        rejects("E0382"),
    ),
    "bad_or_pattern_twice": (
        """\
fn main() {
    let r: Result<String, String> = Err("y".to_string());
    let s = match r { Ok(v) | Err(v) => v };
    let t = s;
    println!("{} {}", s, t);
}
""",
        rejects("E0382"),
    ),
    "ok_arm_binding_used_then_moved": (
        """\
fn consume(v: Vec<f32>) -> usize { v.len() }
fn main() {
    let mut batches = vec![vec![1.0f32], vec![2.0, 3.0]];
    while let Some(b) = batches.pop() {
        match Some(b) {
            Some(b) => {
                println!("{}", b.len());
                println!("{}", consume(b));
            }
            None => {}
        }
    }
}
""",
        runs("2\n2\n1\n1\n"),
    ),
    "ok_match_as_ref_twice": (
        """\
fn main() {
    let o: Option<String> = Some("abc".to_string());
    let s = match o.as_ref() { Some(s) => s, None => return };
    let a = s;
    let b = s;
    println!("{} {} {:?}", a, b, o);
}
""",
        runs('abc abc Some("abc")\n'),
    ),
    "ok_match_borrowed_result_twice": (
        """\
fn main() {
    let r: Result<String, String> = Ok("x".to_string());
    let s = match &r { Ok(v) | Err(v) => v };
    let t = s;
    println!("{} {} {:?}", s, t, r);
}
""",
        runs('x x Ok("x")\n'),
    ),
    "ok_match_copy_values_twice": (
        """\
fn main() {
    let mut v: Vec<u32> = vec![3, 4];
    let x = match v.pop() { Some(x) => x, None => 0 };
    let a = x;
    let b = x;
    println!("{} {} {:?}", a, b, v);
}
""",
        runs("4 4 [3]\n"),
    ),
    "ok_match_iter_next_ref_twice": (
        """\
fn main() {
    let v = vec![String::from("a"), String::from("b")];
    let b = match v.iter().next() { Some(b) => b, None => return };
    let a = b;
    let c = b;
    println!("{} {} {}", a, c, v.len());
}
""",
        runs("a a 2\n"),
    ),
    "ok_match_pop_clone_then_use": (
        """\
fn consume(v: Vec<f32>) -> usize { v.len() }
fn main() {
    let mut batches = vec![vec![1.0f32], vec![2.0, 3.0]];
    loop {
        let b = match batches.pop() { Some(b) => b, None => break };
        let n = consume(b.clone());
        println!("{} {}", n, b.len());
        let m = consume(b);
        println!("{}", m);
    }
}
""",
        runs("2 2\n2\n1 1\n1\n"),
    ),
    "ok_match_pop_of_refs_twice": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let mut refs: Vec<&String> = names.iter().collect();
    let s = match refs.pop() { Some(s) => s, None => return };
    let a = s;
    let b = s;
    println!("{} {} {}", a, b, refs.len());
}
""",
        runs("b b 1\n"),
    ),
    "ok_match_ref_pattern_then_whole": (
        """\
fn main() {
    let o: Option<String> = Some("abc".to_string());
    let n = match o { Some(ref s) => s.len(), None => 0 };
    let p = o;
    println!("{} {:?}", n, p);
}
""",
        runs('3 Some("abc")\n'),
    ),
    "ok_match_value_moved_once_each_iteration": (
        """\
fn consume(v: Vec<f32>) -> usize { v.len() }
fn main() {
    let mut batches = vec![vec![1.0f32], vec![2.0, 3.0]];
    let mut total = 0;
    loop {
        let b = match batches.pop() { Some(b) => b, None => break };
        println!("{}", b.len());
        total += consume(b);
    }
    println!("{}", total);
}
""",
        runs("2\n1\n3\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
