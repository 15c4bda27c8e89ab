"""Programs rustc accepts that pbpit refused or rejected with a false error (issue 26, the
held-out measurement of session 22: its F01-F04, U02-U14, L02, L03), each with rustc 1.95's
verdict recorded beside it, and twins written after the fix that differ in their structure
(names, helpers, a struct's field or a local, the type of the values); with the programs rustc
rejects that the fixes must not let run.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, ..)` what its binary printed. Where rustc is on PATH, a slow test checks that the
recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "f01_a43_recursive_enum_eq_and_get_mut": (
        """\
use std::collections::HashMap;
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Num(f64),
    Text(String),
    List(Vec<Value>),
}
impl Value {
    fn describe(&self) -> String {
        match self {
            Value::Num(n) if n.fract() == 0.0 => format!("int {}", *n as i64),
            Value::Num(n) => format!("float {}", n),
            Value::Text(s) => format!("text '{}' ({} chars)", s, s.chars().count()),
            Value::List(items) => format!(
                "list[{}]",
                items
                    .iter()
                    .map(|v| v.describe())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        }
    }
}
fn main() {
    let mut env: HashMap<&str, Value> = HashMap::new();
    env.insert("a", Value::Num(3.0));
    env.insert("b", Value::Text("héllo".to_string()));
    env.insert(
        "c",
        Value::List(vec![Value::Num(0.5), Value::Text("x".into())]),
    );
    let mut ks: Vec<_> = env.keys().collect();
    ks.sort();
    for k in ks {
        println!("{} -> {}", k, env[k].describe());
    }
    if let Some(Value::List(items)) = env.get_mut("c") {
        items.push(Value::Num(2.0));
    }
    println!("{}", env["c"].describe());
    println!("{}", env["a"] == Value::Num(3.0));
}
""",
        runs(
            "a -> int 3\n"
            "b -> text 'héllo' (5 chars)\n"
            "c -> list[float 0.5; text 'x' (1 chars)]\n"
            "list[float 0.5; text 'x' (1 chars); int 2]\n"
            "true\n"
        ),
    ),
    "f01_if_let_enum_payload_of_get_mut": (
        """\
use std::collections::HashMap;
#[derive(Debug)]
enum V {
    Num(f64),
    List(Vec<i32>),
}
fn main() {
    let mut env: HashMap<&str, V> = HashMap::new();
    env.insert("c", V::List(vec![1]));
    env.insert("a", V::Num(1.0));
    if let Some(V::List(items)) = env.get_mut("c") {
        items.push(2);
    }
    println!("{:?}", env["c"]);
}
""",
        runs("List([1, 2])\n"),
    ),
    "f01_if_let_some_of_mut_element_methods": (
        """\
fn main() {
    let mut groups: Vec<Vec<i32>> = vec![vec![3], vec![1, 1]];
    if let Some(g) = groups.iter_mut().max_by_key(|g| g.len()) {
        g.clear();
    }
    if let Some(g) = groups.last_mut() {
        g.push(5);
    }
    if let Some(g) = groups.first_mut() {
        g[0] = 42;
    }
    println!("{:?}", groups);
}
""",
        runs("[[42], [5]]\n"),
    ),
    "f01_rej_enum_payload_of_get_pushed": (
        """\
use std::collections::HashMap;
enum V {
    L(Vec<i32>),
}
fn main() {
    let mut env: HashMap<&str, V> = HashMap::new();
    env.insert("c", V::L(vec![1]));
    if let Some(V::L(items)) = env.get("c") {
        items.push(2);
    }
}
""",
        rejects("E0596"),
    ),
    "f01_rej_map_used_while_payload_lent": (
        """\
use std::collections::HashMap;
enum V {
    L(Vec<i32>),
}
fn main() {
    let mut env: HashMap<&str, V> = HashMap::new();
    env.insert("c", V::L(vec![1]));
    if let Some(V::L(items)) = env.get_mut("c") {
        println!("{}", env.len());
        items.push(2);
    }
}
""",
        rejects("E0502"),
    ),
    "f01_rej_vec_pushed_while_max_lent": (
        """\
fn main() {
    let mut groups: Vec<Vec<i32>> = vec![vec![3], vec![1, 1]];
    if let Some(g) = groups.iter_mut().max_by_key(|g| g.len()) {
        groups.push(vec![]);
        g.push(9);
    }
}
""",
        rejects("E0499"),
    ),
    "f01_rej_vec_read_in_match_of_iter_mut_item": (
        """\
enum Tok {
    List(Vec<i64>),
}
fn main() {
    let mut toks = vec![Tok::List(vec![1])];
    for t in toks.iter_mut() {
        match t {
            Tok::List(l) => {
                l.push(2);
                toks.len();
            }
        }
    }
}
""",
        rejects("E0502"),
    ),
    "f02_closure_mut_param": (
        """\
fn main() {
    let halve = |mut n: u32| -> u32 {
        let mut k = 0;
        while n > 1 {
            n /= 2;
            k += 1;
        }
        k
    };
    println!("{}", halve(40));
}
""",
        runs("5\n"),
    ),
    "f02_closure_mut_params_typed_and_not": (
        """\
fn apply<F: Fn(Vec<f32>) -> Vec<f32>>(f: F, v: Vec<f32>) -> Vec<f32> {
    f(v)
}
fn main() {
    let digits = |mut x: u64| {
        let mut n = 0;
        loop {
            n += 1;
            x /= 10;
            if x == 0 {
                break n;
            }
        }
    };
    println!("{} {}", digits(0), digits(98765));
    let doubled = apply(
        |mut v: Vec<f32>| {
            v.push(1.0);
            for x in v.iter_mut() {
                *x *= 2.0;
            }
            v
        },
        vec![0.5],
    );
    println!("{:?}", doubled);
    let steps: Vec<u32> = (1..6u32)
        .map(|mut k| {
            let mut s = 0;
            while k != 1 {
                k = if k % 2 == 0 { k / 2 } else { 3 * k + 1 };
                s += 1;
            }
            s
        })
        .collect();
    println!("{:?}", steps);
    let total = vec![3, 4].into_iter().fold(0, |mut acc, x| {
        acc += x * x;
        acc
    });
    println!("{}", total);
    let mut names = vec!["b".to_string(), "a".to_string()];
    names.iter_mut().for_each(|s| s.push('!'));
    let shout = |mut s: String, n: usize| -> String {
        for _ in 0..n {
            s.push_str("?");
        }
        s
    };
    println!("{:?} {}", names, shout(names[1].clone(), 2));
}
""",
        runs('1 5\n[1.0, 2.0]\n[0, 1, 7, 2, 5]\n25\n["b!", "a!"] a!??\n'),
    ),
    "f02_rej_closure_param_not_mut": (
        """\
fn main() {
    let count = |n: u32| {
        let mut c = 0;
        while n > 0 {
            n /= 2;
            c += 1;
        }
        c
    };
    println!("{}", count(8));
}
""",
        rejects("E0384"),
    ),
    "f03_rej_field_write_through_iter_find": (
        """\
struct P {
    x: f32,
}
fn main() {
    let mut items = vec![P { x: 1.0 }, P { x: 2.0 }];
    let p = items.iter().find(|p| p.x > 1.5).unwrap();
    p.x = 0.0;
}
""",
        rejects("E0594"),
    ),
    "f03_rej_vec_pushed_while_found_lent": (
        """\
struct P {
    x: f32,
}
fn main() {
    let mut items = vec![P { x: 1.0 }, P { x: 2.0 }];
    let p = items.iter_mut().find(|p| p.x > 1.5).unwrap();
    items.push(P { x: 0.5 });
    p.x = 0.0;
    println!("{}", items.len());
}
""",
        rejects("E0499"),
    ),
    "f03_rej_vec_read_while_found_lent": (
        """\
struct P {
    x: f32,
}
fn main() {
    let mut items = vec![P { x: 1.0 }, P { x: 2.0 }];
    let p = items.iter_mut().find(|p| p.x > 1.5).unwrap();
    println!("{}", items[0].x);
    p.x = 0.0;
}
""",
        rejects("E0502"),
    ),
    "f04_rej_sort_of_slice_of_immutable": (
        """\
fn main() {
    let m = vec![3, 1, 2, 9];
    m[1..].sort();
    println!("{:?}", m);
}
""",
        rejects("E0596"),
    ),
    "f04_str_and_vec_slice_methods": (
        """\
fn tail_sum(xs: &[f64]) -> f64 {
    xs[1..].iter().sum()
}
fn label(line: &str) -> (String, i32) {
    let name = line[..3].trim().to_uppercase();
    let n = line[4..].trim().parse::<i32>().unwrap_or(-1);
    (name, n)
}
fn main() {
    let v = vec![1.0, 2.5, 4.0, 0.5];
    println!(
        "{} {:?} {}",
        tail_sum(&v),
        v[..2].to_vec(),
        v[1..].contains(&4.0)
    );
    println!(
        "{:?} {:?}",
        v[1..].first(),
        v[..3].windows(2).map(|w| w[1] - w[0]).collect::<Vec<_>>()
    );
    let words = vec!["a", "b", "c"];
    println!("{}", words[1..].join("-"));
    for line in ["ab  12", "xyz 7", "q   x"] {
        println!("{:?}", label(line));
    }
    let code = String::from("id=0042");
    let id: u32 = code[3..].parse().expect("number");
    let starts = code[..2].starts_with('i');
    let upper = code[..2].to_ascii_uppercase();
    println!(
        "{} {} {} {}",
        id,
        starts,
        upper,
        code[3..].chars().rev().collect::<String>()
    );
    let mut m = vec![3, 1, 2, 9];
    m[1..].sort();
    println!("{:?} {}", m, m[2..].len());
}
""",
        runs(
            "7 [1.0, 2.5] true\n"
            "Some(2.5) [1.5, 1.5]\n"
            "b-c\n"
            '("AB", 12)\n'
            '("XYZ", 7)\n'
            '("Q", -1)\n'
            "42 true ID 2400\n"
            "[3, 1, 2, 9] 2\n"
        ),
    ),
    "f04_str_slice_parse_in_guarded_arm": (
        """\
fn count(kind: &str) -> u32 {
    match kind {
        k if k.starts_with("cow") => k[3..].parse().unwrap_or(1),
        _ => 0,
    }
}
fn main() {
    println!("{} {}", count("cow3"), count("dog"));
}
""",
        runs("3 0\n"),
    ),
    "l02_c14_peek_of_flatten": (
        """\
fn main() {
    let v = vec![1.5f32, 2.5, 3.5];
    let s: Vec<String> = v
        .iter()
        .enumerate()
        .map(|(i, x)| format!("{i}:{x:>5.1}"))
        .collect();
    println!("{}", s.join("|"));
    let total = v.iter().fold(0.0, |a, b| a + b);
    let label = match total {
        t if t > 7.0 => "high",
        t if t > 3.0 => "mid",
        _ => "low",
    };
    println!("{} {}", total, label);
    let nested = vec![vec![1, 2, 3], vec![4, 5]];
    let flat_sum: i32 = nested.iter().map(|r| r.iter().sum::<i32>()).sum();
    let maxlen = nested.iter().map(|r| r.len()).max().unwrap_or(0);
    println!("{} {}", flat_sum, maxlen);
    let mut it = nested.iter().flatten().peekable();
    while let Some(x) = it.next() {
        if let Some(&&nx) = it.peek() {
            print!("{}<{} ", x, nx);
        }
    }
    println!();
}
""",
        runs("0:  1.5|1:  2.5|2:  3.5\n7.5 high\n15 3\n1<2 2<3 3<4 4<5 \n"),
    ),
    "l02_flatten_of_iter_reference_patterns": (
        """\
fn main() {
    let v = vec![vec![1, 5], vec![], vec![3]];
    if let Some(&x) = v.iter().flatten().max() {
        println!("max {}", x);
    }
    let mut it = v.iter().flatten().peekable();
    while let Some(&a) = it.next() {
        if let Some(&&b) = it.peek() {
            print!("{}<{} ", a, b);
        }
    }
    println!();
    let opts = vec![Some(2.5f32), None, Some(1.0)];
    let mut o = opts.iter().flatten();
    if let Some(&first) = o.next() {
        println!("{}", first);
    }
}
""",
        runs("max 5\n1<5 5<3 \n2.5\n"),
    ),
    "l02_peek_double_ref_pattern": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut it = v.iter().peekable();
    while let Some(x) = it.next() {
        if let Some(&&nx) = it.peek() {
            print!("{}<{} ", x, nx);
        }
    }
    println!();
}
""",
        runs("1<2 2<3 \n"),
    ),
    "l03_impl_iter_sum": (
        """\
#[derive(Clone, Copy, Debug)]
struct M {
    c: i64,
}
impl std::iter::Sum for M {
    fn sum<I: Iterator<Item = M>>(it: I) -> M {
        M {
            c: it.map(|m| m.c).sum(),
        }
    }
}
fn main() {
    let t: M = [M { c: 1 }, M { c: 2 }].iter().copied().sum();
    println!("{:?}", t);
}
""",
        runs("M { c: 3 }\n"),
    ),
    "l03_rej_sum_of_references_without_impl": (
        """\
#[derive(Debug, Clone, Copy)]
struct M(i64);
impl std::iter::Sum for M {
    fn sum<I: Iterator<Item = M>>(it: I) -> M {
        M(it.map(|m| m.0).sum())
    }
}
fn main() {
    let v = vec![M(1), M(2)];
    let t: M = v.iter().sum();
    println!("{:?}", t);
}
""",
        rejects("E0277"),
    ),
    "u02_from_str_radix": (
        """\
fn main() {
    println!("{}", i32::from_str_radix("-ff", 16).unwrap());
}
""",
        runs("-255\n"),
    ),
    "u02_from_str_radix_radix_panic": (
        """\
fn digits(s: &str, radix: u32) -> i64 {
    i64::from_str_radix(s, radix).unwrap_or(-1)
}
fn main() {
    for r in (0..3).rev() {
        println!("{}", digits("10", r));
    }
}
""",
        runs(
            "2\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at /rustc/59807616e1fa2540724bfbac14d7976"
                "d7e4a3860/library/core/src/num/mod.rs:1801:1:\n"
                "from_ascii_radix: radix must lie in the range `[2, 36]` - found 1\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a ba"
                "cktrace\n"
            ),
        ),
    ),
    "u02_rej_from_str_radix_of_string": (
        """\
fn main() {
    let t = String::from("ff");
    println!("{:?}", u32::from_str_radix(t, 16));
}
""",
        rejects("E0308"),
    ),
    "u03_derive_ord_cmp": (
        """\
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum S {
    A,
    B,
    C,
}
fn main() {
    let mut v = vec![S::A, S::C, S::B];
    v.sort_by(|a, b| b.cmp(a));
    println!("{:?}", v);
}
""",
        runs("[C, B, A]\n"),
    ),
    "u03_derived_cmp_struct_and_enum": (
        """\
use std::cmp::Ordering;
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Version {
    major: u32,
    minor: u32,
    tag: String,
}
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
enum Grade {
    Low(f32),
    Mid,
    High { score: f64 },
}
fn newest(vs: &[Version]) -> Version {
    let mut best = vs[0].clone();
    for v in vs.iter() {
        if v.cmp(&best) == Ordering::Greater {
            best = v.clone();
        }
    }
    best
}
fn main() {
    let mut vs = vec![
        Version {
            major: 1,
            minor: 2,
            tag: "b".to_string(),
        },
        Version {
            major: 1,
            minor: 2,
            tag: "a".to_string(),
        },
        Version {
            major: 0,
            minor: 9,
            tag: "z".to_string(),
        },
    ];
    println!("{:?}", newest(&vs));
    vs.sort_by(|a, b| a.cmp(b));
    println!("{:?}", vs);
    vs.sort_by(|a, b| b.cmp(a).then_with(|| a.tag.cmp(&b.tag)));
    println!(
        "{:?}",
        vs.iter().map(|v| v.tag.as_str()).collect::<Vec<_>>()
    );
    let a = vs[0].clone();
    let b = vs[2].clone();
    println!("{} {} {} {}", a.lt(&b), a.ge(&b), a.eq(&b), a.ne(&b));
    let m = a.clone().max(b.clone());
    let n = a.min(b);
    println!("{:?} {:?}", m.tag, n.tag);
    let gs = [
        Grade::Mid,
        Grade::Low(0.5),
        Grade::High { score: 2.0 },
        Grade::Low(f32::NAN),
    ];
    for g in gs.iter() {
        println!(
            "{:?} {:?} {}",
            g,
            g.partial_cmp(&Grade::Mid),
            g.gt(&Grade::Low(0.1))
        );
    }
    println!("{:?}", Grade::Low(1.0).partial_cmp(&Grade::Low(f32::NAN)));
    let best = gs
        .iter()
        .filter(|g| **g != Grade::Low(f32::NAN))
        .max_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
    println!("{:?}", best);
}
""",
        runs(
            'Version { major: 1, minor: 2, tag: "b" }\n'
            '[Version { major: 0, minor: 9, tag: "z" }, Version { major: 1, minor: '
            '2, tag: "a" }, Version { major: 1, minor: 2, tag: "b" }]\n'
            '["b", "a", "z"]\n'
            "false true false true\n"
            '"b" "z"\n'
            "Mid Some(Equal) true\n"
            "Low(0.5) Some(Less) true\n"
            "High { score: 2.0 } Some(Greater) true\n"
            "Low(NaN) Some(Less) false\n"
            "None\n"
            "Some(High { score: 2.0 })\n"
        ),
    ),
    "u03_derived_cmp_tuple_struct_queue": (
        """\
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Priority {
    Low,
    High,
    Urgent,
}
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Task(Priority, u32);
struct Queue {
    tasks: Vec<Task>,
}
impl Queue {
    fn pop_top(&mut self) -> Option<Task> {
        if self.tasks.is_empty() {
            return None;
        }
        let mut idx = 0;
        for i in 1..self.tasks.len() {
            if self.tasks[i].cmp(&self.tasks[idx]).is_gt() {
                idx = i;
            }
        }
        Some(self.tasks.remove(idx))
    }
}
fn main() {
    let mut q = Queue {
        tasks: vec![
            Task(Priority::High, 3),
            Task(Priority::Urgent, 1),
            Task(Priority::High, 7),
            Task(Priority::Low, 9),
        ],
    };
    while let Some(t) = q.pop_top() {
        println!("{:?} {}", t, t.0 as i32);
    }
    let p = Priority::Low.max(Priority::High);
    println!("{:?} {:?}", p, Priority::Urgent.min(Priority::High));
    println!("{:?}", Priority::High.cmp(&Priority::High));
    let mut ps = vec![Priority::Urgent, Priority::Low, Priority::High];
    ps.sort_by(|x, y| y.partial_cmp(x).unwrap());
    println!("{:?}", ps);
}
""",
        runs(
            "Task(Urgent, 1) 2\n"
            "Task(High, 7) 1\n"
            "Task(High, 3) 1\n"
            "Task(Low, 9) 0\n"
            "High High\n"
            "Equal\n"
            "[Urgent, High, Low]\n"
        ),
    ),
    "u03_rej_cmp_of_partial_ord_only": (
        """\
#[derive(Debug, PartialEq, PartialOrd)]
struct Loss(f32);
fn main() {
    let mut v = vec![Loss(0.3), Loss(0.1)];
    v.sort_by(|a, b| a.cmp(b));
    println!("{:?}", v);
}
""",
        rejects("E0599"),
    ),
    "u03_rej_derived_max_moves_argument": (
        """\
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Id(u32);
fn main() {
    let a = Id(3);
    let b = Id(4);
    let m = a.max(b);
    println!("{:?} {:?}", m, b);
}
""",
        rejects("E0382"),
    ),
    "u03_rej_derived_max_moves_receiver": (
        """\
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Id(u32);
fn main() {
    let a = Id(3);
    let b = Id(4);
    let m = a.max(b);
    println!("{:?} {:?}", m, a);
}
""",
        rejects("E0382"),
    ),
    "u03_rej_derived_min_of_reference": (
        """\
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct V {
    major: u32,
}
fn main() {
    let a = V { major: 1 };
    let b = V { major: 2 };
    let n = a.min(&b);
    println!("{:?}", n);
}
""",
        rejects("E0308"),
    ),
    "u04_get_mut_literal_key_iter_mut_zip": (
        """\
use std::collections::HashMap;
fn main() {
    let mut p: HashMap<&str, Vec<f32>> = HashMap::new();
    p.insert("w", vec![1.0, 2.0]);
    let g = vec![0.5, 0.5];
    if let Some(v) = p.get_mut("w") {
        for (a, b) in v.iter_mut().zip(g.iter()) {
            *a -= b;
        }
    }
    println!("{:?}", p["w"]);
}
""",
        runs("[0.5, 1.5]\n"),
    ),
    "u05_rej_array_too_short_for_rest": (
        """\
fn main() {
    let a = [1, 2];
    let [x, y, .., z] = a;
    println!("{} {} {}", x, y, z);
}
""",
        rejects("E0528"),
    ),
    "u05_rej_rest_let_of_borrowed_array_returned": (
        """\
fn f(t: [f32; 3]) -> f32 {
    let [a, .., c] = &t;
    a
}
fn main() {
    println!("{}", f([1.0, 2.0, 3.0]));
}
""",
        rejects("E0308"),
    ),
    "u05_rest_in_array_let": (
        """\
fn main() {
    let a = [1, 2, 3, 4];
    let [x, .., z] = a;
    println!("{} {}", x, z);
}
""",
        runs("1 4\n"),
    ),
    "u05_rest_let_of_borrowed_array": (
        """\
fn f(t: [f32; 3]) -> f32 {
    let [a, .., c] = &t;
    *a + c + a * 2.0
}
fn main() {
    let names = ["x".to_string(), "yy".to_string()];
    let [first, ..] = &names;
    println!("{} {} {}", f([1.0, 2.0, 3.0]), first.len(), first);
    let [head, rest @ ..] = &[1, 2, 3];
    println!("{} {:?} {}", head, rest, rest.len());
}
""",
        runs("6 1 x\n1 [2, 3] 2\n"),
    ),
    "u06_option_into_iter_chain": (
        """\
fn main() {
    let a: Option<f64> = Some(2.0);
    let b = Some(5.0);
    println!("{:?}", a.into_iter().chain(b).reduce(f64::max));
}
""",
        runs("Some(5.0)\n"),
    ),
    "u07_char_from_digit": (
        """\
fn main() {
    println!("{}", char::from_digit(7, 10).unwrap());
}
""",
        runs("7\n"),
    ),
    "u09_derive_partial_ord": (
        """\
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Score(f32);
fn main() {
    let mut v = vec![Score(0.5), Score(0.9)];
    v.sort_by(|a, b| b.partial_cmp(a).unwrap());
    println!("{:?}", v);
}
""",
        runs("[Score(0.9), Score(0.5)]\n"),
    ),
    "u10_a59_iter_mut_max_and_fill": (
        """\
fn main() {
    let mut v = vec![1, 2, 3, 4, 5, 6];
    {
        let (left, right) = v.split_at_mut(3);
        left[0] += right[2];
        right[0] *= 10;
    }
    println!("{:?}", v);
    v.rotate_left(2);
    println!("{:?}", v);
    let s = &mut v[1..4];
    s.sort_by(|a, b| b.cmp(a));
    s[0] = -1;
    println!("{:?}", v);
    v.iter_mut().for_each(|x| *x *= 2);
    println!("{:?}", v);
    let total: i32 = v.iter().sum();
    if let Some(m) = v.iter_mut().max() {
        *m = 0;
    }
    println!("{} {:?}", total, v);
    v.swap(0, 5);
    v.fill(7);
    println!("{:?}", v);
}
""",
        runs(
            "[7, 2, 3, 40, 5, 6]\n"
            "[3, 40, 5, 6, 7, 2]\n"
            "[3, -1, 6, 5, 7, 2]\n"
            "[6, -2, 12, 10, 14, 4]\n"
            "44 [6, -2, 12, 10, 0, 4]\n"
            "[7, 7, 7, 7, 7, 7]\n"
        ),
    ),
    "u10_if_let_iter_mut_max_assign": (
        """\
fn main() {
    let mut v = vec![3, 9, 2];
    if let Some(m) = v.iter_mut().max() {
        *m = 0;
    }
    println!("{:?}", v);
}
""",
        runs("[3, 0, 2]\n"),
    ),
    "u10_rej_fill_of_immutable": (
        """\
fn main() {
    let v = vec![3, 9, 2];
    v.fill(7);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "u10_rej_iter_mut_max_of_immutable": (
        """\
fn main() {
    let v = vec![1, 2];
    if let Some(m) = v.iter_mut().max() {
        *m = 0;
    }
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "u11_a60_trait_optimizers_mut_f64": (
        """\
trait Optimizer {
    fn step(&mut self, p: &mut f64, g: f64);
    fn name(&self) -> &str;
}
struct Plain {
    lr: f64,
}
struct Momentum {
    lr: f64,
    beta: f64,
    v: f64,
}
impl Optimizer for Plain {
    fn step(&mut self, p: &mut f64, g: f64) {
        *p -= self.lr * g;
    }
    fn name(&self) -> &str {
        "sgd"
    }
}
impl Optimizer for Momentum {
    fn step(&mut self, p: &mut f64, g: f64) {
        self.v = self.beta * self.v + g;
        *p -= self.lr * self.v;
    }
    fn name(&self) -> &str {
        "momentum"
    }
}
fn train<O: Optimizer>(opt: &mut O, steps: usize) -> f64 {
    let mut x = 5.0;
    for _ in 0..steps {
        let g = 2.0 * (x - 1.0);
        opt.step(&mut x, g);
    }
    x
}
fn train_dyn(opt: &mut dyn Optimizer, steps: usize) -> f64 {
    let mut x = -3.0;
    for _ in 0..steps {
        let g = 2.0 * (x - 1.0);
        opt.step(&mut x, g);
    }
    x
}
fn main() {
    let mut a = Plain { lr: 0.1 };
    let mut b = Momentum {
        lr: 0.05,
        beta: 0.8,
        v: 0.0,
    };
    let ra = train(&mut a, 20);
    println!("{} {:.6}", a.name(), ra);
    let rb = train(&mut b, 20);
    println!("{} {:.6}", b.name(), rb);
    let mut opts: Vec<Box<dyn Optimizer>> = vec![
        Box::new(Plain { lr: 0.2 }),
        Box::new(Momentum {
            lr: 0.1,
            beta: 0.5,
            v: 0.0,
        }),
    ];
    for o in opts.iter_mut() {
        let r = train_dyn(o.as_mut(), 10);
        println!("{} {:.6}", o.name(), r);
    }
}
""",
        runs("sgd 1.046117\nmomentum 1.432642\nsgd 0.975814\nmomentum 1.130181\n"),
    ),
    "u11_owned_and_borrowed_results_in_one_println": (
        """\
struct Model {
    name: String,
    steps: u32,
}
impl Model {
    fn label(&self) -> &str {
        &self.name
    }
    fn tag(&self) -> String {
        self.name.clone()
    }
    fn bump(&mut self) -> u32 {
        self.steps += 1;
        self.steps
    }
}
fn main() {
    let mut m = Model {
        name: "mlp".to_string(),
        steps: 0,
    };
    println!("{} {}", m.tag(), m.bump());
    let l = m.label().to_string();
    println!("{} {} {}", l, m.bump(), m.label());
}
""",
        runs("mlp 1\nmlp 2 mlp\n"),
    ),
    "u11_rej_dyn_trait_mut_param_given_value": (
        """\
trait Step {
    fn step(&mut self, p: &mut f64);
}
struct S;
impl Step for S {
    fn step(&mut self, p: &mut f64) {
        *p += 1.0;
    }
}
fn run(s: &mut dyn Step) {
    let x = 2.0;
    s.step(x);
}
fn main() {
    let mut s = S;
    run(&mut s);
}
""",
        rejects("E0308"),
    ),
    "u11_rej_generic_trait_mut_param_given_ref_of_ref": (
        """\
trait Optimizer {
    fn update(&mut self, param: &mut f64, grad: f64);
    fn name(&self) -> String {
        "opt".to_string()
    }
}
struct Sgd {
    lr: f64,
}
struct Momentum {
    lr: f64,
    beta: f64,
    v: f64,
}
impl Optimizer for Sgd {
    fn update(&mut self, param: &mut f64, grad: f64) {
        *param -= self.lr * grad;
    }
}
impl Optimizer for Momentum {
    fn update(&mut self, param: &mut f64, grad: f64) {
        self.v = self.beta * self.v + grad;
        *param -= self.lr * self.v;
    }
    fn name(&self) -> String {
        format!("momentum({})", self.beta)
    }
}
trait Counter {
    fn tick(&self, n: &mut u32);
    fn reset(n: &mut u32) {
        *n = 0;
    }
}
struct By(u32);
impl Counter for By {
    fn tick(&self, n: &mut u32) {
        *n += self.0;
    }
}
fn fit<O: Optimizer>(opt: &mut O, w: &mut f64) {
    for _ in 0..3 {
        let g = 2.0 * (*w - 1.0);
        opt.update(&w, g);
    }
}
fn main() {
    let mut w = 5.0;
    let mut s = Sgd { lr: 0.25 };
    fit(&mut s, &mut w);
    println!("{:.4} {}", w, s.name());
    let mut opts: Vec<Box<dyn Optimizer>> = vec![
        Box::new(Sgd { lr: 0.1 }),
        Box::new(Momentum {
            lr: 0.1,
            beta: 0.9,
            v: 0.0,
        }),
    ];
    let mut params = vec![1.0, 1.0];
    for (i, o) in opts.iter_mut().enumerate() {
        o.update(&mut params[i], 4.0);
        o.update(&mut params[i], 4.0);
        println!("{} {:.3}", o.name(), params[i]);
    }
    let mut count = 0;
    let c = By(3);
    c.tick(&mut count);
    c.tick(&mut count);
    println!("{}", count);
    By::reset(&mut count);
    println!("{}", count);
}
""",
        rejects("E0308"),
    ),
    "u11_rej_label_borrowed_while_bumped": (
        """\
struct Model {
    name: String,
    steps: u32,
}
impl Model {
    fn label(&self) -> &str {
        &self.name
    }
    fn bump(&mut self) -> u32 {
        self.steps += 1;
        self.steps
    }
}
fn main() {
    let mut m = Model {
        name: "mlp".to_string(),
        steps: 0,
    };
    println!("{} {}", m.label(), m.bump());
}
""",
        rejects("E0502"),
    ),
    "u11_rej_name_borrowed_while_trained": (
        """\
trait Optimizer {
    fn step(&mut self, p: &mut f64, g: f64);
    fn name(&self) -> &str;
}
struct Plain {
    lr: f64,
}
struct Momentum {
    lr: f64,
    beta: f64,
    v: f64,
}
impl Optimizer for Plain {
    fn step(&mut self, p: &mut f64, g: f64) {
        *p -= self.lr * g;
    }
    fn name(&self) -> &str {
        "sgd"
    }
}
impl Optimizer for Momentum {
    fn step(&mut self, p: &mut f64, g: f64) {
        self.v = self.beta * self.v + g;
        *p -= self.lr * self.v;
    }
    fn name(&self) -> &str {
        "momentum"
    }
}
fn train<O: Optimizer>(opt: &mut O, steps: usize) -> f64 {
    let mut x = 5.0;
    for _ in 0..steps {
        let g = 2.0 * (x - 1.0);
        opt.step(&mut x, g);
    }
    x
}
fn train_dyn(opt: &mut dyn Optimizer, steps: usize) -> f64 {
    let mut x = -3.0;
    for _ in 0..steps {
        let g = 2.0 * (x - 1.0);
        opt.step(&mut x, g);
    }
    x
}
fn main() {
    let mut a = Plain { lr: 0.1 };
    let mut b = Momentum {
        lr: 0.05,
        beta: 0.8,
        v: 0.0,
    };
    println!("{} {:.6}", a.name(), train(&mut a, 20));
    println!("{} {:.6}", b.name(), train(&mut b, 20));
    let mut opts: Vec<Box<dyn Optimizer>> = vec![
        Box::new(Plain { lr: 0.2 }),
        Box::new(Momentum {
            lr: 0.1,
            beta: 0.5,
            v: 0.0,
        }),
    ];
    for o in opts.iter_mut() {
        let r = train_dyn(o.as_mut(), 10);
        println!("{} {:.6}", o.name(), r);
    }
}
""",
        rejects("E0502"),
    ),
    "u11_rej_trait_mut_param_of_immutable": (
        """\
trait Step {
    fn step(&self, x: &mut f32);
}
struct Half;
impl Step for Half {
    fn step(&self, x: &mut f32) {
        *x /= 2.0;
    }
}
fn main() {
    let x = 3.0;
    Half.step(&mut x);
    println!("{}", x);
}
""",
        rejects("E0596"),
    ),
    "u11_trait_method_mut_f64_param": (
        """\
trait Opt {
    fn step(&mut self, p: &mut f64, g: f64);
}
struct Sgd {
    lr: f64,
}
impl Opt for Sgd {
    fn step(&mut self, p: &mut f64, g: f64) {
        *p -= self.lr * g;
    }
}
fn main() {
    let mut o = Sgd { lr: 0.1 };
    let mut x = 1.0;
    o.step(&mut x, 2.0);
    println!("{}", x);
}
""",
        runs("0.8\n"),
    ),
    "u12_map_str_parse": (
        """\
fn main() {
    let r: Result<Vec<i32>, std::num::ParseIntError> =
        "4,5".split(',').map(str::parse).collect();
    println!("{:?}", r);
}
""",
        runs("Ok([4, 5])\n"),
    ),
    "u12_option_unwrap_path_panic": (
        """\
fn main() {
    let v = vec![Some(1), None];
    let s: i32 = v.into_iter().map(Option::unwrap).sum();
    println!("{}", s);
}
""",
        runs(
            "",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at /rustc/59807616e1fa2540724bfbac14d7976"
                "d7e4a3860/library/core/src/ops/function.rs:166:5:\n"
                "called `Option::unwrap()` on a `None` value\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a ba"
                "cktrace\n"
            ),
        ),
    ),
    "u12_rej_char_value_method_in_filter": (
        """\
fn main() {
    let n: String = "ab1".chars().filter(char::is_alphabetic).collect();
    println!("{}", n);
}
""",
        rejects("E0631"),
    ),
    "u12_rej_result_unwrap_of_iter": (
        """\
fn main() {
    let rs: Vec<Result<i32, String>> = vec![Ok(1), Err("x".to_string())];
    let v: Vec<i32> = rs.iter().map(Result::unwrap).collect();
    println!("{:?}", v);
}
""",
        rejects("E0631"),
    ),
    "u12_rej_str_parse_of_ref_items": (
        """\
fn main() {
    let v = vec!["1", "2"];
    let n: Vec<i32> = v.iter().map(str::parse).map(Result::unwrap).collect();
    println!("{:?}", n);
}
""",
        rejects("E0631"),
    ),
    "u13_rej_vec_from_ref_vec": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let w = Vec::from(&v);
    println!("{:?}", w);
}
""",
        rejects("E0277"),
    ),
    "u13_vec_from_array": (
        """\
