"""Programs on which pbpit must give rustc's verdict, kinds of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs (issue 26): a reference
(`&n`, or an item of `v.iter()`) given where a std method's parameter takes a number by value
(`rotate_left(mid: usize)`, `step_by(step: usize)`, `pow(exp: u32)`, `f64::max(self, other)`,
`char::to_digit(radix: u32)`): rustc does not deref an argument, E0308; a reference cast to
a number (`x as u32` of an item of `v.iter()`, `&c as u32`): E0606; a reference given to
`Option::zip` (E0308), to `i32::try_from` or `f64::from` (E0277: no impl for `&i64`, `&u8`); a
value given where a reference is taken (`push_str` of a collected `String`, E0308); a typed
number compared with a reference (`job.cost > left`, E0308, where a literal's is E0277); a
`&mut self` method called on a place not mutable before a type error in the same body (rustc
reports the type error, E0308: it borrow-checks a body only when its types are right); a
`Result` of `Copy` types (`Result<i32, TryFromIntError>`) copied, not moved (one of a `String`
or a `ParseIntError` is moved: E0382).

Each verdict was recorded from rustc 1.95 (`tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports, `runs(stdout, ..)` what its binary
printed. Where rustc is on PATH, `pytest -m slow` checks that they are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "borrowck_after_a_type_error": (
        """\
struct Counter {
    n: i32,
}

impl Counter {
    fn bump(&mut self, by: i32) {
        self.n += by;
    }
}

fn tenfold(c: &mut Counter) {
    c.n *= 10;
}

fn twice(c: &Counter) {
    c.bump(1);
    tenfold(c);
}

fn main() {
    let mut c = Counter { n: 1 };
    twice(&c);
    println!("{}", c.n);
}
""",
        rejects("E0308"),
    ),
    "cast_of_a_borrow": (
        """\
fn main() {
    let c = 'a';
    println!("{}", &c as u32);
}
""",
        rejects("E0606"),
    ),
    "cast_of_an_iter_item": (
        """\
fn main() {
    let v: Vec<u8> = vec![1, 2, 3];
    let mut total = 0u32;
    for x in v.iter() {
        total += x as u32;
    }
    println!("{}", total);
}
""",
        rejects("E0606"),
    ),
    "comparator_part_given_by_value": (
        """\
use std::cmp::Ordering;
fn by_score(a: &(f32, usize), b: &(f32, usize)) -> Ordering {
    b.0.partial_cmp(a.0).unwrap().then_with(|| a.1.cmp(&b.1))
}
fn main() {
    let mut ps = vec![(1.5f32, 2), (0.5, 3)];
    ps.sort_by(by_score);
    println!("{:?}", ps);
}
""",
        rejects("E0308"),
    ),
    "comparator_parts_borrowed_run": (
        """\
use std::cmp::Ordering;
fn by_score(a: &(f32, usize), b: &(f32, usize)) -> Ordering {
    b.0.partial_cmp(&a.0).unwrap().then_with(|| a.1.cmp(&b.1))
}
fn main() {
    let mut ps = vec![(1.5f32, 2), (0.5, 3), (1.5, 1)];
    ps.sort_by(by_score);
    let mut out = String::new();
    for c in "ab".chars() {
        out.push_str(&c.to_uppercase().collect::<String>());
    }
    println!("{:?} {} {}", ps, out, a_plus(&(2.0, 3)));
}
fn a_plus(a: &(f32, usize)) -> f32 {
    a.0 + a.1 as f32
}
""",
        runs("[(1.5, 1), (1.5, 2), (0.5, 3)] AB 5\n"),
    ),
    "compared_through_deref_run": (
        """\
fn main() {
    let costs = [0.5f64, 1.5, 2.5];
    let budget: f64 = 2.0;
    let left = &budget;
    for c in costs {
        if c > *left && &c > left {
            println!("over {}", c);
        }
    }
}
""",
        runs("over 2.5\n"),
    ),
    "conversions_of_values_run": (
        """\
fn main() {
    let steps: Option<u32> = Some(100);
    let lr = Some(0.01);
    let big: i64 = 3_000_000_000;
    let total: f64 = [1u8, 2, 3].iter().map(|&b| f64::from(b)).sum();
    println!("{:?} {:?} {}", steps.zip(lr), i32::try_from(big).is_err(), total);
}
""",
        runs("Some((100, 0.01)) true 6\n"),
    ),
    "float_max_borrowed": (
        """\
