"""Programs on which pbpit must give rustc's verdict about moves and borrows the borrow checker
sees (E0382 of a `&mut` variable, a pattern's part, `String + &str`; E0507/E0508 of a place no
value moves out of; E0596 of a changing closure's call; E0506 of a closure's untyped
parameter), found by `tools/rustc_differential.py` (seeds 9001, 9002) and by probing the same
kinds, with programs rustc runs beside them so that a rule refusing too much fails too.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    # a `&mut T` is not `Copy`: given where no written type reborrows it, it is moved
    "mut_reference_moved_by_let": (
        """\
fn main() {
    let mut v = vec![7];
    let w = &mut v;
    let _moved = w;
    w.push(100);
    println!("{:?}", v);
}
""",
        rejects("E0382"),
    ),
    "mut_reference_moved_into_some": (
        """\
fn main() {
    let mut v = vec![7];
    let w = &mut v;
    let o = Some(w);
    w.push(1);
    println!("{:?}", o);
}
""",
        rejects("E0382"),
    ),
    "mut_reference_moved_by_for": (
        """\
fn main() {
    let mut v = vec![7];
    let w = &mut v;
    for x in w {
        println!("{}", x);
    }
    w.push(2);
}
""",
        rejects("E0382"),
    ),
    "mut_reference_reborrowed_by_calls_and_typed_let": (
        """\
fn f(r: &mut Vec<i32>) {
    r.push(1);
}
fn main() {
    let mut v = vec![7];
    let w = &mut v;
    f(w);
    f(w);
    let typed: &mut Vec<i32> = w;
    typed.push(2);
    w.push(3);
    let o = Some(w);
    println!("{:?}", o);
}
""",
        runs("Some([7, 1, 1, 2, 3])\n"),
    ),
    # a closure's untyped parameter takes one lifetime for all its calls: it holds the borrow
    "closure_untyped_parameter_holds_a_borrow": (
        """\
fn main() {
    let add = |p, q| p + q;
    let mut s = 0.0;
    let t = add(&s, 0.1);
    s = 2.0;
    let u = add(&s, 0.2);
    println!("{} {} {}", s, t, u);
}
""",
        rejects("E0506"),
    ),
    "closure_untyped_parameter_borrow_in_a_loop": (
        """\
fn main() {
    let add = |p, q| p + q;
    let mut s = 0.0;
    for _ in 0..3 {
        s = add(&s, 0.1);
    }
    println!("{}", s);
}
""",
        rejects("E0506"),
    ),
    "closure_typed_parameter_or_last_call_borrows_for_the_call": (
        """\
fn main() {
    let add = |p: &f64, q| p + q;
    let mut s = 0.0;
    for _ in 0..3 {
        s = add(&s, 0.1);
    }
    let once = |p, q| p + q;
    let mut t = 1.0;
    t = once(&t, 0.5);
    println!("{} {}", s, t);
}
""",
        runs("0.30000000000000004 1.5\n"),
    ),
    # a pattern's binding takes its part of a variable by value: the variable is partly moved
    "if_let_moves_the_string_out_of_an_option": (
        """\
fn main() {
    let o = Some(String::from("a"));
    if let Some(s) = o {
        println!("{}", s);
    }
    println!("{:?}", o);
}
""",
        rejects("E0382"),
    ),
    "match_moves_the_string_out_of_an_option": (
        """\
fn main() {
    let o = Some(String::from("a"));
    match o {
        Some(s) => println!("{}", s),
        None => {}
    }
    println!("{:?}", o);
}
""",
        rejects("E0382"),
    ),
    "if_let_moves_out_of_an_option_parameter": (
        """\
fn describe(o: Option<String>) -> usize {
    if let Some(s) = o {
        println!("{}", s);
    }
    o.map(|s| s.len()).unwrap_or(0)
}
fn main() {
    println!("{}", describe(Some(String::from("a"))));
}
""",
        rejects("E0382"),
    ),
    # `String + &str` takes the `String` by value
    "string_added_to_is_moved": (
        """\
fn main() {
    let s = String::from("a");
    let t = s + "b";
    println!("{} {}", t, s);
}
""",
        rejects("E0382"),
    ),
    "patterns_of_references_copies_and_borrows_move_nothing": (
        """\
