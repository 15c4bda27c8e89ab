"""Programs rustc rejects that pbpit ran (issue 26, session 23's fixer E), with look-alikes rustc
accepts: a move out of `*r` where `r` is certainly one reference to values not `Copy` (`let owned:
Sample = *s;` of an item of `v.iter()`, `take(*s)`, `out.push(*row)`, `*a` of `a: &String` given
back, `let (n, s) = *p;`: E0507, `deref_moves.py`; `*r` of a `&&T`, of a `Copy` value,
`(*r).clone()`, `let (n, _) = *p;` run); a reference to a variable cloned in the function returned
(`let local = v.clone(); &local[0]`, in an `if`'s branch too; `Some(x) => x` of `match c.last()`,
`if let Some(first) = sorted.first() { return first; }`, `m` of `let m = c.iter().max().unwrap();`:
E0515, `lifetimes.py`); a reference a function or method returns by lifetime elision, assigned in a
block to a variable declared outside it and read after the block (`w = first_word(&line);`, `ws =
m.weights();`: E0597, `shared_borrows.outlived`); `collect()` into a type no iterator is collected
into (`let s: i32 = ..collect();`: E0277, `check_rules.unify_collected`) and `partition::<Vec<i32>,
_>` of `u32` items (E0277); a closure moving a capture out (`|| feat`) called in a loop, behind a
branch too, or in a `loop` whose `break` after the call is behind an `if` (E0382,
`closure_reads.py`; a call followed by `break` or `return` on every way runs).
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH); the programs were written after the change (or are the held-out repros), formatted
by rustfmt. The `mixed_shape_*` programs mix the classes fixed this session in other shapes
(methods of a struct, enum arms, nested `Vec<Vec<Option<u8>>>`, closures' patterns)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "held_out_l01": (
        """\
#[derive(Debug)]
struct Sample {
    x: Vec<f32>,
}
fn main() {
    let data = vec![Sample { x: vec![1.0] }];
    for s in data.iter() {
        let owned: Sample = *s;
        println!("{:?}", owned);
    }
}
""",
        rejects("E0507"),
    ),
    "held_out_r01": (
        """\
fn first_word(s: &str) -> &str {
    s.split(' ').next().unwrap()
}
fn main() {
    let w;
    {
        let line = String::from("hello world");
        w = first_word(&line);
    }
    println!("{}", w);
}
""",
        rejects("E0597"),
    ),
    "held_out_r02": (
        """\
fn first(v: &Vec<f32>) -> &f32 {
    let local = v.clone();
    &local[0]
}
fn main() {
    println!("{}", first(&vec![1.0]));
}
""",
        rejects("E0515"),
    ),
    "held_out_o01": (
        """\
fn main() {
    let xs = [1, 2, 3];
    let s: i32 = xs.iter().map(|x| x * 2).collect();
    println!("{}", s);
}
""",
        rejects("E0277"),
    ),
    "held_out_d_final_93000_119": (
        """\
