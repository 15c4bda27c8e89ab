"""Programs on which pbpit must give rustc's verdict, found by the differential against rustc
on the generated programs (`tools/rustc_differential.py --source gen`, issue 26): a value given
where a function's parameter is written `&T` is rustc's E0308 also when the value comes from a
method of the program's own (`Dev::flex().autodiff()`, `Cfg::new(3).init(2)`) or is a `clone()`
of a value (in parentheses or not), reported before any move; and their twins rustc runs
(a borrow of such a value; a method's written `&` result; `&s.clone()`). Also an element
moved out of the `Vec` a method of the program's own returns (`parts[0] * t`, `let j = all[0];`):
rustc's E0507, as for any `Vec` of values; a `Vec` of references, or of a generic `impl`'s `T`
(which may be one), gives copies. And `t * &u` of a struct with two impls of `Mul` (`Mul<T>`,
`Mul<f32>`), none for `&T`: rustc's E0277, not the E0308 of one impl.
A captured variable moved inside the closure an iterator's `map` or `for_each` calls again and
again: rustc's E0507 (a clone in it, a closure param moved, `Option::map`'s once: they run).
`o.as_ref().map(|b| b.clone()).unwrap()` of an `Option` of values is a value: moved, then used,
rustc's E0382 (of an `Option<&String>`, a copied reference: it runs).
A `&Tn` parameter given to a method of the program's own whose parameter is written `Tn`
(`l.forward(x)`): rustc's E0308 (its clone runs).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021`, its binary run): `rejects(code)`
is the first error code rustc reports, `runs(stdout)` what its binary printed. Where rustc is on
PATH, a slow test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests


def _variant(text: str, old: str, new: str) -> str:
    """TEXT with its one `old` made `new`."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


_CFG_INIT = """\
struct Cfg {
    n: usize,
}
struct Lin {
    n: usize,
}
impl Cfg {
    fn new(n: usize) -> Self {
        Cfg { n }
    }
    fn init(&self, scale: usize) -> Lin {
        Lin { n: self.n * scale }
    }
}
fn width(l: &Lin) -> usize {
    l.n
}
fn main() {
    let linear = Cfg::new(3).init(2);
    println!("{}", width(&linear));
    println!("{}", width(&Cfg::new(4).init(3)));
}
"""
"""A config's `init` chain borrowed for a `&` parameter (it runs): the base of its twin below."""

_DEV_CHAIN = """\
struct Dev;
impl Dev {
    fn flex() -> Dev {
        Dev
    }
    fn autodiff(self) -> Dev {
        self
    }
}
fn takes(_device: &Dev) {
    println!("took");
}
fn main() {
    let device = Dev::flex().autodiff();
    takes(&device);
    takes(&device);
}
"""
"""A device made by a method chain, borrowed for a `&` parameter: the base of its twin below."""

_PARTS_MOVED = """\
#[derive(Clone, Debug)]
struct T(f32);
impl std::ops::Mul for T {
    type Output = T;
    fn mul(self, o: T) -> T {
        T(self.0 * o.0)
    }
}
impl T {
    fn chunk(self, n: usize) -> Vec<T> {
        (0..n).map(|_| T(self.0)).collect()
    }
}
fn main() {
    let h = T(1.0);
    let parts = h.chunk(2);
    let t = parts[0] * T(2.0);
    println!("{:?}", t);
}
"""
"""An element moved out of the `Vec` a method of the program's own returns (E0507): the base
of its clone's twin below."""

_MUL_BY_REF = """\
#[derive(Clone, Debug)]
struct T(f32);
impl std::ops::Mul for T {
    type Output = T;
    fn mul(self, o: T) -> T {
        T(self.0 * o.0)
    }
}
impl std::ops::Mul<f32> for T {
    type Output = T;
    fn mul(self, k: f32) -> T {
        T(self.0 * k)
    }
}
fn main() {
    let ws = vec![T(1.0), T(2.0)];
    let h = T(3.0);
    let v: Vec<T> = ws.iter().map(|v| h.clone() * v).collect();
    println!("{:?}", v);
}
"""
"""`T * &T` of a `T` with impls `Mul<T>` and `Mul<f32>` (E0277): the base of the `Mul` cases
below."""

_LIN_FORWARD = """\
#[derive(Clone, Debug)]
struct Tn(f32);
struct Lin {
    w: f32,
}
impl Lin {
    fn forward(&self, x: Tn) -> Tn {
        Tn(x.0 * self.w)
    }
}
fn encode(x: &Tn, l: &Lin) -> Tn {
    l.forward(x)
}
fn main() {
    println!("{:?}", encode(&Tn(2.0), &Lin { w: 3.0 }));
}
"""
"""A `&Tn` parameter given to a method of the program's own taking `Tn` (E0308): the base of its
clone's twin below."""

