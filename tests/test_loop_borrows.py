"""A `for` loop iterating over a place by shared reference (`v.iter()`, `&v`, through lazy
adapters) borrows it for every turn: a mutable use of it in the body is rustc's E0502 (`push`,
`v[i] = ..`, a field's `push` through `self`) or E0506 (`v = ..`), unless the statements after it
leave the loop; likewise `let r = &v[0];` (or `&v[a..b]`, `&p.a`) then such a use while `r` is
read later. pbpit erases references, so it ran such programs (a loop pushing never ended);
`pbpit/rust/interp/loop_borrows.py` refuses them.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, the
binary run): the first error code, or the stdout. Where rustc is on PATH, a test checks the
recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "push_of_the_borrowed_element_itself": (  # two-phase borrow: the argument is read first
        """\
fn main() {
    let mut v = vec![1, 2];
    let first = &v[0];
    v.push(*first);
    println!("{:?}", v);
}
""",
        runs("[1, 2, 1]\n"),
    ),
    "push_while_element_borrowed": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let first = &v[0];
    v.push(3);
    println!("{}", first);
}
""",
        rejects("E0502"),
    ),
    "push_after_the_borrows_last_use": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let first = &v[0];
    println!("{}", first);
    v.push(3);
    println!("{:?}", v);
}
""",
        runs("1\n[1, 2, 3]\n"),
    ),
    "push_in_a_loop_that_reads_the_borrow_first": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let first = &v[0];
    for i in 0..2 {
        println!("{}", first);
        v.push(i);
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "field_borrowed_other_field_pushed": (
        """\
struct Pair { a: Vec<i32>, b: Vec<i32> }
fn main() {
    let mut p = Pair { a: vec![1], b: vec![] };
    let head = &p.a;
    p.b.push(7);
    println!("{:?} {:?}", head, p.b);
}
""",
        runs("[1] [7]\n"),
    ),
    "truncate_while_slice_borrowed": (
        """\
fn main() {
    let mut v = vec![1, 2, 3, 4];
    let part = &v[1..3];
    v.truncate(1);
    println!("{:?}", part);
}
""",
        rejects("E0502"),
    ),
    "push_in_iter_loop": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for x in v.iter() {
        if *x > 100 { break; }
        v.push(*x);
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "push_in_ref_loop": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for x in &v {
        v.push(*x + 1);
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "push_then_break": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for x in v.iter() {
        if *x == 2 {
            v.push(9);
            break;
        }
    }
    println!("{:?}", v);
}
""",
        runs("[1, 2, 3, 9]\n"),
    ),
    "index_write_in_enumerate": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for (i, x) in v.iter().enumerate() {
        if *x > 1 { v[i] = 0; }
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "assign_whole_in_loop": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let mut n = 0;
    for x in v.iter() {
        n += *x;
        if n > 100 { v = Vec::new(); }
    }
    println!("{:?} {}", v, n);
}
""",
        rejects("E0506"),
    ),
    "disjoint_fields": (
        """\
struct Buf { a: Vec<i32>, b: Vec<i32> }
impl Buf {
    fn copy(&mut self) {
        for x in self.a.iter() {
            self.b.push(*x * 2);
        }
    }
}
fn main() {
    let mut s = Buf { a: vec![1, 2], b: Vec::new() };
    s.copy();
    println!("{:?} {:?}", s.a, s.b);
}
""",
        runs("[1, 2] [2, 4]\n"),
    ),
    "same_field": (
        """\
struct Buf { a: Vec<i32>, b: Vec<i32> }
impl Buf {
    fn grow(&mut self) {
        for x in self.a.iter() {
            self.a.push(*x * 2);
        }
    }
}
fn main() {
    let mut s = Buf { a: vec![1, 2], b: Vec::new() };
    s.grow();
    println!("{:?} {:?}", s.a, s.b);
}
""",
        rejects("E0502"),
    ),
    "clone_iterated": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for x in v.clone().iter() {
        v.push(*x * 10);
    }
    println!("{:?}", v);
}
""",
        runs("[1, 2, 3, 10, 20, 30]\n"),
    ),
    "collected_first": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for x in v.iter().map(|x| x + 1).collect::<Vec<i32>>() {
        v.push(x);
    }
    println!("{:?}", v);
}
""",
        runs("[1, 2, 3, 2, 3, 4]\n"),
    ),
    "other_vec": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut w = Vec::new();
    for x in v.iter().rev() {
        w.push(*x);
    }
    println!("{:?}", w);
}
""",
        runs("[3, 2, 1]\n"),
    ),
    "truncate_in_loop": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let mut total = 0;
    for x in v.iter() {
        total += *x;
        v.truncate(2);
    }
    println!("{:?} {}", v, total);
}
""",
        rejects("E0502"),
    ),
    # `v.sort` takes `&mut self`: a reference `first()` returned is held across it
    "held_first_across_sort": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let r = v.first().unwrap();
    v.sort();
    println!("{}", r);
}
""",
        rejects("E0502"),
    ),
    # `v.sort_by` takes `&mut self`: a reference `first()` returned is held across it
    "held_first_across_sort_by": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let r = v.first().unwrap();
    v.sort_by(|a, b| b.cmp(a));
    println!("{}", r);
}
""",
        rejects("E0502"),
    ),
    # `v.extend` takes `&mut self`: a reference `first()` returned is held across it
    "held_first_across_extend": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let r = v.first().unwrap();
    v.extend(vec![4]);
    println!("{}", r);
}
""",
        rejects("E0502"),
    ),
    # `v.retain` takes `&mut self`: a reference `first()` returned is held across it
    "held_first_across_retain": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let r = v.first().unwrap();
    v.retain(|x| *x > 1);
    println!("{}", r);
}
""",
        rejects("E0502"),
    ),
    # `v.drain` takes `&mut self`: a reference `first()` returned is held across it
    "held_first_across_drain": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let r = v.first().unwrap();
    v.drain(..1);
    println!("{}", r);
}
""",
        rejects("E0502"),
    ),
    "copied_first_across_sort": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let r = *v.first().unwrap();
    v.sort();
    println!("{} {:?}", r, v);
}
""",
        runs("3 [1, 2, 3]\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
