"""References, views and keys rustc rejects that pbpit ran (issue 26, session 24's fixer E), with
look-alikes rustc accepts: a reference assigned to a variable holding a value (`best = v` of `v`
an item of `vs.iter()` or `names.iter().skip(1)`, `best` given `vs[0].clone()` of a `vec![..]`
made in place, or `xs[0]` of `xs: &[i64]`: E0308); a view of a local `String` or collection of
values returned through an iterator or an `Option` (`owned.split(" ").next().unwrap()`, `->
Option<&T>` of `local.first()`, `local.iter().max().unwrap()`: E0515; a `Vec<&str>`'s item
reborrows the `&str` and runs); a map or set of `String` keys looked up by `&name` of `name:
&str` (E0277, `String: Borrow<&str>`); a set or map whose key only a lookup names
(`contains(&9)`, `remove(&4)`, `range(1..3)`: E0282); a collection made empty given a reference
in a slot and a value in it elsewhere (`out.push(&num)`, `out.push(c.to_string())`: E0308, the
first fixes the type). Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them
again where rustc is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "o5_d5_assign_ref": (
        """\
#[derive(Debug, Clone)]
struct V {
    major: u32,
}

fn main() {
    let vs = vec![V { major: 1 }, V { major: 3 }];
    let mut best = vs[0].clone();
    for v in vs.iter() {
        if v.major > best.major {
            best = v;
        }
    }
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "o5_d6_ref_ref_key": (
        """\
use std::collections::HashMap;

fn main() {
    let mut params: HashMap<String, f32> = HashMap::new();
    params.insert("w".to_string(), 1.0);
    let name = "w";
    if let Some(p) = params.get_mut(&name) {
        *p -= 0.5;
    }
    println!("{}", params["w"]);
}
""",
        rejects("E0277"),
    ),
    "o5_d7_untyped_set": (
        """\
use std::collections::BTreeSet;

fn main() {
    let mut nums = BTreeSet::new();
    println!("{} {}", nums.contains(&9), nums.remove(&4));
}
""",
        rejects("E0282"),
    ),
    "o5_r2_str_of_local": (
        """\
fn first_word(text: &str) -> &str {
    let owned = text.to_uppercase();
    owned.split(' ').next().unwrap()
}

fn main() {
    println!("{}", first_word("ab cd"));
}
""",
        rejects("E0515"),
    ),
    "c01": (
        """\
fn main() {
    let xs = vec![String::from("a"), String::from("bb")];
    let mut longest = String::new();
    for x in xs.iter() {
        if x.len() > longest.len() { longest = x; }
    }
    println!("{}", longest);
}
""",
        rejects("E0308"),
    ),
    "c02": (
        """\
fn main() {
    let xs = vec![3, 9, 2];
    let mut best = 0;
    for x in xs.iter() {
        if *x > best { best = x; }
    }
    println!("{}", best);
}
""",
        rejects("E0308"),
    ),
    "c03": (
        """\
fn main() {
    let xs = vec![3, 9, 2];
    let mut best = 0;
    for x in xs.iter() {
        if *x > best { best = *x; }
    }
    println!("{}", best);
}
""",
        runs('9\n'),
    ),
    "c04": (
        """\
#[derive(Debug, Clone)]
struct V { n: u32 }
fn main() {
    let vs = vec![V { n: 1 }, V { n: 4 }];
    let mut best = V { n: 0 };
    for v in &vs {
        if v.n > best.n { best = v; }
    }
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "c05": (
        """\
#[derive(Debug, Clone)]
struct V { n: u32 }
fn main() {
    let vs = vec![V { n: 1 }, V { n: 4 }];
    let mut best = V { n: 0 };
    for v in &vs {
        if v.n > best.n { best = v.clone(); }
    }
    println!("{:?}", best);
}
""",
        runs('V { n: 4 }\n'),
    ),
    "c06": (
        """\
fn main() {
    let xs = vec![1.5f32, 0.5];
    let mut lo = f32::MAX;
    for x in xs.iter() { if *x < lo { lo = x; } }
    println!("{}", lo);
}
""",
        rejects("E0308"),
    ),
    "c07": (
        """\
fn main() {
    let xs = vec![1.5f32, 0.5];
    let mut last = 0.0;
    xs.iter().for_each(|x| last = *x);
    println!("{}", last);
}
""",
        runs('0.5\n'),
    ),
    "c08": (
        """\
fn pick(xs: &[i64]) -> i64 {
    let mut m = xs[0];
    for x in xs { if *x > m { m = x; } }
    m
}
fn main() { println!("{}", pick(&[1, 5, 2])); }
""",
        rejects("E0308"),
    ),
    "c09": (
        """\
struct T { best: u32 }
fn main() {
    let vs = vec![3u32, 7];
    let mut t = T { best: 0 };
    for v in vs.iter() { if *v > t.best { t.best = v; } }
    println!("{}", t.best);
}
""",
        rejects("E0308"),
    ),
    "c10": (
        """\
fn main() {
    let names = vec![String::from("x"), String::from("yy")];
    let mut pick = names[0].clone();
    for n in names.iter().skip(1) { pick = n; }
    println!("{}", pick);
}
""",
        rejects("E0308"),
    ),
    "c11": (
        """\
fn main() {
    let names = vec![String::from("x"), String::from("yy")];
    let mut pick = &names[0];
    for n in names.iter().skip(1) { pick = n; }
    println!("{}", pick);
}
""",
        runs('yy\n'),
    ),
    "c12": (
        """\
#[derive(Debug, Clone)]
struct V { n: u32 }
fn main() {
    let vs = vec![V { n: 1 }, V { n: 4 }];
    let mut best = vs[0].clone();
    if let Some(v) = vs.iter().max_by_key(|v| v.n) { best = v; }
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "c13": (
        """\
fn main() {
    let xs = vec![(1, 'a'), (2, 'b')];
    let mut last = (0, 'z');
    for p in xs.iter() { last = p; }
    println!("{:?}", last);
}
""",
        rejects("E0308"),
    ),
    "c14": (
        """\
fn main() {
    let xs = vec![(1, 'a'), (2, 'b')];
    let mut last = (0, 'z');
    for p in xs.iter() { last = *p; }
    println!("{:?}", last);
}
""",
        runs("(2, 'b')\n"),
    ),
    "c15": (
        """\
fn main() {
    let v = vec![4u8, 2];
    let mut cur = 0u8;
    let mut it = v.iter();
    while let Some(x) = it.next() { cur = x; }
    println!("{}", cur);
}
""",
        rejects("E0308"),
    ),
    "c16": (
        """\
fn main() {
    let v = vec![4u8, 2];
    let mut cur = 0u8;
    match v.first() { Some(x) => cur = x, None => {} }
    println!("{}", cur);
}
""",
        rejects("E0308"),
    ),
    "d01": (
        """\
fn first_word(text: &str) -> &str {
    let owned = text.to_lowercase();
    owned.split_whitespace().next().unwrap()
}
fn main() { println!("{}", first_word("Ab cd")); }
""",
        rejects("E0515"),
    ),
    "d02": (
        """\
fn first_word(text: &str) -> &str {
    text.split(' ').next().unwrap()
}
fn main() { println!("{}", first_word("ab cd")); }
""",
        runs('ab\n'),
    ),
    "d03": (
        """\
fn biggest(xs: &[i32]) -> &i32 {
    let local = xs.to_vec();
    local.iter().max().unwrap()
}
fn main() { println!("{}", biggest(&[1, 3])); }
""",
        rejects("E0515"),
    ),
    "d04": (
        """\
fn biggest(xs: &[i32]) -> &i32 {
    xs.iter().max().unwrap()
}
fn main() { println!("{}", biggest(&[1, 3])); }
""",
        runs('3\n'),
    ),
    "d05": (
        """\
fn head(xs: &[String]) -> &String {
    let copy: Vec<String> = xs.to_vec();
    copy.first().unwrap()
}
fn main() { let v = vec![String::from("q")]; println!("{}", head(&v)); }
""",
        rejects("E0515"),
    ),
    "d06": (
        """\
fn line(text: &str) -> &str {
    let s = format!("{}\\n", text);
    s.lines().next().unwrap()
}
fn main() { println!("{}", line("a")); }
""",
        rejects("E0515"),
    ),
    "d07": (
        """\
fn line(text: &str) -> &str {
    let s = String::from(text);
    s.trim()
}
fn main() { println!("{}", line(" a ")); }
""",
        rejects("E0515"),
    ),
    "d08": (
        """\
fn pick<'a>(text: &'a str, _n: usize) -> &'a str {
    let parts: Vec<&str> = text.split(',').collect();
    parts[0]
}
fn main() { println!("{}", pick("x,y", 1)); }
""",
        runs('x\n'),
    ),
    "d09": (
        """\
fn pick(text: &str) -> &str {
    let parts: Vec<&str> = text.split(',').collect();
    parts.first().unwrap()
}
fn main() { println!("{}", pick("x,y")); }
""",
        runs('x\n'),
    ),
    "d10": (
        """\
fn last_tok(text: &str) -> &str {
    let up = text.to_uppercase();
    up.split(' ').last().unwrap()
}
fn main() { println!("{}", last_tok("a b")); }
""",
        rejects("E0515"),
    ),
    "d11": (
        """\
fn pick(text: &str) -> &str {
    let o = text.split(' ').next();
    o.unwrap()
}
fn main() { println!("{}", pick("a b")); }
""",
        runs('a\n'),
    ),
    "d12": (
        """\
struct Doc { body: String }
impl Doc {
    fn first(&self) -> &str {
        let b = self.body.replace(",", " ");
        b.split(' ').next().unwrap()
    }
}
fn main() { let d = Doc { body: "a,b".into() }; println!("{}", d.first()); }
""",
        rejects("E0515"),
    ),
    "d13": (
        """\
fn min_of(xs: &[f64]) -> &f64 {
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v.first().expect("empty")
}
fn main() { println!("{}", min_of(&[2.0, 1.0])); }
""",
        rejects("E0515"),
    ),
    "d14": (
        """\
fn word(text: &str) -> &str {
    let owned = text.to_uppercase();
    if owned.is_empty() { "" } else { owned.split(' ').next().unwrap() }
}
fn main() { println!("{}", word("ab cd")); }
""",
        rejects("E0515"),
    ),
    "d15": (
        """\
fn word(text: &str) -> &str {
    let owned = text.to_uppercase();
    return owned.split(' ').next().unwrap();
}
fn main() { println!("{}", word("ab cd")); }
""",
        rejects("E0515"),
    ),
    "d16": (
        """\
fn word(text: &str) -> String {
    let owned = text.to_uppercase();
    owned.split(' ').next().unwrap().to_string()
}
fn main() { println!("{}", word("ab cd")); }
""",
        runs('AB\n'),
    ),
    "e01": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 1);
    let k = "a";
    println!("{:?}", m.get(&k));
}
""",
        rejects("E0277"),
    ),
    "e02": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 1);
    let k = "a";
    println!("{:?}", m.get(k));
}
""",
        runs('Some(1)\n'),
    ),
    "e03": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 1);
    let k = String::from("a");
    println!("{:?} {}", m.get(&k), m.contains_key(&k));
}
""",
        runs('Some(1) true\n'),
    ),
    "e04": (
        """\
