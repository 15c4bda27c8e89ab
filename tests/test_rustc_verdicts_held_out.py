"""Programs of a held-out measurement against rustc 1.95 where pbpit invented an error on valid
code or ran what rustc rejects, each beside a variant written after the fix:

- a field moved out of a struct (`let n = r.name;`) then the field or the struct used: E0382
  (partial move), also in a `match` arm or an `if`; the other fields stay usable;
- NLL: a shared borrow held by a `let` in a loop's body ends at its last use in the turn
  (`words[wi] = out` after `let w = &words[wi]`), and a use in the other arm of an `if` does
  not follow an assignment in this one;
- `|i|` of `filter` is a `&Item` (after `copied()`, over a range): `val.contains(i)` is fine;
- `u8::BITS` (a `u32`), `f64::MANTISSA_DIGITS`... (the counting consts);
- `&closure` where `F: Fn(..)` is taken (`&F: Fn`); a closure changing its captures there is
  E0525, `&mut closure` there E0277.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run): `runs(stdout)` what the binary printed, `rejects(code)` rustc's first error code.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "field_moved_then_read": (
        """\
struct Run { name: String }
fn main() {
    let r = Run { name: "a".to_string() };
    let n = r.name;
    println!("{} {}", n, r.name);
}
""",
        rejects("E0382"),
    ),
    "field_moved_then_whole_given": (
        """\
struct Run { name: String }
fn show(r: Run) { println!("{}", r.name); }
fn main() {
    let r = Run { name: "a".to_string() };
    let n = r.name;
    show(r);
    println!("{}", n);
}
""",
        rejects("E0382"),
    ),
    "field_moved_in_a_match_arm": (
        """\
struct Ckpt { tag: String, loss: f32 }
fn main() {
    let c = Ckpt { tag: format!("ep{}", 3), loss: 0.5 };
    let kind = 1;
    match kind {
        1 => { let t = c.tag; println!("{}", t); }
        _ => {}
    }
    println!("{} {}", c.loss, c.tag.len());
}
""",
        rejects("E0382"),
    ),
    "field_moved_then_other_fields_read": (
        """\
struct Ckpt { tag: String, note: String, loss: f32 }
fn main() {
    let c = Ckpt { tag: 7.to_string(), note: "x".to_string(), loss: 0.5 };
    let t = c.tag;
    println!("{} {} {}", t, c.note, c.loss);
    let d = Ckpt { tag: "b".to_string(), note: String::new(), loss: 1.5 };
    let n = d.tag.clone();
    println!("{} {} {}", n, d.tag, d.loss);
}
""",
        runs("7 x 0.5\nb b 1.5\n"),
    ),
    "field_moved_in_an_if_then_debug_printed": (
        """\
#[derive(Debug)]
struct Run { name: String, steps: Vec<u32> }
fn main() {
    let r = Run { name: "a".to_string(), steps: vec![1, 2] };
    if r.steps.len() > 1 {
        let s = r.steps;
        println!("{:?}", s);
    }
    println!("{:?}", r);
}
""",
        rejects("E0382"),
    ),
    "nll_borrow_in_a_loop_turn_ends_at_last_use": (
        """\
fn main() {
    let mut words = vec![vec![1, 2], vec![3]];
    for wi in 0..words.len() {
        let w = &words[wi];
        let n = w.len();
        words[wi] = vec![n];
    }
    println!("{:?}", words);
}
""",
        runs("[[2], [1]]\n"),
    ),
    "nll_borrow_read_in_a_while_then_assigned": (
        """\
fn main() {
    let mut words = vec![vec![1, 2], vec![3]];
    for wi in 0..words.len() {
        let w = &words[wi];
        let mut out = Vec::new();
        let mut i = 0;
        while i < w.len() {
            out.push(w[i] * 10);
            i += 1;
        }
        words[wi] = out;
    }
    println!("{:?}", words);
}
""",
        runs("[[10, 20], [30]]\n"),
    ),
    "nll_borrow_used_in_the_other_if_arm": (
        """\
fn main() {
    let mut rows = vec![vec![1.0f32, 2.0], vec![3.0], vec![]];
    for r in 0..rows.len() {
        let row = &rows[r];
        if row.is_empty() {
            rows[r] = vec![0.0];
        } else {
            let total = row[0] + row[row.len() - 1];
            rows[r] = vec![total, row.len() as f32];
        }
    }
    println!("{:?}", rows);
}
""",
        runs("[[3.0, 2.0], [6.0, 1.0], [0.0]]\n"),
    ),
    "copied_filter_param_is_a_reference": (
        """\