fn pick(v: &Vec<String>) -> Option<&String> {
    v.first()
}
fn label(o: Option<String>) -> String {
    match o {
        Some(ref_free) => ref_free,
        None => String::from("none"),
    }
}
fn main() {
    let a = String::from("a");
    let v = vec![String::from("x")];
    let o = Some(&a);
    if let Some(s) = o {
        println!("{}", s);
    }
    let p = pick(&v);
    match p {
        Some(s) => println!("{}", s),
        None => {}
    }
    let n = Some(3);
    if let Some(k) = n {
        println!("{}", k);
    }
    let q = Some(String::from("q"));
    if let Some(s) = &q {
        println!("{}", s);
    }
    let t = String::from("t");
    let u = t.clone() + "u";
    let w = t + &u;
    println!("{:?} {:?} {:?} {:?} {} {}", o, p, n, q, u, w);
    println!("{}", label(Some(String::from("l"))));
}
""",
        runs('a\nx\n3\nq\nSome("a") Some("x") Some(3) Some("q") tu ttu\nl\n'),
    ),
    # an index is a place no value moves out of (E0507; E0508 of an array)
    "move_out_of_a_vec_index": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let s = v[0];
    println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "move_out_of_a_nested_vec_index": (
        """\
fn main() {
    let m = vec![vec![1.0], vec![2.0]];
    let row = m[1];
    println!("{:?}", row);
}
""",
        rejects("E0507"),
    ),
    "unwrap_of_a_vec_element": (
        """\
