"""Small programs on which pbpit must give rustc's verdict: the kinds of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs, one program each.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports (a
deny lint's name for `arithmetic_overflow`), `runs(stdout, status, stderr)` what its binary
printed. pbpit must refuse with that code, or run and print the same. Where rustc is on PATH,
a test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bits_on_integers": (
        """\
fn main() {
    let a: i32 = -6;
    let b: u8 = 0b1010;
    println!("{} {} {}", a & 5, a | 3, a ^ 7);
    println!("{} {} {}", b & 6, b | 5, b ^ 255);
    println!("{} {} {}", a << 2, a >> 1, b << 4u32);
    println!("{} {} {}", 1i32 << 31, 255u8 >> 7, -1i64 >> 63);
    println!("{} {} {}", true & false, true | false, true ^ true);
    let mut m: u16 = 1;
    m <<= 3;
    m |= 0x100;
    m ^= 1;
    m &= 0xff0f;
    m >>= 1;
    let mut f = false;
    f |= true;
    f &= m > 2;
    println!("{} {} {} {}", m, !5, !b, f);
}
""",
        runs(
            "0 -5 -3\n2 15 245\n-24 -3 160\n-2147483648 1 -1\nfalse true false\n132 -6 245 true\n",
            0,
        ),
    ),
    "shift_overflow_panics": (
        """\
fn shift(x: u8, by: u32) -> u8 {
    x << by
}
fn main() {
    println!("{}", shift(1, 7));
    println!("{}", shift(1, 8));
}
""",
        runs(
            "128\n",
            101,
            (
                "\nthread 'main' (TID) panicked at main.rs:2:5:\n"
                "attempt to shift left with overflow\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "shift_by_known_width": (
        """\
fn main() {
    let n = 33;
    println!("{}", 1 << n);
}
""",
        rejects("arithmetic_overflow"),
    ),
    "bit_and_known_then_overflow": (
        """\
fn main() {
    let a = 6 & 3;
    println!("{}", a + i32::MAX);
}
""",
        rejects("arithmetic_overflow"),
    ),
    "bit_and_of_floats": (
        """\
fn main() {
    let x = 1.5;
    println!("{}", x & 2.0);
}
""",
        rejects("E0369"),
    ),
    "bit_or_of_int_and_float": (
        """\
fn main() {
    let x: i32 = 3;
    println!("{}", x | 2.0);
}
""",
        rejects("E0277"),
    ),
    "bit_or_inferred_float": (
        """\
fn main() {
    let f = |x| x | 3.0;
    println!("{}", f(0.5));
}
""",
        rejects("E0277"),
    ),
    "shift_assign_on_float": (
        """\
fn main() {
    let mut x = 1.0;
    x <<= 2;
    println!("{}", x);
}
""",
        rejects("E0368"),
    ),
    "bit_xor_of_int_types": (
        """\
fn main() {
    let a: i32 = 1;
    let b: u8 = 2;
    println!("{}", a ^ b);
}
""",
        rejects("E0308"),
    ),
    "index_by_float": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    println!("{}", v[1.0]);
}
""",
        rejects("E0277"),
    ),
    "index_by_i32": (
        """\
fn main() {
    let a = [1.5, 2.5];
    let i: i32 = 1;
    println!("{}", a[i]);
}
""",
        rejects("E0277"),
    ),
    "index_by_reference": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let i = 1;
    println!("{}", v[&i]);
}
""",
        rejects("E0277"),
    ),
    "add_assign_int_to_float": (
        """\
fn main() {
    let mut total = 0.0;
    total += 1;
    println!("{}", total);
}
""",
        rejects("E0277"),
    ),
    "mul_assign_float_to_int": (
        """\
fn main() {
    let mut n: i32 = 2;
    n *= 1.5;
    println!("{}", n);
}
""",
        rejects("E0277"),
    ),
    "add_assign_bool_to_float": (
        """\
fn main() {
    let mut x = 1.0;
    x += 2 < 3;
    println!("{}", x);
}
""",
        rejects("E0277"),
    ),
    "add_bool_to_int": (
        """\
