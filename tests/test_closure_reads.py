"""A closure that reads a captured variable borrows it shared from its `let` to its last call,
and one that moves a capture out is `FnOnce` (`closure_reads.py`): a write, a move or a `&mut`
borrow between is rustc's E0506/E0505/E0502, a second call E0382; reads between, anything
after the last call, a disjoint field, one call per branch run. Verdicts recorded from rustc
1.95 (`rustc --edition 2021 -C debug-assertions=on`, its binary run)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "assigned_between": (
        """\
fn main() {
    let mut lr = 0.1f32;
    let scaled = |g: f32| g * lr;
    lr = 0.05;
    println!("{} {}", scaled(2.0), lr);
}
""",
        rejects("E0506"),
    ),
    "compound_assigned_between": (
        """\
fn main() {
    let mut lr = 0.1f32;
    let scaled = |g: f32| g * lr;
    println!("{}", scaled(1.0));
    lr *= 0.5;
    println!("{}", scaled(2.0));
}
""",
        rejects("E0506"),
    ),
    "dropped_between": (
        """\
fn main() {
    let name = String::from("run");
    let tag = || name.len();
    drop(name);
    println!("{}", tag());
}
""",
        rejects("E0505"),
    ),
    "moved_into_a_let_between": (
        """\
fn main() {
    let hist = vec![0.5f32, 0.25];
    let last = || hist[hist.len() - 1];
    let kept = hist;
    println!("{} {:?}", last(), kept);
}
""",
        rejects("E0505"),
    ),
    "pushed_between": (
        """\
fn main() {
    let mut losses: Vec<f32> = vec![1.0];
    let count = || losses.len();
    losses.push(0.5);
    println!("{}", count());
}
""",
        rejects("E0502"),
    ),
    "lent_mutably_between": (
        """\
fn grow(v: &mut Vec<f32>) {
    v.push(1.0);
}
fn main() {
    let mut losses: Vec<f32> = vec![1.0];
    let count = || losses.len();
    grow(&mut losses);
    println!("{}", count());
}
""",
        rejects("E0502"),
    ),
    "own_mut_method_between": (
        """\
struct Stats {
    n: u32,
}
impl Stats {
    fn bump(&mut self) {
        self.n += 1;
    }
    fn get(&self) -> u32 {
        self.n
    }
}
fn main() {
    let mut s = Stats { n: 0 };
    let show = || s.get() * 2;
    s.bump();
    println!("{}", show());
}
""",
        rejects("E0502"),
    ),
    "read_between_calls": (
        """\
fn main() {
    let lr = 0.5f32;
    let mut hist = vec![1.0f32];
    let scaled = |g: f32| g * lr;
    let copy = lr;
    println!("{} {} {}", scaled(1.0), lr, copy);
    let n = hist.len();
    let y = scaled(2.0) + lr;
    println!("{} {}", y, n);
    hist.push(y);
    println!("{:?}", hist);
}
""",
        runs("0.5 0.5 0.5\n1.5 1\n[1.0, 1.5]\n"),
    ),
    "written_after_the_last_call": (
        """\
fn main() {
    let mut lr = 0.1f32;
    let mut name = String::from("a");
    let scaled = |g: f32| g * lr + name.len() as f32;
    println!("{}", scaled(2.0));
    lr = 0.05;
    name.push('b');
    drop(name);
    println!("{}", lr);
}
""",
        runs("1.2\n0.05\n"),
    ),
    "disjoint_field": (
        """\
struct T {
    xs: Vec<i32>,
    n: i32,
}
fn main() {
    let mut t = T { xs: vec![1], n: 2 };
    let f = || t.n + 1;
    t.xs.push(3);
    println!("{} {:?}", f(), t.xs);
}
""",
        runs("3 [1, 3]\n"),
    ),
    "shadowed_between": (
        """\
fn main() {
    let lr = 0.1f32;
    let scaled = |g: f32| g * lr;
    let lr = 3.0f32;
    println!("{} {}", scaled(2.0), lr);
}
""",
        runs("0.2 3\n"),
    ),
    "move_closure_then_assigned": (
        """\