// Iterator adapters `take_while`, `skip_while`, `filter_map`, `scan` (its `&mut` state),
// `partition`; a Vec's `dedup`, a slice's `binary_search` (the index core's loop finds).
fn main() {
    let v = vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    let running: Vec<i32> = v
        .iter()
        .scan(0, |acc, &x| {
            *acc += x;
            Some(*acc)
        })
        .collect();
    println!("{:?}", running);
    let until: Vec<i32> = v
        .iter()
        .scan(1, |prod, x| {
            *prod = *prod * x;
            if *prod > 100 {
                None
            } else {
                Some(*prod)
            }
        })
        .collect();
    println!("{:?}", until);
    let pairs: Vec<(i32, i32)> = (1..5)
        .scan((0, 1), |st, _| {
            let (a, b) = *st;
            *st = (b, a + b);
            Some((a, b))
        })
        .collect();
    println!("{:?}", pairs);
    let tw: Vec<i32> = (1..20).take_while(|n| n * n < 50).collect();
    let sw: Vec<i32> = (1..10).skip_while(|n| *n < 7).collect();
    println!("{:?} {:?}", tw, sw);
    let words = vec!["3", "x", "10", "-2", ""];
    let nums: Vec<i64> = words.iter().filter_map(|w| w.parse::<i64>().ok()).collect();
    println!("{:?}", nums);
    let rev: Vec<i32> = v
        .iter()
        .filter_map(|&x| if x % 2 == 1 { Some(x * 10) } else { None })
        .rev()
        .collect();
    println!("{:?}", rev);
    let total: i32 = v
        .iter()
        .filter_map(|x| if *x > 4 { Some(*x) } else { None })
        .sum();
    println!("{}", total);
    let (small, big): (Vec<i32>, Vec<i32>) = v.iter().partition(|&&x| x < 4);
    println!("{:?} {:?}", small, big);
    let (ev, od) = (0u32..10).partition::<Vec<i32>, _>(|x| x % 2 == 0);
    println!("{:?} {:?}", ev, od);
    let mut w = vec![1.0, 1.0, 2.5, 2.5, 2.5, 1.0];
    w.dedup();
    println!("{:?}", w);
    let mut names = vec![String::from("a"), String::from("a"), String::from("b")];
    names.dedup();
    println!("{:?} {}", names, names.len());
    let mut empty: Vec<i32> = Vec::new();
    empty.dedup();
    println!("{:?}", empty);
    let sorted = vec![1, 2, 2, 2, 3, 5, 8, 8];
    for x in 0..10 {
        print!("{:?} ", sorted.binary_search(&x));
    }
    println!();
    let arr = [10, 20, 30];
    println!("{:?} {:?}", arr.binary_search(&20), arr.binary_search(&35));
    let e: Vec<i32> = vec![];
    println!("{:?}", e.binary_search(&1));
    let mut s = v.clone();
    s.sort();
    s.dedup();
    println!("{:?} {:?}", s, s.binary_search(&6));
    let lens: Vec<usize> = "a bb ccc"
        .split(' ')
        .take_while(|w| w.len() < 3)
        .map(|w| w.len())
        .collect();
    println!("{:?}", lens);
}
""",
        rejects("E0277"),
    ),
    "deref_move_m01": (
        """\
#[derive(Debug)]
struct S {
    x: Vec<f32>,
}
fn take(s: S) -> usize {
    s.x.len()
}
fn main() {
    let data = vec![S { x: vec![1.0] }];
    for s in &data {
        println!("{}", take(*s));
    }
}
""",
        rejects("E0507"),
    ),
    "deref_move_m02": (
        """\
#[derive(Debug, Clone, Copy)]
struct S {
    x: f32,
}
fn main() {
    let data = vec![S { x: 1.0 }];
    for s in data.iter() {
        let o: S = *s;
        println!("{:?}", o);
    }
}
""",
        runs("S { x: 1.0 }\n"),
    ),
    "deref_move_m03": (
        """\
fn first(names: &Vec<String>) -> String {
    let r = &names[0];
    *r
}
fn main() {
    println!("{}", first(&vec!["a".to_string()]));
}
""",
        rejects("E0507"),
    ),
    "deref_move_m04": (
        """\
fn longest(a: &String) -> String {
    *a
}
fn main() {
    println!("{}", longest(&"a".to_string()));
}
""",
        rejects("E0507"),
    ),
    "deref_move_m05": (
        """\
fn longest(a: &String) -> String {
    (*a).clone()
}
fn main() {
    println!("{}", longest(&"a".to_string()));
}
""",
        runs("a\n"),
    ),
    "deref_move_m06": (
        """\
fn main() {
    let v = vec![vec![1, 2], vec![3]];
    let mut out = Vec::new();
    for row in v.iter() {
        out.push(*row);
    }
    println!("{:?}", out);
}
""",
        rejects("E0507"),
    ),
    "deref_move_m07": (
        """\