fn main() {
    let v: Vec<i32> = Vec::from([3, 1, 2]);
    println!("{:?}", v);
}
""",
        runs("[3, 1, 2]\n"),
    ),
    "u14_main_result_derived_debug_error": (
        """\
#[derive(Debug)]
struct E {
    code: i32,
}
fn main() -> Result<(), E> {
    println!("start");
    Err(E { code: 3 })
}
""",
        runs("start\n", 1, "Error: E { code: 3 }\n"),
    ),
    "u14_main_result_enum_error_with_display": (
        """\
use std::fmt;
#[derive(Debug)]
enum TrainError {
    Diverged { step: usize, loss: f64 },
    BadConfig(String),
}
impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TrainError::Diverged { step, loss } => {
                write!(f, "diverged at {} ({})", step, loss)
            }
            TrainError::BadConfig(s) => write!(f, "bad config: {}", s),
        }
    }
}
fn check(lr: f64) -> Result<f64, TrainError> {
    if lr <= 0.0 {
        return Err(TrainError::BadConfig(format!("lr={}", lr)));
    }
    Ok(lr)
}
fn train(lr: f64) -> Result<Vec<f64>, TrainError> {
    let lr = check(lr)?;
    let mut w = 4.0;
    let mut losses = Vec::new();
    for step in 0..20 {
        let loss = w * w;
        losses.push(loss);
        if loss > 1e6 {
            return Err(TrainError::Diverged { step, loss });
        }
        w -= lr * 2.0 * w;
    }
    Ok(losses)
}
fn main() -> Result<(), TrainError> {
    let ok = train(0.1)?;
    println!("{:.4}", ok[ok.len() - 1]);
    if let Err(e) = check(-1.0) {
        println!("{}", e);
    }
    let _ = train(3.0)?;
    println!("unreachable");
    Ok(())
}
""",
        runs("0.0033\nbad config: lr=-1\n", 1, "Error: Diverged { step: 4, loss: 6250000.0 }\n"),
    ),
    "u14_main_result_ok_or_enum": (
        """\