fn main() {
    println!("{}", 1 + true);
}
""",
        rejects("E0277"),
    ),
    "subtract_from_bool": (
        """\
fn main() {
    let m = 1 < 2;
    println!("{}", m - 1);
}
""",
        rejects("E0369"),
    ),
    "number_for_a_closure": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = v.iter().fold(|acc, x| acc + x, 0);
    println!("{}", s);
}
""",
        rejects("E0277"),
    ),
    "collect_other_element": (
        """\
fn main() {
    let v: Vec<i32> = (0..3i64).map(|x| x * 2).collect();
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "value_for_a_reference_parameter": (
        """\
struct Point { x: i32 }
fn show(p: &Point) {
    println!("{}", p.x);
}
fn main() {
    let p = Point { x: 1 };
    show(p);
    show(&p);
}
""",
        rejects("E0308"),
    ),
    "reference_for_a_bounded_value": (
        """\
trait Shape { fn area(&self) -> f32; }
struct Circle { r: f32 }
impl Shape for Circle { fn area(&self) -> f32 { 3.0 * self.r * self.r } }
fn area_of<T: Shape>(t: T) -> f32 { t.area() }
fn main() {
    let c = Circle { r: 1.0 };
    println!("{}", area_of(&c));
}
""",
        rejects("E0277"),
    ),
    "reference_to_a_bounded_reference": (
        """\
trait Shape { fn area(&self) -> f32; }
struct Circle { r: f32 }
impl Shape for Circle { fn area(&self) -> f32 { 3.0 * self.r * self.r } }
fn area_of<T: Shape>(t: &T) -> f32 { t.area() }
fn main() {
    let c = Circle { r: 1.0 };
    println!("{}", area_of(&c));
}
""",
        runs("3\n", 0),
    ),
    "borrow_for_an_option": (
        """\
fn main() {
    let none: Option<i32> = &None;
    println!("{:?}", none);
}
""",
        rejects("E0308"),
    ),
    "borrow_inside_some": (
        """\
fn main() {
    let shallow: Option<Option<i32>> = Some(&None);
    println!("{:?}", shallow);
}
""",
        rejects("E0308"),
    ),
    "borrow_for_a_struct_field": (
        """\
#[derive(Debug)]
struct Marker;
struct Tagged {
    tag: Option<Marker>,
}
fn main() {
    let t = Tagged { tag: Some(&Marker) };
    println!("{:?}", t.tag);
}
""",
        rejects("E0308"),
    ),
    "borrow_returned_for_a_value": (
        """\
fn find(v: Vec<usize>, x: usize) -> Option<usize> {
    for i in 0..v.len() {
        if v[i] == x {
            return Some(&i);
        }
    }
    None
}
fn main() {
    println!("{:?}", find(vec![1, 2], 2));
}
""",
        rejects("E0308"),
    ),
    "value_for_a_reference_to_a_vec": (
        """\
fn mean(v: &Vec<f64>) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}
fn main() {
    println!("{}", mean(vec![0.5]));
}
""",
        rejects("E0308"),
    ),
    "references_where_written": (
        """\
fn first(v: &Vec<i32>) -> Option<&i32> {
    v.iter().next()
}
fn main() {
    let pair: (i32, &str) = (1, "a");
    let r: &Vec<i32> = &vec![1];
    let o: Option<&i32> = Some(&3);
    let t: [&str; 2] = ["a", "b"];
    println!("{:?} {:?} {:?} {:?} {:?}", pair, r, o, t, first(r));
}
""",
        runs('(1, "a") [1] Some(3) ["a", "b"] Some(1)\n', 0),
    ),
    "borrow_for_a_closure_taking_a_value": (
        """\
fn apply<F: Fn(f32) -> f32>(f: F, x: f32) -> f32 {
    f(&x)
}
fn main() {
    println!("{}", apply(|v| v * 2.0, 1.5));
}
""",
        rejects("E0308"),
    ),
    "borrow_for_a_closure_taking_a_reference": (
        """\