use std::collections::HashMap;
fn bump(m: &mut HashMap<String, u32>, key: &str) {
    if let Some(c) = m.get_mut(&key) { *c += 1; }
}
fn main() {
    let mut m = HashMap::new();
    m.insert("a".to_string(), 1);
    bump(&mut m, "a");
    println!("{:?}", m);
}
""",
        rejects("E0277"),
    ),
    "e05": (
        """\
use std::collections::HashSet;
fn main() {
    let mut s: HashSet<String> = HashSet::new();
    s.insert("a".to_string());
    let k = "a";
    println!("{}", s.contains(&k));
}
""",
        rejects("E0277"),
    ),
    "e06": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, f32> = BTreeMap::new();
    m.insert("w".to_string(), 1.0);
    for name in ["w", "b"] {
        println!("{:?}", m.remove(&name));
    }
}
""",
        rejects("E0277"),
    ),
    "e07": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 1);
    let keys = vec![String::from("a")];
    for k in keys.iter() {
        println!("{:?}", m.get(&k));
    }
}
""",
        rejects("E0277"),
    ),
    "e08": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 1);
    let keys = vec![String::from("a")];
    for k in keys.iter() {
        println!("{:?}", m.get(k));
    }
}
""",
        runs('Some(1)\n'),
    ),
    "e09": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let k = "a";
    println!("{:?}", m.get(&k));
}
""",
        runs('Some(1)\n'),
    ),
    "e10": (
        """\
