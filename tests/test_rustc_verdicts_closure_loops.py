"""A closure bound by `let` holds its captures until its last call, and a loop that calls it
calls it again on its next pass: what the loop does to a capture anywhere in its body is done
while the closure holds it. An `FnMut` closure's capture read or assigned in such a loop
(`add(x); println!("{}", total);`: E0502, E0506); a place a closure reads through a field, as
Rust 2021 captures it (`|g| g * c.lr`), assigned (`c.lr = 0.05`, `t.opt = ..`: E0506) or
borrowed by a `&mut self` method (`log.xs.push(..)`: E0502) before a later call, in a loop or
straight; and the look-alikes rustc accepts: another field assigned, the assignment after the
loop, the closure made in the loop, a `move` closure of a copy, a read after the loop.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_field_capture_assign_in_loop": (
        """\
struct C { lr: f32 }
fn main() {
    let mut c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        c.lr = 0.05;
    }
}
""",
        rejects("E0506"),
    ),
    "bad_field_capture_assign_straight": (
        """\
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    println!("{}", step(1.0));
    c.lr = 0.05;
    println!("{}", step(1.0));
}
""",
        rejects("E0506"),
    ),
    "bad_field_capture_push_in_loop": (
        """\
struct Log {
    xs: Vec<f32>,
}
fn main() {
    let mut log = Log { xs: vec![1.0] };
    let count = || log.xs.len();
    for i in 0..2 {
        println!("{}", count());
        log.xs.push(i as f32);
    }
}
""",
        rejects("E0502"),
    ),
    "bad_fnmut_assign_in_while": (
        """\
fn main() {
    let mut n = 0;
    let mut inc = || n += 1;
    let mut i = 0;
    while i < 3 {
        inc();
        n = 0;
        i += 1;
    }
}
""",
        rejects("E0506"),
    ),
    "bad_fnmut_push_then_len_in_loop": (
        """\
fn main() {
    let mut log: Vec<f32> = Vec::new();
    let mut record = |x: f32| log.push(x);
    for i in 0..3 {
        record(i as f32);
        if log.len() > 5 {
            println!("long");
        }
    }
}
""",
        rejects("E0502"),
    ),
    "bad_fnmut_then_read_in_loop": (
        """\
fn main() {
    let mut total = 0.0f32;
    let mut add = |x: f32| total += x;
    for x in [1.0f32, 2.0] {
        add(x);
        println!("{}", total);
    }
}
""",
        rejects("E0502"),
    ),
    "bad_nested_field_assign_in_loop": (
        """\
struct Opt {
    lr: f32,
}
struct Trainer {
    opt: Opt,
}
fn main() {
    let mut t = Trainer { opt: Opt { lr: 0.1 } };
    let step = |g: f32| g * t.opt.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        t.opt = Opt { lr: 0.05 };
    }
}
""",
        rejects("E0506"),
    ),
    "bad_whole_capture_field_assign_in_loop": (
        """\
#[derive(Debug)]
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    let show = || println!("{:?}", c);
    for _ in 0..2 {
        show();
        c.lr = 0.05;
    }
}
""",
        rejects("E0506"),
    ),
    "ok_field_capture_assign_after_loop": (
        """\
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
    }
    c.lr = 0.05;
    println!("{}", c.lr);
}
""",
        runs("0.1\n0.1\n0.05\n"),
    ),
    "ok_field_capture_closure_in_loop": (
        """\
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    for _ in 0..2 {
        let step = |g: f32| g * c.lr;
        println!("{}", step(1.0));
        c.lr = c.lr * 0.5;
    }
}
""",
        runs("0.1\n0.05\n"),
    ),
    "ok_field_capture_move_closure": (
        """\
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    let lr = c.lr;
    let step = move |g: f32| g * lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        c.lr = 0.05;
    }
    println!("{}", c.lr);
}
""",
        runs("0.1\n0.1\n0.05\n"),
    ),
    "ok_field_capture_other_field_assigned": (
        """\
struct C {
    lr: f32,
    steps: u32,
}
fn main() {
    let mut c = C { lr: 0.1, steps: 0 };
    let step = |g: f32| g * c.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        c.steps += 1;
    }
    println!("{}", c.steps);
}
""",
        runs("0.1\n0.1\n2\n"),
    ),
    "ok_fnmut_made_in_loop": (
        """\