fn main() {
    let v = vec![vec![1, 2], vec![3]];
    let mut out = Vec::new();
    for row in v.iter() {
        out.push(row.clone());
    }
    println!("{:?}", out);
}
""",
        runs("[[1, 2], [3]]\n"),
    ),
    "deref_move_m08": (
        """\
fn main() {
    let v = vec![(1, String::from("a"))];
    for p in v.iter() {
        let (n, _) = *p;
        println!("{}", n);
    }
}
""",
        runs("1\n"),
    ),
    "deref_move_m09": (
        """\
fn main() {
    let v = vec![(1, String::from("a"))];
    for p in v.iter() {
        let (n, s) = *p;
        println!("{} {}", n, s);
    }
}
""",
        rejects("E0507"),
    ),
    "deref_move_m10": (
        """\
#[derive(Debug)]
enum Tok {
    Num(i64),
    Word(String),
}
fn main() {
    let toks = vec![Tok::Num(1), Tok::Word("x".into())];
    for t in toks.iter() {
        match *t {
            Tok::Num(n) => println!("{}", n),
            Tok::Word(ref w) => println!("{}", w),
        }
    }
}
""",
        runs("1\nx\n"),
    ),
    "deref_move_m11": (
        """\
fn main() {
    let s = String::from("hi");
    let r = &s;
    let t: String = *r;
    println!("{}", t);
}
""",
        rejects("E0507"),
    ),
    "deref_move_m12": (
        """\
fn main() {
    let s = String::from("hi");
    let r = &s;
    let n = (*r).len();
    println!("{} {}", n, *r == "hi");
}
""",
        runs("2 true\n"),
    ),
    "deref_move_m13": (
        """\
fn bump(v: &mut Vec<i32>) -> Vec<i32> {
    let w = *v;
    w
}
fn main() {
    let mut v = vec![1];
    println!("{:?}", bump(&mut v));
}
""",
        rejects("E0507"),
    ),
    "deref_move_m14": (
        """\
#[derive(Debug)]
struct Acc {
    total: Vec<f64>,
}
fn main() {
    let accs = vec![Acc { total: vec![1.0] }];
    let best = accs
        .iter()
        .max_by(|a, b| a.total.len().cmp(&b.total.len()))
        .unwrap();
    let kept = *best;
    println!("{:?}", kept);
}
""",
        rejects("E0507"),
    ),
    "deref_move_m15": (
        """\
fn main() {
    let words = vec![String::from("a"), String::from("b")];
    let joined: Vec<String> = words.iter().map(|w| *w).collect();
    println!("{:?}", joined);
}
""",
        rejects("E0507"),
    ),
    "deref_move_m16": (
        """\
fn main() {
    let nums = vec![1, 2, 3];
    let doubled: Vec<i32> = nums.iter().map(|n| *n * 2).collect();
    let r = &nums;
    let copy: Vec<i32> = (*r).clone();
    println!("{:?} {:?}", doubled, copy);
}
""",
        runs("[2, 4, 6] [1, 2, 3]\n"),
    ),
    "deref_move_m17": (
        """\
fn main() {
    let names: Vec<&str> = vec!["a", "b"];
    for n in names.iter() {
        let s: &str = *n;
        println!("{}", s);
    }
}
""",
        runs("a\nb\n"),
    ),
    "deref_move_m18": (
        """\
fn main() {
    let a = String::from("x");
    let b = String::from("y");
    let refs: Vec<&String> = vec![&a, &b];
    for r in refs.iter() {
        let s: &String = *r;
        println!("{}", s);
    }
}
""",
        runs("x\ny\n"),
    ),
    "deref_move_m19": (
        """\