CASES = {
    "borrowed_clone_and_returned_reference_for_ref_param": (
        """\
struct Hold {
    s: String,
}
impl Hold {
    fn pick<'a>(&self, other: &'a String) -> &'a String {
        other
    }
}
fn f(x: &String) -> usize {
    x.len()
}
fn main() {
    let h = Hold { s: String::from("xyz") };
    let s = String::from("ab");
    println!("{}", f((&s.clone())));
    println!("{}", f(h.pick(&s)));
    println!("{}", f(&h.s.clone()));
}
""",
        runs("2\n2\n3\n"),
    ),
    "config_init_chain_borrowed_for_ref_param": (
        _CFG_INIT,
        runs("6\n12\n"),
    ),
    "field_clone_for_ref_param": (
        """\
struct P {
    name: String,
}
fn size(s: &String) -> usize {
    s.len()
}
fn main() {
    let p = P { name: String::from("abc") };
    println!("{}", size(p.name.clone()));
}
""",
        rejects("E0308"),
    ),
    "method_chain_value_borrowed_for_ref_param": (
        _DEV_CHAIN,
        runs("took\ntook\n"),
    ),
    "number_from_own_method_for_ref_param": (
        """\
struct P {
    x: f32,
}
impl P {
    fn norm(&self) -> f32 {
        self.x.abs()
    }
}
fn show(v: &f32) {
    println!("{v}");
}
fn main() {
    let p = P { x: -2.0 };
    show(p.norm());
}
""",
        rejects("E0308"),
    ),
    "parenthesized_clone_for_ref_param": (
        """\
fn f(x: &String) -> usize {
    x.len()
}
fn main() {
    let s = String::from("ab");
    println!("{}", f((s.clone())));
}
""",
        rejects("E0308"),
    ),
    "struct_from_config_init_chain_for_ref_param": (
        _variant(
            _CFG_INIT,
            (
                '    println!("{}", width(&linear));\n'
                '    println!("{}", width(&Cfg::new(4).init(3)));\n'
            ),
            '    println!("{}", width(linear));\n',
        ),
        rejects("E0308"),
    ),
    "value_from_method_chain_for_ref_param_then_borrowed": (
        _variant(
            _variant(
                _DEV_CHAIN,
                'fn takes(_device: &Dev) {\n    println!("took");\n}\n',
                "fn takes(_device: &Dev) {}\n",
            ),
            "    takes(&device);\n    takes(&device);\n",
            "    takes(device);\n    takes(&device);\n",
        ),
        rejects("E0308"),
    ),
    "vec_clone_for_ref_param": (
        """\
fn f(x: &Vec<i32>) -> usize {
    x.len()
}
fn main() {
    let v = vec![1, 2, 3];
    let n = f(v.clone());
    println!("{n}");
}
""",
        rejects("E0308"),
    ),
    "element_of_own_methods_vec_cloned_for_operator": (
        _variant(
            _variant(
                _PARTS_MOVED,
                "let h = T(1.0);",
                "let h = T(1.5);",
            ),
            '    let t = parts[0] * T(2.0);\n    println!("{:?}", t);\n',
            '    let t = parts[0].clone() * T(2.0);\n    println!("{:?} {}", t, parts.len());\n',
        ),
        runs("T(3.0) 2\n"),
    ),
    "element_of_own_methods_vec_moved_by_let": (
        """\
#[derive(Debug)]
struct Job {
    name: String,
}
struct Queue {
    n: usize,
}
impl Queue {
    fn jobs(&self) -> Vec<Job> {
        (0..self.n).map(|i| Job { name: format!("j{i}") }).collect()
    }
}
fn main() {
    let q = Queue { n: 2 };
    let all = q.jobs();
    let first = all[0];
    println!("{:?}", first);
}
""",
        rejects("E0507"),
    ),
    "element_of_own_methods_vec_moved_by_operator": (
        _PARTS_MOVED,
        rejects("E0507"),
    ),
    "element_of_own_methods_vec_of_references_copied": (
        """\
struct Names {
    all: Vec<String>,
}
impl Names {
    fn views<'a>(&'a self) -> Vec<&'a String> {
        self.all.iter().collect()
    }
}
struct Stack<T> {
    items: Vec<T>,
}
impl<T: Clone> Stack<T> {
    fn copies(&self) -> Vec<T> {
        self.items.clone()
    }
}
fn main() {
    let n = Names { all: vec![String::from("a"), String::from("b")] };
    let v = n.views();
    let first = v[0];
    let s = Stack { items: vec![&n.all[1]] };
    let c = s.copies();
    let second = c[0];
    println!("{} {}", first, second);
}
""",
        runs("a b\n"),
    ),
    "add_reference_param_with_value_and_scalar_impls": (
        """\
#[derive(Clone, Debug)]
struct V(f32);
impl std::ops::Add for V {
    type Output = V;
    fn add(self, o: V) -> V {
        V(self.0 + o.0)
    }
}
impl std::ops::Add<f32> for V {
    type Output = V;
    fn add(self, k: f32) -> V {
        V(self.0 + k)
    }
}
fn bump(a: V, b: &V) -> V {
    a + b
}
fn main() {
    println!("{:?}", bump(V(1.0), &V(2.0)));
}
""",
        rejects("E0277"),
    ),
    "mul_by_cloned_item_with_value_and_scalar_impls": (
        _variant(
            _MUL_BY_REF,
            (
                "    let v: Vec<T> = ws.iter().map(|v| h.clone() * v).collect();\n"
                '    println!("{:?}", v);\n'
            ),
            (
                "    let v: Vec<T> = ws.iter().map(|v| h.clone() * v.clone()).collect();\n"
                "    let w: Vec<T> = ws.iter().map(|v| v.clone() * 0.5).collect();\n"
                '    println!("{:?} {:?}", v, w);\n'
            ),
        ),
        runs("[T(3.0), T(6.0)] [T(0.5), T(1.0)]\n"),
    ),
    "mul_by_item_reference_with_scalar_impl_only": (
        _variant(
            _MUL_BY_REF,
            (
                "impl std::ops::Mul for T {\n"
                "    type Output = T;\n"
                "    fn mul(self, o: T) -> T {\n"
                "        T(self.0 * o.0)\n"
                "    }\n"
                "}\n"
            ),
            "",
        ),
        rejects("E0308"),
    ),
    "mul_by_item_reference_with_value_and_scalar_impls": (
        _MUL_BY_REF,
        rejects("E0277"),
    ),
    "captured_string_moved_by_let_in_for_each": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let tag = String::from("x");
    names.iter().for_each(|n| {
        let t = tag;
        println!("{n}{t}");
    });
}
""",
        rejects("E0507"),
    ),
    "captured_value_moved_by_operator_in_map": (
        """\