use std::collections::HashMap;
fn look(m: &HashMap<String, i32>, k: &String) -> i32 { *m.get(&k).unwrap_or(&0) }
fn main() {
    let mut m = HashMap::new();
    m.insert("a".to_string(), 1);
    println!("{}", look(&m, &"a".to_string()));
}
""",
        rejects("E0277"),
    ),
    "e12": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, Vec<u8>> = HashMap::new();
    m.insert("a".to_string(), vec![]);
    let names = ["a"];
    for n in names.iter() {
        if let Some(v) = m.get_mut(&n) { v.push(1); }
    }
    println!("{:?}", m);
}
""",
        rejects("E0277"),
    ),
    "f01": (
        """\
use std::collections::HashSet;
fn main() {
    let s = HashSet::new();
    println!("{}", s.contains(&3));
}
""",
        rejects("E0282"),
    ),
    "f02": (
        """\
use std::collections::HashSet;
fn main() {
    let mut s = HashSet::new();
    println!("{}", s.contains(&3));
    s.insert(3);
}
""",
        runs('false\n'),
    ),
    "f03": (
        """\
use std::collections::HashMap;
fn main() {
    let m = HashMap::new();
    println!("{}", m.contains_key(&"a"));
}
""",
        rejects("E0282"),
    ),
    "f05": (
        """\
use std::collections::BTreeSet;
fn main() {
    let s = BTreeSet::new();
    println!("{:?}", s.range(1..3).count());
}
""",
        rejects("E0282"),
    ),
    "f06": (
        """\
use std::collections::BTreeSet;
fn main() {
    let mut s = BTreeSet::new();
    let n = s.range(1..3).count();
    s.insert(2u8);
    println!("{} {:?}", n, s);
}
""",
        runs('0 {2}\n'),
    ),
    "f07": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    println!("{:?}", m.remove(&4));
}
""",
        rejects("E0282"),
    ),
    "f08": (
        """\