fn main() {
    let a = vec![1];
    let refs = vec![&a];
    let mut out = Vec::new();
    for r in refs.iter() {
        out.push(*r);
    }
    println!("{:?}", out);
}
""",
        runs("[[1]]\n"),
    ),
    "deref_move_m20": (
        """\
fn total(xs: &[&Vec<i32>]) -> usize {
    let mut n = 0;
    for x in xs.iter() {
        let v: &Vec<i32> = *x;
        n += v.len();
    }
    n
}
fn main() {
    let a = vec![1, 2];
    println!("{}", total(&[&a]));
}
""",
        runs("2\n"),
    ),
    "deref_move_m21": (
        """\
fn main() {
    let words = vec![String::from("a")];
    let lens: Vec<usize> = words.iter().map(|w| (*w).len()).collect();
    let firsts: Vec<&String> = words.iter().filter(|w| !(*w).is_empty()).collect();
    println!("{:?} {:?}", lens, firsts);
}
""",
        runs('[1] ["a"]\n'),
    ),
    "deref_move_m22": (
        """\
fn pick<'a>(m: &'a Option<&'a String>) -> &'a String {
    let s = m.unwrap();
    s
}
fn main() {
    let a = String::from("q");
    let o = Some(&a);
    println!("{}", pick(&o));
}
""",
        runs("q\n"),
    ),
    "returned_local_l01": (
        """\
