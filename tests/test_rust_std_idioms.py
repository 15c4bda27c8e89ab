"""std idioms of numeric Rust that pbpit once refused, and what rustc rejects near each:
`{:.3e}`, `Option::or_else`, `collect` into `Option<Vec<_>>` / `Result<Vec<_>, _>`,
`std::cmp::Ordering` by path and after `use` (`then`, `then_with`), `std::cmp::max`/`min`,
`std::iter::repeat`, `chunks_exact`, `is_normal`/`is_subnormal`, `write!` into a `String`, a
HashMap's entries collected and sorted, arithmetic on a generic `T: Add<Output = T> + Copy`,
operator traits on references (`impl Mul for &Mat`), `ref mut` in patterns.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. pbpit must refuse with that code, or
run and print the same. Where rustc is on PATH, a test checks that the recorded verdicts are
still rustc's. (The longer programs are tests/rust/std/cmp_ordering.rs, collect_option_result.rs,
format_exp_precision.rs, slices_chunks_exact.rs, float_normal.rs, hashmap_sorted.rs,
write_into_string.rs, generic_arith.rs, ops_on_references.rs,
ref_mut_patterns.rs.)
"""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, rejects, runs, verdict_tests


def main(body: str, head: str = "") -> str:
    return f"{head}fn main() {{\n    {body}\n}}\n"


_V = "#[derive(Debug)]\nstruct V {\n    x: f32,\n}\n"
_ADD_REF = (
    "use std::ops::Add;\nimpl Add for &V {\n    type Output = V;\n"
    "    fn add(self, o: &V) -> V {\n        V { x: self.x + o.x + 100.0 }\n    }\n}\n"
)
_ADD_REF_ALONE = _ADD_REF.split("\n", 1)[1]  # (without its `use`)
_ADD_VALUE = (
    "use std::ops::Add;\nimpl Add for V {\n    type Output = V;\n"
    "    fn add(self, o: V) -> V {\n        V { x: self.x + o.x }\n    }\n}\n"
)