use std::collections::HashSet;
fn main() {
    let mut seen = HashSet::new();
    let words = vec!["a", "b", "a"];
    for w in words { if !seen.contains(&w) { seen.insert(w); } }
    println!("{}", seen.len());
}
""",
        runs('2\n'),
    ),
    "f09": (
        """\
use std::collections::HashSet;
fn main() {
    let s = HashSet::new();
    let n: usize = s.len();
    println!("{} {}", n, s.contains(&1u8));
}
""",
        rejects("E0282"),
    ),
    "f10": (
        """\
use std::collections::HashMap;
fn count(m: &HashMap<String, u32>) -> u32 { m.values().sum() }
fn main() {
    let mut m = HashMap::new();
    println!("{}", m.contains_key("a"));
    println!("{}", count(&m));
    m.insert("b".to_string(), 2);
}
""",
        runs('false\n0\n'),
    ),
    "i01": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let mut out = Vec::new();
    for n in names.iter() { out.push(n); }
    out.push(String::from("c"));
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "i02": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let mut out = Vec::new();
    out.push(String::from("c"));
    for n in names.iter() { out.push(n); }
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "i03": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let mut out = Vec::new();
    out.push(String::from("c"));
    for n in names.iter() { out.push(n.clone()); }
    println!("{:?}", out);
}
""",
        runs('["c", "a", "b"]\n'),
    ),
    "i04": (
        """\
fn main() {
    let a = 1;
    let b = 2;
    let mut v = vec![];
    v.push(&a);
    v.push(&b);
    println!("{:?}", v);
}
""",
        runs('[1, 2]\n'),
    ),
    "i05": (
        """\
fn main() {
    let a = 1;
    let mut v = vec![];
    v.push(&a);
    v.push(a + 1);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "i06": (
        """\
use std::collections::HashMap;
fn main() {
    let keys = vec![String::from("a")];
    let mut m = HashMap::new();
    for k in keys.iter() { m.insert(k, 1); }
    m.insert(String::from("z"), 2);
    println!("{}", m.len());
}
""",
        rejects("E0308"),
    ),
    "i07": (
        """\
use std::collections::VecDeque;
fn main() {
    let x = 3.5f32;
    let mut q = VecDeque::new();
    q.push_back(x * 2.0);
    q.push_back(&x);
    println!("{:?}", q);
}
""",
        rejects("E0308"),
    ),
    "i08": (
        """\
fn main() {
    let s = String::from("x");
    let mut v = Vec::new();
    v.push(s.as_str());
    v.push("lit");
    println!("{:?}", v);
}
""",
        runs('["x", "lit"]\n'),
    ),
    "k01": (
        """\
struct Model { names: Vec<String> }
impl Model {
    fn names(&self) -> Vec<String> { self.names.clone() }
}
fn main() {
    let m = Model { names: vec![String::from("a")] };
    let n = m.names();
    let o = n;
    println!("{:?} {:?}", n, o);
}
""",
        rejects("E0382"),
    ),
    "k02": (
        """\
fn main() {
    let v: Vec<Option<String>> = vec![Some(String::from("a")), None];
    let first = v[0].clone();
    let again = first;
    println!("{:?} {:?}", first, again);
}
""",
        rejects("E0382"),
    ),
    "k03": (
        """\
fn main() {
    let v = vec![vec![1, 2], vec![3]];
    let row = v.concat();
    let r2 = row;
    println!("{:?} {:?}", row, r2);
}
""",
        rejects("E0382"),
    ),
    "k04": (
        """\
fn main() {
    let n = 2;
    let label = match n { 1 => String::from("one"), _ => format!("{}", n) };
    let l2 = label;
    println!("{} {}", label, l2);
}
""",
        rejects("E0382"),
    ),
    "k05": (
        """\
struct S { tags: Vec<String> }
fn main() {
    let s = S { tags: vec![String::from("x")] };
    let r = &s;
    for t in r.tags { println!("{}", t); }
}
""",
        rejects("E0507"),
    ),
    "k06": (
        """\
struct S { tags: Vec<String> }
fn main() {
    let s = S { tags: vec![String::from("x")] };
    let r = &s;
    for t in r.tags.iter() { println!("{}", t); }
    for t in &r.tags { println!("{}", t); }
}
""",
        runs('x\nx\n'),
    ),
    "k07": (
        """\
struct S { best: Option<Vec<f32>> }
impl S {
    fn best(&self) -> Vec<f32> {
        if let Some(b) = self.best { b } else { vec![] }
    }
}
fn main() { println!("{:?}", S { best: Some(vec![1.0]) }.best()); }
""",
        rejects("E0507"),
    ),
    "k08": (
        """\
struct S { best: Option<Vec<f32>> }
impl S {
    fn best(&self) -> Vec<f32> {
        if let Some(b) = &self.best { b.clone() } else { vec![] }
    }
}
fn main() { println!("{:?}", S { best: Some(vec![1.0]) }.best()); }
""",
        runs('[1.0]\n'),
    ),
    "k09": (
        """\
fn longest(words: &[String]) -> &str {
    let mut sorted = words.to_vec();
    sorted.sort();
    sorted.last().unwrap()
}
fn main() { println!("{}", longest(&[String::from("b"), String::from("a")])); }
""",
        rejects("E0515"),
    ),
    "k10": (
        """\
fn longest(words: &[String]) -> &str {
    words.iter().max_by_key(|w| w.len()).unwrap()
}
fn main() { println!("{}", longest(&[String::from("bb"), String::from("a")])); }
""",
        runs('bb\n'),
    ),
    "k11": (
        """\
use std::collections::HashMap;
fn main() {
    let mut counts: HashMap<String, usize> = HashMap::new();
    let text = "a b a";
    for w in text.split(' ') {
        *counts.entry(w.to_string()).or_insert(0) += 1;
    }
    let key = "a";
    println!("{:?}", counts.get(key));
    println!("{}", counts.contains_key(&key));
}
""",
        rejects("E0277"),
    ),
    "k12": (
        """\
fn main() {
    let xs = vec![1.0f64, 2.0];
    let mut total = 0.0;
    for x in xs.iter().rev() { total = x; }
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "k13": (
        """\
#[derive(Debug, Clone)]
struct P { v: f32 }
fn main() {
    let ps = vec![P { v: 1.0 }, P { v: 2.0 }];
    let mut acc = P { v: 0.0 };
    for (i, p) in ps.iter().enumerate() { if i == 1 { acc = p; } }
    println!("{:?}", acc);
}
""",
        rejects("E0308"),
    ),
    "k14": (
        """\
fn main() {
    let words = vec![String::from("a"), String::from("b")];
    let total = { let joined = words.concat(); joined };
    let t2 = total;
    println!("{} {}", t2, total);
}
""",
        rejects("E0382"),
    ),
    "n01": (
        """\
fn first(xs: &[i32]) -> Option<&i32> {
    let local = xs.to_vec();
    local.first()
}
fn main() { println!("{:?}", first(&[1])); }
""",
        rejects("E0515"),
    ),
    "n02": (
        """\
fn first(xs: &[i32]) -> Option<&i32> {
    let local = xs.to_vec();
    local.get(0)
}
fn main() { println!("{:?}", first(&[1])); }
""",
        rejects("E0515"),
    ),
    "n03": (
        """\
struct S { name: String }
fn name(x: &str) -> &str {
    let s = S { name: x.to_uppercase() };
    &s.name
}
fn main() { println!("{}", name("a")); }
""",
        rejects("E0515"),
    ),
    "n04": (
        """\
fn pick(x: &str) -> Option<&str> {
    let s = x.to_lowercase();
    s.split(',').next()
}
fn main() { println!("{:?}", pick("A,b")); }
""",
        rejects("E0515"),
    ),
    "n05": (
        """\
fn pick(x: &str) -> Option<&str> {
    x.split(',').next()
}
fn main() { println!("{:?}", pick("A,b")); }
""",
        runs('Some("A")\n'),
    ),
    "n06": (
        """\
fn biggest(xs: &[f32]) -> Option<&f32> {
    let v: Vec<f32> = xs.iter().map(|x| x * 2.0).collect();
    v.iter().max_by(|a, b| a.partial_cmp(b).unwrap())
}
fn main() { println!("{:?}", biggest(&[1.0])); }
""",
        rejects("E0515"),
    ),
    "n07": (
        """\
fn word(x: &str) -> &str {
    let s = x.replace("-", " ");
    let w = s.split(' ').next().unwrap();
    w
}
fn main() { println!("{}", word("a-b")); }
""",
        rejects("E0515"),
    ),
    "n08": (
        """\
fn word(x: &str) -> &str {
    let w = x.split(' ').next().unwrap();
    w
}
fn main() { println!("{}", word("a b")); }
""",
        runs('a\n'),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