fn name(s: &String) -> &str {
    let c = s.clone();
    &c[..]
}
fn main() {
    println!("{}", name(&"ab".to_string()));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l02": (
        """\
#[derive(Clone, Debug)]
struct P {
    x: f32,
}
fn pick(p: &P) -> &f32 {
    let q = p.clone();
    &q.x
}
fn main() {
    println!("{}", pick(&P { x: 1.0 }));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l03": (
        """\
fn first(v: &Vec<f32>) -> &f32 {
    let local = v.clone();
    if local.is_empty() {
        &v[0]
    } else {
        &local[0]
    }
}
fn main() {
    println!("{}", first(&vec![1.0]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l04": (
        """\
fn first(v: &Vec<f32>) -> &f32 {
    let local = v.clone();
    if local.len() > 5 {
        return &local[1];
    }
    &v[0]
}
fn main() {
    println!("{}", first(&vec![1.0]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l05": (
        """\
fn first(v: &Vec<f32>) -> &f32 {
    let local = v.clone();
    let n = local.len();
    &v[n - 1]
}
fn main() {
    println!("{}", first(&vec![1.0, 2.0]));
}
""",
        runs("2\n"),
    ),
    "returned_local_l06": (
        """\
fn longest(v: &Vec<String>) -> &String {
    let mut sorted = v.clone();
    sorted.sort();
    &sorted[sorted.len() - 1]
}
fn main() {
    println!("{}", longest(&vec!["a".to_string(), "b".to_string()]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l07": (
        """\
fn label(v: &Vec<i32>) -> &str {
    let s = format!("{:?}", v);
    s.as_str()
}
fn main() {
    println!("{}", label(&vec![1]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l08": (
        """\
fn label(v: &Vec<i32>) -> &str {
    let s = v
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",");
    &s
}
fn main() {
    println!("{}", label(&vec![1]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l10": (
        """\
struct Model {
    w: Vec<f32>,
}
impl Model {
    fn weights(&self) -> &Vec<f32> {
        let copy = self.w.clone();
        &copy
    }
}
fn main() {
    let m = Model { w: vec![1.0] };
    println!("{:?}", m.weights());
}
""",
        rejects("E0515"),
    ),
    "returned_local_l11": (
        """\
struct Model {
    w: Vec<f32>,
}
impl Model {
    fn weights(&self) -> &Vec<f32> {
        &self.w
    }
}
fn main() {
    let m = Model { w: vec![1.0] };
    println!("{:?}", m.weights());
}
""",
        runs("[1.0]\n"),
    ),
    "returned_local_l12": (
        """\
fn pick(v: &Vec<Vec<u8>>) -> &[u8] {
    let rows = v.clone();
    &rows[0][..]
}
fn main() {
    println!("{:?}", pick(&vec![vec![1]]));
}
""",
        rejects("E0515"),
    ),
    "outlived_block_s01": (
        """\
fn main() {
    let r;
    {
        let x = 5;
        r = &x;
    }
    println!("{}", r);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s02": (
        """\
fn main() {
    let r: &String;
    {
        let s = String::from("a");
        r = &s;
    }
    println!("{}", r);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s03": (
        """\
fn main() {
    let w;
    {
        let line = String::from("hello world");
        w = line.as_str();
    }
    println!("{}", w);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s04": (
        """\
struct Model {
    w: Vec<f32>,
}
impl Model {
    fn weights(&self) -> &Vec<f32> {
        &self.w
    }
}
fn main() {
    let ws;
    {
        let m = Model { w: vec![1.0] };
        ws = m.weights();
    }
    println!("{:?}", ws);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s05": (
        """\
fn longest(v: &Vec<String>) -> &String {
    &v[0]
}
fn main() {
    let best;
    {
        let names = vec![String::from("a")];
        best = longest(&names);
        println!("{}", best);
    }
}
""",
        runs("a\n"),
    ),
    "outlived_block_s06": (
        """\
fn longest(v: &Vec<String>) -> &String {
    &v[0]
}
fn main() {
    let mut best = &String::new();
    let keep = vec![String::from("z")];
    for i in 0..2 {
        let names = vec![format!("n{}", i)];
        best = longest(&names);
    }
    best = &keep[0];
    println!("{}", best);
}
""",
        runs("z\n"),
    ),
    "outlived_block_s07": (
        """\
fn head(v: &[f32]) -> Option<&f32> {
    v.first()
}
fn main() {
    let mut h = None;
    for i in 0..2 {
        let row = vec![i as f32];
        h = head(&row);
    }
    println!("{:?}", h);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s08": (
        """\
fn head(v: &[f32]) -> Option<&f32> {
    v.first()
}
fn main() {
    let row = vec![1.0];
    let h;
    {
        h = head(&row);
    }
    println!("{:?}", h);
}
""",
        runs("Some(1.0)\n"),
    ),
    "outlived_block_s09": (
        """\
fn trim_all(s: &str) -> &str {
    s.trim()
}
fn main() {
    let t;
    {
        let raw = String::from("  x ");
        t = trim_all(&raw);
    }
    println!("[{}]", t);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s10": (
        """\
fn trim_all(s: &str) -> &str {
    s.trim()
}
fn main() {
    let t;
    {
        let raw = String::from("  x ");
        t = trim_all(&raw).to_string();
    }
    println!("[{}]", t);
}
""",
        runs("[x]\n"),
    ),
    "outlived_block_s11": (
        """\
struct Log {
    xs: Vec<f32>,
}
impl Log {
    fn best(&self) -> Option<&f32> {
        self.xs.iter().max_by(|a, b| a.total_cmp(b))
    }
}
fn main() {
    let b;
    {
        let l = Log { xs: vec![1.0, 3.0] };
        b = l.best();
    }
    println!("{:?}", b);
}
""",
        rejects("E0597"),
    ),
    "outlived_block_s12": (
        """\
struct Log {
    xs: Vec<f32>,
}
impl Log {
    fn best(&self) -> Option<&f32> {
        self.xs.iter().max_by(|a, b| a.total_cmp(b))
    }
}
fn main() {
    let l = Log { xs: vec![1.0, 3.0] };
    let b;
    {
        b = l.best();
    }
    println!("{:?}", b);
}
""",
        runs("Some(3.0)\n"),
    ),
    "outlived_block_s13": (
        """\
fn pick<'a>(a: &'a str, _b: &str) -> &'a str {
    a
}
fn main() {
    let keep = String::from("k");
    let p;
    {
        let tmp = String::from("t");
        p = pick(&keep, &tmp);
    }
    println!("{}", p);
}
""",
        runs("k\n"),
    ),
    "collect_into_k01": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let total: f32 = v.iter().map(|x| x * 2.0).collect();
    println!("{}", total);
}
""",
        rejects("E0277"),
    ),
    "collect_into_k02": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let total: f32 = v.iter().map(|x| x * 2.0).sum();
    println!("{}", total);
}
""",
        runs("6\n"),
    ),
    "collect_into_k03": (
        """\
fn main() {
    let words = vec!["a", "b"];
    let joined: String = words.iter().map(|w| w.to_uppercase()).collect();
    let ok: bool = words.iter().map(|w| w.len() > 0).collect();
    println!("{} {}", joined, ok);
}
""",
        rejects("E0277"),
    ),
    "collect_into_k05": (
        """\
fn main() {
    let xs = vec![1u8, 2, 3];
    let (small, big): (Vec<u8>, Vec<u8>) = xs.iter().partition(|x| **x < 2);
    println!("{:?} {:?}", small, big);
}
""",
        runs("[1] [2, 3]\n"),
    ),
    "collect_into_k06": (
        """\
fn main() {
    let xs = vec![1i64, 2, 3];
    let (a, b) = xs.into_iter().partition::<Vec<i32>, _>(|x| *x > 1);
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0277"),
    ),
    "collect_into_k07": (
        """\
fn main() {
    let xs = vec![1i64, 2, 3];
    let (a, b) = xs.into_iter().partition::<Vec<i64>, _>(|x| *x > 1);
    println!("{:?} {:?}", a, b);
}
""",
        runs("[2, 3] [1]\n"),
    ),
    "collect_into_k08": (
        """\
fn count(xs: &[u32]) -> usize {
    xs.iter().filter(|x| **x > 1).collect()
}
fn main() {
    println!("{}", count(&[1, 2, 3]));
}
""",
        rejects("E0277"),
    ),
    "fnonce_in_loop_c01": (
        """\
fn main() {
    let feat = vec![1.0f32];
    let features = || feat;
    for step in 0..3 {
        let f = features();
        println!("{} {:?}", step, f);
    }
}
""",
        rejects("E0382"),
    ),
    "fnonce_in_loop_c02": (
        """\
fn main() {
    let feat = vec![1.0f32];
    let features = || feat;
    let a = features();
    let b = features();
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "fnonce_in_loop_c03": (
        """\
fn main() {
    let feat = vec![1.0f32];
    let features = || feat;
    for step in 0..3 {
        match step {
            0 => println!("{:?}", features().len()),
            _ => println!("x"),
        }
    }
}
""",
        rejects("E0382"),
    ),
    "fnonce_in_loop_c04": (
        """\
fn main() {
    let feat = vec![1.0f32];
    let features = || feat.clone();
    for step in 0..3 {
        match step {
            0 => println!("{:?}", features().len()),
            _ => println!("x"),
        }
    }
}
""",
        runs("1\nx\nx\n"),
    ),
    "fnonce_in_loop_c05": (
        """\
fn main() {
    let feat = String::from("a");
    let take = move || feat;
    let mut i = 0;
    while i < 3 {
        if i == 1 {
            println!("{}", take());
        }
        i += 1;
    }
}
""",
        rejects("E0382"),
    ),
    "fnonce_in_loop_c06": (
        """\
fn main() {
    let feat = String::from("a");
    let take = move || feat;
    for i in 0..3 {
        if i == 1 {
            println!("{}", take());
            break;
        }
    }
}
""",
        runs("a\n"),
    ),
    "fnonce_in_loop_c07": (
        """\
fn main() {
    let feat = vec![2u8];
    let take = || feat;
    let n = 3;
    if n > 2 {
        println!("{:?}", take());
    } else {
        println!("{:?}", take());
    }
}
""",
        runs("[2]\n"),
    ),
    "fnonce_in_loop_c08": (
        """\
fn main() {
    let feat = vec![2u8];
    let take = || feat;
    for k in 0..2 {
        let v = if k == 5 { take() } else { vec![] };
        println!("{:?}", v);
    }
}
""",
        rejects("E0382"),
    ),
    "fnonce_in_loop_c09": (
        """\
fn main() {
    let feat = vec![1u8];
    let features = || feat;
    let mut step = 0;
    loop {
        step += 1;
        if step > 3 {
            break;
        }
        let f = features();
        println!("{:?}", f);
        if step == 2 {
            break;
        }
    }
}
""",
        rejects("E0382"),
    ),
    "fnonce_in_loop_c10": (
        """\
fn main() {
    let feat = vec![1u8];
    let features = || feat;
    let mut step = 0;
    loop {
        step += 1;
        if step > 3 {
            continue;
        }
        let f = features();
        println!("{:?}", f);
        break;
    }
}
""",
        runs("[1]\n"),
    ),
    "fnonce_in_loop_c11": (
        """\
fn main() {
    let name = String::from("n");
    let mut hits = 0;
    let show = || println!("{}", name.len());
    let mut i = 0;
    while i < 3 {
        show();
        hits += 1;
        if hits > 1 {
            break;
        }
        i += 1;
    }
    println!("{}", hits);
}
""",
        runs("1\n1\n2\n"),
    ),
    "fnonce_in_loop_c12": (
        """\
fn main() {
    let feat = String::from("a");
    let take = move || feat;
    for i in 0..3 {
        match i {
            1 => {
                println!("{}", take());
                return;
            }
            _ => println!("-"),
        }
    }
}
""",
        runs("-\na\n"),
    ),
    "fnonce_in_loop_c13": (
        """\
fn main() {
    let feat = String::from("a");
    let take = move || feat;
    for i in 0..3 {
        match i {
            1 => {
                println!("{}", take());
            }
            _ => println!("-"),
        }
    }
}
""",
        rejects("E0382"),
    ),
    "mixed_shape_z01": (
        """\
struct Run {
    losses: Vec<f32>,
}
impl Run {
    fn last(&self) -> Option<f32> {
        self.losses.iter().last()
    }
}
fn main() {
    let r = Run { losses: vec![0.5] };
    println!("{:?}", r.last());
}
""",
        rejects("E0308"),
    ),
    "mixed_shape_z02": (
        """\
struct Run {
    losses: Vec<f32>,
}
impl Run {
    fn best(&self) -> f32 {
        *self.losses.iter().min_by(|a, b| a.total_cmp(b)).unwrap()
    }
}
fn main() {
    let r = Run {
        losses: vec![0.5, 0.25],
    };
    println!("{}", r.best());
}
""",
        runs("0.25\n"),
    ),
    "mixed_shape_z03": (
        """\
struct Run {
    names: Vec<String>,
}
impl Run {
    fn first(&self) -> String {
        let n = &self.names[0];
        *n
    }
}
fn main() {
    let r = Run {
        names: vec!["a".into()],
    };
    println!("{}", r.first());
}
""",
        rejects("E0507"),
    ),
    "mixed_shape_z04": (
        """\
fn main() {
    let rows = vec![(1, 2.0f32, "a"), (2, 3.0, "b")];
    let total: f32 = rows.iter().map(|(_, x)| x).sum();
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "mixed_shape_z05": (
        """\
fn main() {
    let rows = vec![(1, 2.0f32, "a"), (2, 3.0, "b")];
    let total: f32 = rows.iter().map(|(_, x, _)| x).sum();
    println!("{}", total);
}
""",
        runs("5\n"),
    ),
    "mixed_shape_z06": (
        """\
#[derive(Debug)]
enum Ev {
    Loss(f32),
    Note(String),
}
fn main() {
    let evs = vec![Ev::Loss(0.5), Ev::Note("x".into())];
    let mut kept = Vec::new();
    for e in &evs {
        match e {
            Ev::Note(_) => kept.push(*e),
            Ev::Loss(_) => {}
        }
    }
    println!("{:?}", kept);
}
""",
        rejects("E0507"),
    ),
    "mixed_shape_z07": (
        """\
fn main() {
    let grid: Vec<Vec<Option<u8>>> = vec![vec![None; 2]; 2];
    let mut out: Vec<Option<u8>> = vec![None; 2];
    for (i, row) in grid.iter().enumerate() {
        out[i] = row[0];
    }
    let k = 7u8;
    out[0] = Some(&k);
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "mixed_shape_z08": (
        """\
fn pick(v: &Vec<(String, f32)>) -> Option<(String, f32)> {
    v.iter().max_by(|a, b| a.1.total_cmp(&b.1))
}
fn main() {
    println!("{:?}", pick(&vec![("a".into(), 1.0)]));
}
""",
        rejects("E0308"),
    ),
    "mixed_shape_z09": (
        """\
fn main() {
    let cfg = (0.1f32, 32usize, "adam");
    let (lr, bs) = cfg;
    println!("{} {}", lr, bs);
}
""",
        rejects("E0308"),
    ),
    "mixed_shape_z10": (
        """\
fn split(v: &[f32]) -> (Vec<f32>, Vec<f32>) {
    (v[..1].to_vec(), v[1..].to_vec())
}
fn main() {
    let data = vec![1.0, 2.0, 3.0];
    let (train, val, test) = split(&data);
    println!("{:?} {:?} {:?}", train, val, test);
}
""",
        rejects("E0308"),
    ),
    "mixed_shape_z11": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let upper: Vec<String> = names.iter().map(|n| *n).collect();
    println!("{:?}", upper);
}
""",
        rejects("E0507"),
    ),
    "mixed_shape_z12": (
        """\
fn main() {
    let pts = vec![(1.0f32, 2.0f32)];
    let xs: Vec<f32> = pts.iter().map(|&(x, _)| x).collect();
    let ys: Vec<f32> = pts.into_iter().map(|&(_, y)| y).collect();
    println!("{:?} {:?}", xs, ys);
}
""",
        rejects("E0308"),
    ),
    "returned_local_l09": (
        """\
fn biggest(v: &[i32]) -> &i32 {
    let mut c = v.to_vec();
    c.sort();
    match c.last() {
        Some(x) => x,
        None => &v[0],
    }
}
fn main() {
    println!("{}", biggest(&[3, 1]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l13": (
        """\
fn biggest(v: &[i32]) -> &i32 {
    let c = v.to_vec();
    let m = c.iter().max().unwrap();
    m
}
fn main() {
    println!("{}", biggest(&[3, 1]));
}
""",
        rejects("E0515"),
    ),
    "returned_local_l14": (
        """\
fn biggest(v: &[i32]) -> &i32 {
    let m = v.iter().max().unwrap();
    m
}
fn main() {
    println!("{}", biggest(&[3, 1]));
}
""",
        runs("3\n"),
    ),
    "returned_local_l15": (
        """\
fn biggest(v: &Vec<i32>) -> &i32 {
    match v.last() {
        Some(x) => x,
        None => &0,
    }
}
fn main() {
    println!("{}", biggest(&vec![3, 1]));
}
""",
        runs("1\n"),
    ),
    "returned_local_l16": (
        """\
fn name(ws: &Vec<String>) -> &String {
    let mut sorted = ws.clone();
    sorted.sort();
    if let Some(first) = sorted.first() {
        return first;
    }
    &ws[0]
}
fn main() {
    println!("{}", name(&vec!["b".to_string(), "a".to_string()]));
}
""",
        rejects("E0515"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