fn apply<F: Fn(&f32) -> f32>(f: F, x: f32) -> f32 {
    f(&x)
}
fn main() {
    println!("{}", apply(|v| v * 2.0, 1.5));
}
""",
        runs("3\n", 0),
    ),
    "borrow_for_a_fn_pointer": (
        """\
fn double(x: f32) -> f32 {
    x * 2.0
}
fn main() {
    let f: fn(f32) -> f32 = &double;
    println!("{}", f(0.25));
}
""",
        rejects("E0308"),
    ),
    "compare_vecs_of_two_float_types": (
        """\
fn main() {
    let w: Vec<f64> = vec![0.1 + 0.2, 1.0];
    assert_eq!(w, vec![0.3, 1.0f32]);
}
""",
        rejects("E0277"),
    ),
    "compare_vecs_of_floats_and_integers": (
        """\
fn main() {
    let w = vec![1.0, 2.0];
    println!("{}", w == vec![1, 2]);
}
""",
        rejects("E0277"),
    ),
    "compare_a_float_and_an_integer": (
        """\
fn main() {
    let x: f64 = 1.0;
    assert_eq!(x, 1);
}
""",
        rejects("E0308"),
    ),
    "box_of_a_borrow_as_a_trait_object": (
        """\
trait Shape {
    fn area(&self) -> f32;
}
struct Circle {
    r: f32,
}
impl Shape for Circle {
    fn area(&self) -> f32 {
        3.0 * self.r * self.r
    }
}
fn main() {
    let c = Circle { r: 1.0 };
    let b: Box<dyn Shape> = Box::new(&c);
    println!("{}", b.area());
}
""",
        rejects("E0277"),
    ),
    "field_of_a_float": (
        """\
struct P {
    x: f64,
}
fn main() {
    let p = P { x: 1.0 };
    println!("{}", p.x.1);
}
""",
        rejects("E0610"),
    ),
    "field_of_a_float_literal_type": (
        """\
fn main() {
    let v = 2.5;
    println!("{}", v.0);
}
""",
        rejects("E0610"),
    ),
    "borrow_for_a_typed_closure_parameter": (
        """\
fn main() {
    let f = |x: f32| x * 3.0;
    let g = |y| f(&y) + 1.0;
    println!("{:?}", g(0.1));
}
""",
        rejects("E0308"),
    ),
    "borrow_for_a_trait_function_parameter": (
        """\
trait Shape {
    fn new(size: f32) -> Self;
    fn area(&self) -> f32;
}
struct Square {
    s: f32,
}
impl Shape for Square {
    fn new(size: f32) -> Self {
        Square { s: size }
    }
    fn area(&self) -> f32 {
        self.s * self.s
    }
}
fn make<T: Shape>(size: f32) -> T {
    T::new(&size)
}
fn main() {
    let s: Square = make(2.0);
    println!("{}", s.area());
}
""",
        rejects("E0308"),
    ),
    "push_str_of_a_string_value": (
        """\
fn main() {
    let mut acc = String::new();
    for i in 0..3 {
        acc.push_str(i.to_string());
    }
    println!("{}", acc);
}
""",
        rejects("E0308"),
    ),
    "push_str_of_borrowed_strings": (
        """\
fn main() {
    let mut acc = String::new();
    let names = vec![String::from("a"), String::from("b")];
    for n in names.iter() {
        acc.push_str(n);
    }
    let s = String::from("x");
    acc.push_str(&s);
    acc.push_str("y");
    println!("{}", acc);
}
""",
        runs("abxy\n", 0),
    ),
    "add_assign_to_a_field_not_mut": (
        """\
struct Log {
    text: String,
}
fn main() {
    let l = Log { text: String::new() };
    l.text += "x";
    println!("{}", l.text);
}
""",
        rejects("E0596"),
    ),
    "add_assign_to_a_field_through_shared_self": (
        """\