fn main() {
    let val = [1usize, 3];
    let idx: Vec<usize> = (0..5).collect();
    let train: Vec<usize> = idx.iter().copied().filter(|i| !val.contains(i)).collect();
    println!("{:?}", train);
}
""",
        runs("[0, 2, 4]\n"),
    ),
    "iter_filter_param_deref_coerces": (
        """\
fn main() {
    let val = [1usize, 3];
    let idx: Vec<usize> = (0..5).collect();
    let n = idx.iter().filter(|i| val.contains(i)).count();
    println!("{}", n);
}
""",
        runs("2\n"),
    ),
    "range_filter_pattern_value_to_contains": (
        """\
fn main() {
    let val = [1usize, 3];
    let n = (0..5usize).filter(|&i| val.contains(i)).count();
    println!("{}", n);
}
""",
        rejects("E0308"),
    ),
    "for_item_of_iter_given_to_contains": (
        """\
fn count_in(val: &[usize], x: &usize) -> bool { val.contains(x) }
fn main() {
    let val = vec![1usize, 3];
    let idx: Vec<usize> = (0..5).collect();
    let mut n = 0;
    for i in idx.iter() {
        if val.contains(i) && count_in(&val, i) { n += 1; }
    }
    let first = &idx[1];
    println!("{} {}", n, val.contains(first));
    for j in idx.iter().copied() {
        if j == 0 { println!("{}", val.contains(&j)); }
    }
}
""",
        runs("2 true\nfalse\n"),
    ),
    "int_and_float_counting_consts": (
        """\
fn main() {
    println!("{} {} {}", u8::BITS, u32::BITS, i64::BITS);
    println!("{} {} {} {}", usize::BITS, i128::BITS, u16::MAX, i8::MIN);
    let width = u64::BITS - 5u64.leading_zeros();
    println!("{}", width);
    println!("{} {} {}", f32::MANTISSA_DIGITS, f64::DIGITS, f32::RADIX);
    println!("{} {} {} {}", f64::MIN_EXP, f64::MAX_EXP, f32::MIN_10_EXP, f32::MAX_10_EXP);
    println!("{:?} {:?} {:?}", f32::EPSILON, f64::MIN_POSITIVE, f32::MIN);
    println!("{} {} {}", f64::INFINITY, f64::NEG_INFINITY, f32::NAN.is_nan());
}
""",
        runs(
            "8 32 64\n64 128 65535 -128\n3\n24 15 2\n-1021 1024 -37 38\n"
            "1.1920929e-7 2.2250738585072014e-308 -3.4028235e38\ninf -inf true\n"
        ),
    ),
    "bits_is_u32": (
        """\
fn main() {
    let b: u8 = u8::BITS;
    println!("{}", b);
}
""",
        rejects("E0308"),
    ),
    "closure_lent_to_fn_bound": (
        """\
fn apply_all<F>(xs: &[f64], f: F) -> Vec<f64> where F: Fn(f64) -> f64 {
    xs.iter().map(|&x| f(x)).collect()
}
fn main() {
    let k = 0.5;
    let scale = move |x: f64| x * k;
    println!("{:?}", apply_all(&[1.0, 2.0], &scale));
    println!("{:?}", apply_all(&[3.0], scale));
}
""",
        runs("[0.5, 1.0]\n[1.5]\n"),
    ),
    "fnmut_closure_lent_to_fn_bound": (
        """\
fn apply<F: Fn(i32) -> i32>(f: F, x: i32) -> i32 { f(x) }
fn main() {
    let mut n = 0;
    let mut bump = |x: i32| { n += 1; x + n };
    println!("{}", apply(&bump, 1));
}
""",
        rejects("E0525"),
    ),
    "mut_closure_lent_to_fn_bound": (
        """\
fn apply<F: Fn(i32) -> i32>(f: F, x: i32) -> i32 { f(x) }
fn main() {
    let k = 3;
    let mut add = |x: i32| x + k;
    println!("{}", apply(&mut add, 1));
}
""",
        rejects("E0277"),
    ),
    "closure_lent_to_impl_fn_and_through_generic": (
        """\
fn apply(f: impl Fn(i32) -> i32, x: i32) -> i32 { f(x) }
fn twice<G>(g: G, x: i32) -> i32 where G: Fn(i32) -> i32 { apply(&g, x) + g(x) }
fn main() {
    let k = 3;
    let add = |x: i32| x + k;
    println!("{} {}", apply(&add, 1), twice(&add, 2));
    println!("{}", twice(|x| x * 2, 5));
}
""",
        runs("4 10\n20\n"),
    ),

}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