fn main() {
    let best = 0.5f64;
    let xs = [0.25f64, 0.75];
    println!("{}", xs[1].max(&best));
}
""",
        rejects("E0308"),
    ),
    "from_a_borrowed_byte": (
        """\
fn main() {
    let total: f64 = [1u8, 2, 3].iter().map(|b| f64::from(b)).sum();
    println!("{}", total);
}
""",
        rejects("E0277"),
    ),
    "literal_compared_with_a_reference": (
        """\
fn main() {
    let budget: f64 = 2.0;
    let left = &budget;
    println!("{}", 1.5 > left);
}
""",
        rejects("E0277"),
    ),
    "not_mut_without_a_type_error": (
        """\
fn main() {
    let v = vec![1, 2];
    v.push(3);
    let n: usize = v.len();
    println!("{:?} {}", v, n);
}
""",
        rejects("E0596"),
    ),
    "option_zip_of_a_borrow": (
        """\
fn main() {
    let steps: Option<u32> = Some(100);
    let lr = Some(0.01);
    println!("{:?}", steps.zip(&lr));
}
""",
        rejects("E0308"),
    ),
    "pow_of_an_iter_item": (
        """\
fn main() {
    let exps: Vec<u32> = vec![1, 2, 3];
    for e in exps.iter() {
        println!("{}", 2i64.pow(e));
    }
}
""",
        rejects("E0308"),
    ),
    "push_str_of_a_collected_string": (
        """\
fn main() {
    let mut out = String::new();
    for c in "ab".chars() {
        out.push_str(c.to_uppercase().collect::<String>());
    }
    println!("{}", out);
}
""",
        rejects("E0308"),
    ),
    "result_of_a_parse_error_moved": (
        """\
fn main() {
    let r: Result<i32, std::num::ParseIntError> = "7".parse::<i32>();
    let kept = r;
    println!("{:?} {:?}", r, kept);
}
""",
        rejects("E0382"),
    ),
    "result_of_a_string_moved": (
        """\
fn main() {
    let a: Result<i32, String> = Ok(1);
    let b = a;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "result_of_copy_types_copied_run": (
        """\
fn main() {
    let big: i64 = 3_000_000_000;
    let r: Result<i32, _> = i32::try_from(big);
    let kept = r;
    println!("{:?} {} {:?}", r, r.is_err(), kept);
}
""",
        runs("Err(TryFromIntError(())) true Err(TryFromIntError(()))\n"),
    ),
    "rotate_left_borrowed_count": (
        """\
fn main() {
    let n: usize = 1;
    let mut v = vec![1, 2, 3];
    v.rotate_left(&n);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "step_by_borrowed_step": (
        """\
fn main() {
    let step = 2;
    let evens: Vec<usize> = (0..7).step_by(&step).collect();
    println!("{:?}", evens);
}
""",
        rejects("E0308"),
    ),
    "to_digit_borrowed_radix": (
        """\
fn main() {
    let radix = 16;
    println!("{:?}", 'f'.to_digit(&radix));
}
""",
        rejects("E0308"),
    ),
    "try_from_a_borrow": (
        """\
fn main() {
    let big: i64 = 3_000_000_000;
    println!("{:?}", i32::try_from(&big));
}
""",
        rejects("E0277"),
    ),
    "typed_value_compared_with_a_reference": (
        """\
struct Job {
    cost: f64,
}

fn main() {
    let jobs = [Job { cost: 0.5 }, Job { cost: 2.5 }];
    let budget: f64 = 2.0;
    let left = &budget;
    for job in &jobs {
        if job.cost > left {
            println!("over {}", job.cost);
        }
    }
}
""",
        rejects("E0308"),
    ),
    "values_given_by_value_run": (
        """\
fn main() {
    let n: usize = 1;
    let mut v = vec![1, 2, 3];
    v.rotate_left(n);
    let evens: Vec<usize> = (0..7).step_by(n + 1).collect();
    let exps: Vec<u32> = vec![1, 2, 3];
    for e in exps.iter() {
        print!("{} ", 2i64.pow(*e));
    }
    let best = 0.5f64;
    let radix = 16;
    print!("{:?} {:?} {} ", v, evens, 0.75f64.max(best));
    println!("{:?} {}", 'f'.to_digit(radix), 3i32.max(*&4));
}
""",
        runs("2 4 8 [2, 3, 1] [0, 2, 4, 6] 0.75 Some(15) 4\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