CASES = {
    "ordering_not_imported": (
        main('println!("{:?}", 1.cmp(&2) == Ordering::Less);'),
        rejects("E0433"),
    ),
    "ordering_no_such_variant": (
        main('println!("{:?}", Ordering::Lesser);', "use std::cmp::Ordering;\n"),
        rejects("E0599"),
    ),
    "ordering_then_an_integer": (main('println!("{:?}", 1.cmp(&2).then(1));'), rejects("E0308")),
    "ordering_no_such_method": (main('println!("{:?}", 1.cmp(&2).foo());'), rejects("E0599")),
    "ordering_by_path_and_then_with": (
        main(
            'let o = 2.cmp(&2).then_with(|| "b".cmp("a"));\n'
            '    println!("{:?} {}", o, o == std::cmp::Ordering::Greater);'
        ),
        runs("Greater true\n"),
    ),
    "cmp_max_of_floats": (main('println!("{}", std::cmp::max(1.0, 2.0));'), rejects("E0277")),
    "cmp_max_imported_of_f32": (
        main('println!("{}", max(1.5f32, 2.0));', "use std::cmp::max;\n"),
        rejects("E0277"),
    ),
    "cmp_module_not_imported": (main('println!("{}", cmp::max(1, 2));'), rejects("E0433")),
    "cmp_max_of_three": (main('println!("{}", std::cmp::max(1, 2, 3));'), rejects("E0061")),
    "cmp_max_of_two_types": (main('println!("{}", std::cmp::max(1, "a"));'), rejects("E0308")),
    "cmp_max_min_imported": (
        main('println!("{} {}", max(1, 2) * min(5, 4), cmp::min(3, 1));',
             "use std::cmp;\nuse std::cmp::{max, min};\n"),
        runs("8 1\n"),
    ),
    "iter_module_not_imported": (
        main('let v: Vec<i32> = iter::repeat(7).take(2).collect();\n    println!("{:?}", v);'),
        rejects("E0433"),
    ),
    "or_else_of_a_plain_value": (
        main('let a: Option<i32> = None;\n    let b = a.or_else(|| 3);\n    println!("{:?}", b);'),
        rejects("E0308"),
    ),
    "or_else_not_a_closure": (
        main('let a: Option<i32> = None;\n    let b = a.or_else(Some(3));\n'
             '    println!("{:?}", b);'),
        rejects("E0277"),
    ),
    "collect_option_of_plain_items": (
        main('let v = vec![1, 2];\n    let o = v.iter().collect::<Option<Vec<i32>>>();\n'
             '    println!("{:?}", o);'),
        rejects("E0277"),
    ),
    "collect_result_of_another_error": (
        main('let v: Result<Vec<i32>, String> = ["1"].iter().map(|s| s.parse::<i32>()).collect();'
             '\n    println!("{:?}", v);'),
        rejects("E0277"),
    ),
    "collect_option_of_another_item": (
        main('let v: Option<Vec<i32>> = vec![Some(1u8)].into_iter().collect();\n'
             '    println!("{:?}", v);'),
        rejects("E0277"),
    ),
    "chunks_exact_of_a_float_size": (
        main('let v = vec![1, 2, 3];\n    println!("{:?}", v.chunks_exact(2.0).count());'),
        rejects("E0308"),
    ),
    "write_into_a_string_without_the_trait": (
        main('let mut s = String::new();\n    write!(s, "{}", 1).unwrap();\n'
             '    println!("{}", s);'),
        rejects("E0599"),
    ),
    "write_into_a_string_not_mut": (
        main('let s = String::new();\n    write!(s, "{}", 1).unwrap();\n    println!("{}", s);',
             "use std::fmt::Write;\n"),
        rejects("E0596"),
    ),
    "writeln_into_a_string_result_ignored": (
        main('let mut s = String::new();\n    writeln!(&mut s, "{:>3}", 1).unwrap();\n'
             '    write!(s, "x");\n    print!("{}", s);', "use std::fmt::Write as _;\n"),
        runs("  1\nx"),
    ),
    "generic_add_without_the_bound": (
        main('println!("{}", f(1, 2));', "fn f<T: Copy>(a: T, b: T) -> T {\n    a + b\n}\n"),
        rejects("E0369"),
    ),
    "generic_add_not_imported": (
        main('println!("{}", f(1, 2));',
             "fn f<T: Add<Output = T> + Copy>(a: T, b: T) -> T {\n    a + b\n}\n"),
        rejects("E0405"),
    ),
    "generic_neg_without_the_bound": (
        main('println!("{}", f(1));', "fn f<T: Copy>(a: T) -> T {\n    -a\n}\n"),
        rejects("E0600"),
    ),
    "generic_add_assign_without_the_bound": (
        main('println!("{}", f(1));',
             "fn f<T: Copy>(a: T) -> T {\n    let mut t = a;\n    t += a;\n    t\n}\n"),
        rejects("E0368"),
    ),
    "generic_add_assign_not_mut": (
        main('println!("{}", f(1));', "use std::ops::AddAssign;\nfn f<T: AddAssign + Copy>(a: T)"
             " -> T {\n    let t = a;\n    t += a;\n    t\n}\n"),
        rejects("E0596"),
    ),
    "generic_default_without_the_bound": (
        main('println!("{}", f(1));', "fn f<T: Copy>(a: T) -> T {\n    T::default()\n}\n"),
        rejects("E0599"),
    ),
    "generic_mul_where_clause": (
        main('println!("{} {}", sq(3u8), sq(0.5f32));', "use std::ops::Mul;\nfn sq<T>(x: T) -> T"
             "\nwhere\n    T: Mul<Output = T> + Copy,\n{\n    x * x\n}\n"),
        runs("9 0.25\n"),
    ),
    "add_of_values_with_only_the_reference_impl": (
        main('let a = V { x: 1.0 };\n    let b = V { x: 2.0 };\n    println!("{:?}", a + b);',
             _V + _ADD_REF),
        rejects("E0369"),
    ),
    "add_of_references_with_only_the_value_impl": (
        main('let a = V { x: 1.0 };\n    let b = V { x: 2.0 };\n    println!("{:?}", &a + &b);',
             _V + _ADD_VALUE),
        rejects("E0369"),
    ),
    "add_of_a_reference_and_a_value": (
        main('let a = V { x: 1.0 };\n    let b = V { x: 2.0 };\n    println!("{:?}", &a + b);',
             _V + _ADD_REF),
        rejects("E0308"),
    ),
    "reference_impl_twice": (
        main('let a = V { x: 1.0 };\n    println!("{:?}", &a + &a);',
             _V + _ADD_REF + _ADD_REF_ALONE),
        rejects("E0119"),
    ),
    "reference_impl_not_imported": (
        main('let a = V { x: 1.0 };\n    println!("{:?}", &a + &a);', _V + _ADD_REF_ALONE),
        rejects("E0405"),
    ),
    "reference_impl_beside_the_value_impl": (
        main('let a = V { x: 1.0 };\n    let b = &a + &a;\n    println!("{:?}", b);\n'
             '    println!("{:?}", a + b);',
             _V + _ADD_REF + _ADD_VALUE.split("\n", 1)[1]),
        runs("V { x: 102.0 }\nV { x: 103.0 }\n"),
    ),
    "ref_mut_of_a_variable_not_mut": (
        main('let pair = (1, 2);\n    let (ref mut a, ref mut b) = pair;\n    *a += 1;\n'
             '    *b += 1;\n    println!("{:?}", pair);'),
        rejects("E0596"),
    ),
    "ref_mut_in_if_let_of_a_variable_not_mut": (
        main('let o = Some(5);\n    if let Some(ref mut n) = o {\n        *n += 1;\n    }\n'
             '    println!("{:?}", o);'),
        rejects("E0596"),
    ),
    "ref_mut_in_a_match_arm": (
        main('let mut o = Some(5);\n    match o {\n        Some(ref mut n) => *n *= 2,\n'
             '        None => {}\n    }\n    println!("{:?}", o);'),
        runs("Some(10)\n"),
    ),
    "ref_mut_used_after_the_variable": (
        main('let mut pair = (1, 2);\n    let (ref mut a, _) = pair;\n    *a += 1;\n'
             '    println!("{:?}", pair);'),
        runs("(2, 2)\n"),
    ),
    "chunks_exact_of_zero_panics_at_the_call": (
        main('let v = vec![1, 2, 3];\n    let n = v.len() - 3;\n'
             '    println!("{:?}", v.chunks_exact(n).remainder());'),
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:4:24:\nchunk size must be non-zero\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "chunks_exact_remainder": (
        main('let v = [1u8, 2, 3, 4, 5];\n    let c = v.chunks_exact(2);\n'
             '    println!("{:?} {:?}", v.chunks_exact(2).remainder(), c.len());'),
        runs("[5] 2\n"),
    ),
    "assign_through_a_ref_name": (
        main('let mut pair = (1, 2);\n    let (ref mut a, ref b) = pair;\n    *a += 1;\n'
             '    *b += 1;\n    println!("{:?}", pair);'),
        rejects("E0594"),
    ),
    "push_through_a_ref_name": (
        main('let mut p = (1, vec![1.0]);\n    let (ref mut x, ref v) = p;\n    *x += 1;\n'
             '    v.push(2.0);\n    println!("{:?}", p);'),
        rejects("E0596"),
    ),
    "ref_names_read_beside_the_variable": (
        main('let pair = (1, String::from("a"));\n    let (ref a, ref b) = pair;\n'
             '    println!("{} {} {:?}", a, b, pair);'),
        runs('1 a (1, "a")\n'),
    ),
    "generic_add_of_a_reference": (
        main('println!("{}", f(1, 2));', "use std::ops::Add;\nfn f<T: Add<Output = T> + Copy>"
             "(a: T, b: T) -> T {\n    let r = &a;\n    r + b\n}\n"),
        rejects("E0369"),
    ),
    "ref_mut_of_a_shared_reference": (
        main('let mut p = (1, 2);\n    let (ref mut a, _) = &p;\n    *a += 1;\n'
             '    println!("{:?}", p);'),
        rejects("E0596"),
    ),
    "ref_mut_of_a_mut_reference": (
        main('let mut p = (1, 2);\n    let (ref mut a, _) = &mut p;\n    *a += 1;\n'
             '    println!("{:?}", p);'),
        runs("(2, 2)\n"),
    ),
    "exp_precision_of_a_string": (
        main('let s = String::from("a");\n    println!("{:.3e}", s);'),
        rejects("E0277"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


# A HashMap's entries collected and sorted at once run; read in the map's order (random in Rust:
# rustc's binary prints either order from run to run), they are refused, never run.
_MAP = 'use std::collections::HashMap;\n'
_ENTRIES = 'let mut m = HashMap::new();\n    m.insert("a", 1);\n    m.insert("b", 1);\n    '
MAP_ORDER = {
    "collected_not_sorted": main(_ENTRIES + 'let v: Vec<_> = m.iter().collect();\n'
                                 '    println!("{:?}", v);', _MAP),
    "read_before_the_sort": main(_ENTRIES + 'let mut v: Vec<_> = m.iter().collect();\n'
                                 '    println!("{:?}", v);\n    v.sort();', _MAP),
    "sorted_with_ties": main(_ENTRIES + 'let mut v: Vec<_> = m.iter().collect();\n'
                             '    v.sort_by_key(|p| *p.1);\n    println!("{:?}", v);', _MAP),
}


@pytest.mark.parametrize("name", sorted(MAP_ORDER))
def test_a_maps_order_is_never_read(name):
    found = judge(MAP_ORDER[name], diff.pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found
    assert "HashMap" in found.detail


def test_the_variable_used_while_a_ref_mut_name_of_it_lives_is_never_run():
    source = main('let mut pair = (1, 2);\n    let (ref mut a, _) = pair;\n'
                  '    println!("{:?}", pair);\n    *a += 1;')  # rustc: E0502
    found = judge(source, diff.pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found


def test_a_maps_entries_sorted_without_ties_run():
    source = main(_ENTRIES + 'let mut v: Vec<_> = m.iter().collect();\n'
                  '    v.sort_by(|a, b| b.0.cmp(a.0));\n    println!("{:?}", v);', _MAP)
    assert judge(source, diff.pbpit_verdict) == runs('[("b", 1), ("a", 1)]\n')