struct Log {
    text: String,
}
impl Log {
    fn add(&self) {
        self.text += "y";
    }
}
fn main() {
    let l = Log { text: String::new() };
    l.add();
    println!("{}", l.text);
}
""",
        rejects("E0596"),
    ),
    "add_assign_to_a_number_field_not_mut": (
        """\
struct Count {
    n: i32,
}
fn main() {
    let c = Count { n: 0 };
    c.n += 1;
    println!("{}", c.n);
}
""",
        rejects("E0594"),
    ),
    "add_assign_to_a_string_not_mut": (
        """\
fn main() {
    let d = String::new();
    d += "x";
    println!("{}", d);
}
""",
        rejects("E0596"),
    ),
    "partial_cmp_of_a_field_value": (
        """\
struct Epoch {
    loss: f32,
}
fn main() {
    let v = vec![Epoch { loss: 0.5 }, Epoch { loss: 0.25 }];
    let best = v.iter().min_by(|a, b| a.loss.partial_cmp(b.loss).unwrap()).unwrap();
    println!("{}", best.loss);
}
""",
        rejects("E0308"),
    ),
    "push_a_borrow_onto_a_field_of_values": (
        """\
struct Weights {
    weights: Vec<f64>,
}
impl Weights {
    fn push(&mut self, w: f64) {
        self.weights.push(&w);
    }
}
fn main() {
    let mut x = Weights { weights: Vec::new() };
    x.push(1.0);
    println!("{:?}", x.weights);
}
""",
        rejects("E0308"),
    ),
    "push_a_borrow_onto_a_vec_of_strings": (
        """\
fn main() {
    let mut words: Vec<String> = Vec::new();
    let w = String::from("ab");
    words.push(&w);
    println!("{:?}", words);
}
""",
        rejects("E0308"),
    ),
    "push_borrows_onto_vecs_of_references": (
        """\
fn main() {
    let mut refs: Vec<&String> = Vec::new();
    let w = String::from("ab");
    refs.push(&w);
    let mut any = Vec::new();
    any.push(&w);
    println!("{:?} {:?}", refs, any);
}
""",
        runs('["ab"] ["ab"]\n', 0),
    ),
    "assign_while_pushed_borrow_lives": (
        """\
fn main() {
    let mut i = 0;
    let mut evens = Vec::new();
    while i < 10 {
        i += 1;
        if i % 2 == 1 {
            continue;
        }
        evens.push(&i);
    }
    println!("{evens:?}");
}
""",
        rejects("E0506"),
    ),
    "assign_to_a_field_while_borrowed": (
        """\
fn main() {
    let mut pair = (1, 2);
    let copy = &pair;
    pair.0 = 99;
    println!("{:?} {:?}", copy, pair);
}
""",
        rejects("E0506"),
    ),
    "assign_after_the_borrows_last_use": (
        """\
fn main() {
    let mut a = [1, 2, 3];
    let b = &a;
    println!("{:?}", b);
    a[0] = 10;
    let mut x = 5;
    let r = &x;
    x = *r + 1;
    let mut v = Vec::new();
    for k in 0..3 {
        let mut y = k;
        y += 1;
        v.push(y);
    }
    let mut s = String::from("a");
    let mut names = Vec::new();
    names.push(&s);
    println!("{:?} {:?} {}", names, v, x);
    s = String::from("b");
    println!("{} {:?}", s, a);
}
""",
        runs('[1, 2, 3]\n["a"] [1, 2, 3] 6\nb [10, 2, 3]\n', 0),
    ),
    "add_assign_a_borrowed_string_to_one_not_mut": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let s = String::new();
    for n in names.iter() {
        s += n;
    }
    println!("{}", s);
}
""",
        rejects("E0596"),
    ),
    "add_assign_to_a_number_not_mut": (
        """\
fn main() {
    let c = 0;
    c += 1;
    println!("{}", c);
}
""",
        rejects("E0384"),
    ),
    "add_assign_to_an_argument_not_mut": (
        """\
fn bump(n: i32) -> i32 {
    n += 1;
    n
}
fn main() {
    println!("{}", bump(1));
}
""",
        rejects("E0384"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