fn main() {
    let mut lr = 0.1f32;
    let scaled = move |g: f32| g * lr;
    lr = 0.05;
    println!("{} {}", scaled(2.0), lr);
}
""",
        runs("0.2 0.05\n"),
    ),
    "fnonce_called_twice": (
        """\
fn main() {
    let buf = vec![1, 2, 3];
    let finish = move || {
        let b = buf;
        b.len()
    };
    println!("{}", finish());
    println!("{}", finish());
}
""",
        rejects("E0382"),
    ),
    "fnonce_consuming_call_twice_in_one_statement": (
        """\
fn consume(s: String) -> usize {
    s.len()
}
fn main() {
    let s = String::from("abc");
    let f = || consume(s);
    println!("{} {}", f(), f());
}
""",
        rejects("E0382"),
    ),
    "fnonce_returning_capture_twice": (
        """\
fn main() {
    let s = String::from("a");
    let f = move || s;
    let a = f();
    let b = f();
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "fnonce_called_once": (
        """\
fn main() {
    let buf = vec![1, 2, 3];
    let finish = move || {
        let b = buf;
        b.len()
    };
    println!("{}", finish());
}
""",
        runs("3\n"),
    ),
    "fnonce_called_once_per_branch": (
        """\
fn consume(s: String) -> usize {
    s.len()
}
fn main() {
    let s = String::from("abc");
    let f = || consume(s);
    let n = if s_len_even(4) { f() } else { f() + 1 };
    println!("{}", n);
}
fn s_len_even(n: usize) -> bool {
    n % 2 == 0
}
""",
        runs("3\n"),
    ),
    "cloning_closure_called_twice": (
        """\
fn consume(s: String) -> usize {
    s.len()
}
fn main() {
    let s = String::from("abc");
    let f = || consume(s.clone());
    println!("{} {}", f(), f());
    let g = move || s.len();
    println!("{} {}", g(), g());
}
""",
        runs("3 3\n3 3\n"),
    ),
    "moved_into_a_move_closure_between": (
        """\
fn main() {
    let s = String::from("abc");
    let f = || s.len();
    let g = move || s.len();
    println!("{} {}", f(), g());
}
""",
        rejects("E0505"),
    ),
    "move_closure_then_used": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let total = move || v.iter().sum::<f32>();
    println!("{}", total());
    println!("{}", v.len());
}
""",
        rejects("E0382"),
    ),
    "assigned_in_the_calling_loop": (
        """\
fn main() {
    let mut lr = 0.1f32;
    let scaled = |g: f32| g * lr;
    for i in 0..3 {
        lr = 0.05 * i as f32;
        println!("{}", scaled(2.0));
    }
}
""",
        rejects("E0506"),
    ),
    "assigned_in_the_calling_loop_then_break": (
        """\
fn main() {
    let mut lr = 1.0f32;
    let scaled = |g: f32| g * lr;
    for i in 0..3 {
        println!("{}", scaled(2.0));
        if i == 1 {
            lr = 0.5;
            break;
        }
    }
    println!("{}", lr);
}
""",
        runs("2\n2\n0.5\n"),
    ),
    "called_in_the_range_then_assigned_in_the_body": (
        """\
fn main() {
    let mut steps = 2usize;
    let n = || steps + 1;
    for i in 0..n() {
        steps = i;
    }
    println!("{}", steps);
}
""",
        runs("2\n"),
    ),
    "fnonce_called_in_a_loop": (
        """\
fn main() {
    let v = vec![1, 2];
    let f = move || {
        let w = v;
        w.len()
    };
    for _ in 0..2 {
        println!("{}", f());
    }
}
""",
        rejects("E0382"),
    ),
    "fnonce_called_in_a_loop_then_break": (
        """\
fn main() {
    let v = vec![1, 2];
    let f = move || {
        let w = v;
        w.len()
    };
    loop {
        println!("{}", f());
        break;
    }
}
""",
        runs("2\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