#[derive(Debug, Clone, PartialEq)]
enum E {
    Empty,
    TooBig(u32),
}
fn pick(v: &[u32]) -> Result<u32, E> {
    let m = *v.iter().max().ok_or(E::Empty)?;
    if m > 10 {
        Err(E::TooBig(m))
    } else {
        Ok(m)
    }
}
fn main() -> Result<(), E> {
    println!("{:?} {:?}", pick(&[]), pick(&[3, 4]));
    let e = pick(&[]).unwrap_err();
    println!("{}", e == E::Empty);
    pick(&[1, 20])?;
    Ok(())
}
""",
        runs("Err(Empty) Ok(4)\ntrue\n", 1, "Error: TooBig(20)\n"),
    ),
    "u14_main_result_parse_int_error": (
        """\
use std::num::ParseIntError;
fn main() -> Result<(), ParseIntError> {
    let a: i32 = "12".parse()?;
    println!("{}", a);
    let b: i32 = "1 2".parse()?;
    println!("{}", b);
    Ok(())
}
""",
        runs("12\n", 1, "Error: ParseIntError { kind: InvalidDigit }\n"),
    ),
    "u14_main_result_struct_error_of_helper": (
        """\
#[derive(Debug)]
struct ParseFail {
    line: usize,
    text: String,
}
fn parse_all(lines: &[&str]) -> Result<Vec<i32>, ParseFail> {
    let mut out = vec![];
    for (i, l) in lines.iter().enumerate() {
        match l.trim().parse::<i32>() {
            Ok(v) => out.push(v),
            Err(_) => {
                return Err(ParseFail {
                    line: i + 1,
                    text: l.to_string(),
                })
            }
        }
    }
    Ok(out)
}
fn main() -> Result<(), ParseFail> {
    println!("{:?}", parse_all(&["1", " 2 "])?);
    parse_all(&["3", "x4"])?;
    Ok(())
}
""",
        runs("[1, 2]\n", 1, 'Error: ParseFail { line: 2, text: "x4" }\n'),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