fn main() {
    let v = vec![Some(String::from("a"))];
    let s = v[0].unwrap();
    println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "array_pattern_moves_the_elements_out": (
        """\
fn heads() -> [String; 2] {
    [String::from("a"), String::from("b")]
}

fn main() {
    let [left, right] = heads();
    let arr = [String::from("c"), String::from("d")];
    let [x, y] = arr;
    println!("{left} {right} {x} {y}");
}
""",
        runs("a b c d\n"),
    ),
    "move_out_of_an_array_index": (
        """\
fn main() {
    let a = [String::from("a"), String::from("b")];
    let s = a[0];
    println!("{}", s);
}
""",
        rejects("E0508"),
    ),
    "elements_cloned_borrowed_or_copied": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
fn main() {
    let v = vec![String::from("a"), String::from("bc")];
    let m = vec![vec![1.0], vec![2.0, 3.0]];
    let ps = vec![P { x: 0.5 }];
    let s = v[0].clone();
    let r = &v[1];
    let n = v[1].len();
    let row = &m[1];
    let first = m[1][0];
    let p = ps[0];
    let ints = [4, 5];
    let k = ints[1];
    println!("{} {} {} {:?} {} {:?} {}", s, r, n, row, first, p, k);
}
""",
        runs("a bc 2 [2.0, 3.0] 2 P { x: 0.5 } 5\n"),
    ),
    # a closure that changes what it captures is `FnMut`: its call borrows it mutably
    "call_of_a_changing_closure_not_mut": (
        """\
fn main() {
    let mut total = 0;
    let v = vec![1, 2];
    let add = |x: i32| total += x;
    for x in v {
        add(x);
    }
    println!("{}", total);
}
""",
        rejects("E0596"),
    ),
    "call_of_a_pushing_closure_not_mut": (
        """\
fn main() {
    let mut v = Vec::new();
    let push = |x: i32| v.push(x);
    push(1);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "changing_closures_declared_mut_and_reading_ones": (
        """\
fn main() {
    let mut total = 0;
    let mut add = |x: i32| total += x;
    add(1);
    add(2);
    let scale = 3;
    let times = |x: i32| x * scale;
    let fresh = |n: i32| {
        let mut v = Vec::new();
        v.push(n);
        v.len()
    };
    let mut seen = Vec::new();
    let mut record = |x: i32| seen.push(x);
    record(times(2));
    println!("{} {} {:?}", total, fresh(1), seen);
}
""",
        runs("3 1 [6]\n"),
    ),
    # a field reached through a reference, an element through one: no value moves out
    "move_out_of_a_field_behind_a_reference": (
        """\
struct P {
    name: String,
}
fn show(p: &P) -> String {
    let n = p.name;
    n
}
fn main() {
    println!("{}", show(&P { name: String::from("a") }));
}
""",
        rejects("E0507"),
    ),
    "move_out_of_self_field_in_a_ref_method": (
        """\
struct S {
    name: String,
}
impl S {
    fn name(&self) -> String {
        self.name
    }
}
fn main() {
    let s = S { name: String::from("a") };
    println!("{}", s.name());
}
""",
        rejects("E0507"),
    ),
    "move_out_of_an_index_behind_a_reference": (
        """\
fn first(v: &Vec<String>) -> String {
    v[0]
}
fn main() {
    println!("{}", first(&vec![String::from("a")]));
}
""",
        rejects("E0507"),
    ),
    "move_out_of_self_vec_index": (
        """\
struct S {
    items: Vec<String>,
}
impl S {
    fn first(&self) -> String {
        self.items[0]
    }
}
fn main() {
    let s = S { items: vec![String::from("a")] };
    println!("{}", s.first());
}
""",
        rejects("E0507"),
    ),
    "fields_cloned_copied_or_borrowed_through_references": (
        """\
#[derive(Debug, Clone)]
struct P {
    name: String,
    tags: Vec<String>,
    n: i32,
}
impl P {
    fn label(&self) -> String {
        let first = self.tags[0].clone();
        format!("{} {} {}", self.name.clone(), first, self.n)
    }
    fn rename(&mut self, to: &str) -> String {
        let old = self.name.clone();
        self.name = to.to_string();
        old
    }
    fn into_name(self) -> String {
        self.name
    }
}
fn count(p: &P) -> usize {
    let n = p.n;
    let tags = &p.tags;
    tags.len() + p.name.len() + n as usize
}
fn main() {
    let mut p = P { name: String::from("a"), tags: vec![String::from("t")], n: 2 };
    println!("{} {}", p.label(), count(&p));
    println!("{} {}", p.rename("b"), p.clone().into_name());
}
""",
        runs("a t 2 4\na b\n"),
    ),
    # a field moved out of a variable: the variable is partly moved, its other fields not
    "field_moved_out_then_the_whole_used": (
        """\
#[derive(Debug)]
struct P {
    name: String,
    n: i32,
}
fn main() {
    let p = P { name: String::from("a"), n: 1 };
    let name = p.name;
    println!("{} {:?}", name, p);
}
""",
        rejects("E0382"),
    ),
    "field_moved_out_twice": (
        """\
struct P {
    name: String,
    n: i32,
}
fn main() {
    let p = P { name: String::from("a"), n: 1 };
    let a = p.name;
    let b = p.name;
    println!("{} {} {}", a, b, p.n);
}
""",
        rejects("E0382"),
    ),
    "fields_moved_out_and_given_again": (
        """\
#[derive(Debug)]
struct P { name: String, tags: Vec<String>, n: i32 }
fn main() {
    let mut p = P { name: String::from("a"), tags: vec![String::from("t")], n: 1 };
    let name = p.name;
    let n = p.n;
    let tags = p.tags;
    p.name = String::from("b");
    p.tags = vec![];
    println!("{} {} {:?} {:?}", name, n, tags, p);
}
""",
        runs('a 1 ["t"] P { name: "b", tags: [], n: 1 }\n'),
    ),
    # found by the run on seed 777: a call's `impl Fn` result is not `Copy`; a borrow of what
    # each turn of a loop makes, kept by what lives on; an element of a variable's field
    "impl_fn_result_moved_then_called": (
        """\
fn make_adder(n: f32) -> impl Fn(f32) -> f32 {
    move |x| x + n
}
fn main() {
    let add5 = make_adder(5.0);
    let _moved = add5;
    println!("{}", add5(1.0));
}
""",
        rejects("E0382"),
    ),
    "borrow_of_a_loop_variable_kept_past_its_turn": (
        """\
fn main() {
    let rows = vec![vec![1], vec![2, 3]];
    let mut filled = Vec::new();
    for mut row in rows {
        row.push(7);
        filled.push(&row);
    }
    println!("{:?}", filled);
}
""",
        rejects("E0597"),
    ),
    "vec_field_element_of_a_variable_not_mut": (
        """\
struct H {
    ps: Vec<i32>,
}
fn main() {
    let h = H { ps: vec![1, 2] };
    h.ps[0] = 7;
    println!("{:?}", h.ps);
}
""",
        rejects("E0596"),
    ),
    "array_field_element_of_a_variable_not_mut": (
        """\
struct H {
    arr: [i32; 2],
}
fn main() {
    let h = H { arr: [1, 2] };
    h.arr[0] = 5;
    println!("{}", h.arr[0]);
}
""",
        rejects("E0594"),
    ),
    "field_elements_opaque_results_and_loop_borrows_that_run": (
        """\
struct H {
    ps: Vec<i32>,
    arr: [i32; 2],
}
fn make_adder(n: f32) -> impl Fn(f32) -> f32 {
    move |x| x + n
}
fn apply_dyn(f: &dyn Fn(f32) -> f32, x: f32) -> f32 {
    f(x)
}
fn main() {
    let mut h = H { ps: vec![1, 2], arr: [3, 4] };
    h.ps[0] = 7;
    h.arr[1] = 9;
    let add5 = make_adder(5.0);
    let a = apply_dyn(&add5, 1.0);
    let rows = vec![vec![1], vec![2, 3]];
    let mut lens = Vec::new();
    for row in rows {
        let mut seen = Vec::new();
        seen.push(&row);
        lens.push(seen.len() + row.len());
    }
    println!("{:?} {:?} {} {} {:?}", h.ps, h.arr, a, add5(2.0), lens);
}
""",
        runs("[7, 2] [3, 9] 6 7 [2, 3]\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