#[derive(Clone, Debug)]
struct T(f32);
impl std::ops::Mul for T {
    type Output = T;
    fn mul(self, o: T) -> T {
        T(self.0 * o.0)
    }
}
fn main() {
    let h = T(1.0);
    let w = T(2.0);
    let v: Vec<T> = (0..2).map(|k| h * w.clone()).collect();
    println!("{:?}", v);
}
""",
        rejects("E0507"),
    ),
    "captured_value_moved_into_call_in_map": (
        """\
#[derive(Clone, Debug)]
struct T(f32);
fn eat(t: T) -> T {
    t
}
fn main() {
    let h = T(1.0);
    let v: Vec<T> = (0..2).map(|_k| eat(h)).collect();
    println!("{:?}", v);
}
""",
        rejects("E0507"),
    ),
    "captured_values_cloned_in_map_moved_once_elsewhere": (
        """\
#[derive(Clone, Debug)]
struct T(f32);
impl std::ops::Mul for T {
    type Output = T;
    fn mul(self, o: T) -> T {
        T(self.0 * o.0)
    }
}
fn eat(t: T) -> T {
    t
}
fn main() {
    let h = T(1.5);
    let w = T(2.0);
    let v: Vec<T> = (0..2).map(|_k| h.clone() * w.clone()).collect();
    let u: Vec<T> = v.into_iter().map(|x| x * w.clone()).collect();
    let o = Some(3).map(|_n| eat(h));
    let tag = String::from("x");
    let once = move || tag;
    println!("{:?} {:?} {}", u, o, once());
}
""",
        runs("[T(6.0), T(6.0)] Some(T(1.5)) x\n"),
    ),
    "option_as_ref_map_clone_unwrap_moved_then_used": (
        """\
#[derive(Clone, Debug)]
struct T(f32);
fn main() {
    let o: Option<T> = Some(T(1.0));
    let b = o.as_ref().map(|b| b.clone()).unwrap();
    let _moved = b;
    println!("{:?}", b);
}
""",
        rejects("E0382"),
    ),
    "option_of_reference_as_ref_map_clone_copied": (
        """\
fn main() {
    let s = String::from("run");
    let o: Option<&String> = Some(&s);
    let name = o.as_ref().map(|s| s.clone()).unwrap();
    let kept = name;
    let p = Some(String::from("b"));
    let q = p.as_ref().map(|s| s.clone()).unwrap();
    let r = q.clone();
    println!("{} {} {} {:?}", kept, name, r, p);
}
""",
        runs('run run b Some("b")\n'),
    ),
    "option_string_as_ref_map_clone_moved_then_used": (
        """\
fn main() {
    let o = Some(String::from("run"));
    let name = o.as_ref().map(|s| s.clone()).unwrap();
    let kept = name;
    println!("{} {}", kept, name);
}
""",
        rejects("E0382"),
    ),
    "reference_param_cloned_for_own_methods_value_param": (
        _variant(
            _variant(
                _LIN_FORWARD,
                "        Tn(x.0 * self.w)\n    }\n",
                (
                    "        Tn(x.0 * self.w)\n"
                    "    }\n"
                    "    fn peek(&self, x: &Tn) -> f32 {\n"
                    "        x.0 + self.w\n"
                    "    }\n"
                ),
            ),
            "    l.forward(x)\n",
            '    println!("{}", l.peek(x));\n    l.forward(x.clone())\n',
        ),
        runs("5\nTn(6.0)\n"),
    ),
    "reference_param_for_own_methods_value_param": (
        _LIN_FORWARD,
        rejects("E0308"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