fn main() {
    let mut total = 0.0f32;
    for x in [1.0f32, 2.0] {
        let mut add = |y: f32| total += y;
        add(x);
        println!("{}", total);
    }
}
""",
        runs("1\n3\n"),
    ),
    "ok_fnmut_read_after_loop": (
        """\
fn main() {
    let mut total = 0.0f32;
    let mut add = |x: f32| total += x;
    for x in [1.0f32, 2.0] {
        add(x);
    }
    println!("{}", total);
}
""",
        runs("3\n"),
    ),
    "bad_field_capture_mut_method_in_loop": (
        """\
struct Opt {
    lr: f32,
}
impl Opt {
    fn decay(&mut self) {
        self.lr *= 0.5;
    }
}
struct T {
    opt: Opt,
}
fn main() {
    let mut t = T { opt: Opt { lr: 0.1 } };
    let step = |g: f32| g * t.opt.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        t.opt.decay();
    }
}
""",
        rejects("E0502"),
    ),
    "bad_field_capture_op_assign_in_loop": (
        """\
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        c.lr *= 0.5;
    }
}
""",
        rejects("E0506"),
    ),
    "bad_fnmut_called_in_branch_of_loop": (
        """\
fn main() {
    let mut log: Vec<u32> = Vec::new();
    let mut record = |x: u32| log.push(x);
    for i in 0..4 {
        if i % 2 == 0 {
            record(i);
        }
        let n = log.len();
        println!("{}", n);
    }
}
""",
        rejects("E0502"),
    ),
    "bad_fnmut_read_before_call_in_loop": (
        """\
fn main() {
    let mut count = 0;
    let mut bump = || count += 1;
    for _ in 0..3 {
        let c = count;
        bump();
        println!("{}", c);
    }
}
""",
        rejects("E0503"),
    ),
    "bad_fnmut_while_cond_reads": (
        """\
fn main() {
    let mut total = 0.0f32;
    let mut add = |x: f32| total += x;
    while total < 3.0 {
        add(1.0);
    }
}
""",
        rejects("E0503"),
    ),
    "ok_fnmut_counter_read_after": (
        """\
fn main() {
    let mut count = 0;
    {
        let mut bump = || count += 1;
        for _ in 0..3 {
            bump();
        }
    }
    let c = count;
    println!("{}", c);
}
""",
        runs("3\n"),
    ),
    "ok_other_field_mut_method": (
        """\
struct Opt {
    lr: f32,
}
impl Opt {
    fn decay(&mut self) {
        self.lr *= 0.5;
    }
    fn rate(&self) -> f32 {
        self.lr
    }
}
struct T {
    opt: Opt,
    sched: Opt,
}
fn main() {
    let mut t = T { opt: Opt { lr: 0.1 }, sched: Opt { lr: 1.0 } };
    let step = |g: f32| g * t.opt.lr;
    for _ in 0..2 {
        println!("{} {}", step(1.0), t.opt.rate());
        t.sched.decay();
    }
    println!("{}", t.sched.lr);
}
""",
        runs("0.1 0.1\n0.1 0.1\n0.25\n"),
    ),
    "bad_field_capture_whole_assign": (
        """\
struct C {
    lr: f32,
}
fn main() {
    let mut c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    println!("{}", step(1.0));
    c = C { lr: 0.05 };
    println!("{} {}", step(1.0), c.lr);
}
""",
        rejects("E0506"),
    ),
    "bad_field_capture_whole_mut_method": (
        """\
struct C {
    lr: f32,
}
impl C {
    fn decay(&mut self) {
        self.lr *= 0.5;
    }
}
fn main() {
    let mut c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    for _ in 0..2 {
        println!("{}", step(1.0));
        c.decay();
    }
}
""",
        rejects("E0502"),
    ),
    "ok_field_capture_whole_read_method": (
        """\
struct C {
    lr: f32,
}
impl C {
    fn rate(&self) -> f32 {
        self.lr
    }
}
fn main() {
    let c = C { lr: 0.1 };
    let step = |g: f32| g * c.lr;
    for _ in 0..2 {
        println!("{} {}", step(1.0), c.rate());
    }
}
""",
        runs("0.1 0.1\n0.1 0.1\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
