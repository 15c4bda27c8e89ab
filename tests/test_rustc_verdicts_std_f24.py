"""std programs rustc accepts that pbpit refused or falsely rejected, with look-alikes rustc
rejects (issue 26, session 24's fixer F): `Iterator::unzip` of pairs into two `Vec`s
(`iter_unzip.py`; `v.iter().unzip()` of references is rustc's E0271); `assert_eq!(a[..2],
b[..2])` (the macro compares through `&`: no unsized value, `let c = a[..2];` still E0277); `for
(name, count) in v.iter_mut()` (or `&mut v`) of a `Vec`/array of pairs
(`iter_mut_pairs.py`: `*count` the place `v[i].1`; `v.len()` in the loop E0502, `v` not `mut`
E0596); `#[derive(Hash, PartialEq, Eq)]` of a struct or an enum with fields as a `HashMap` or
`HashSet` key (`derived_hash.py`; a float field is rustc's E0277). Verdicts recorded from
rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is on PATH); the programs
were written after the change."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "std_u02": (
        """\
fn square(i: u32) -> u32 {
    i * i
}

fn main() {
    let (xs, ys): (Vec<u32>, Vec<u32>) = (1..5).map(|i| (i, square(i))).unzip();
    let total: u32 = ys.iter().sum();
    println!("{:?} {}", xs, total);
}
""",
        runs("[1, 2, 3, 4] 30\n"),
    ),
    "std_u03": (
        """\
fn main() {
    let data = vec![(1, 2.0f32), (3, 4.0)];
    let (a, b): (Vec<i32>, Vec<f32>) = data.iter().unzip();
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0271"),
    ),
    "std_u04": (
        """\
fn main() {
    let words = vec!["a", "bb", "ccc"];
    let (idx, lens): (Vec<usize>, Vec<usize>) = words.iter().map(|w| w.len()).enumerate().unzip();
    let (w2, l2): (Vec<&str>, Vec<usize>) = words.iter().map(|w| (*w, w.len())).unzip();
    println!("{:?} {:?} {:?} {:?}", idx, lens, w2, l2);
}
""",
        runs('[0, 1, 2] [1, 2, 3] ["a", "bb", "ccc"] [1, 2, 3]\n'),
    ),
    "std_u05": (
        """\
#[derive(Debug, Clone)]
struct Sample {
    x: f64,
    y: f64,
}

fn main() {
    let samples = vec![Sample { x: 1.0, y: 2.0 }, Sample { x: 3.0, y: 5.0 }];
    let (xs, ys): (Vec<f64>, Vec<f64>) = samples.iter().cloned().map(|s| (s.x, s.y)).unzip();
    let pairs: Vec<(f64, f64)> = xs.iter().copied().zip(ys.iter().copied()).collect();
    let (back_x, back_y): (Vec<f64>, Vec<f64>) = pairs.into_iter().unzip();
    println!("{:?} {:?}", back_x, back_y);
}
""",
        runs("[1.0, 3.0] [2.0, 5.0]\n"),
    ),
    "std_u06": (
        """\
fn main() {
    let v = vec![(1, 'a'), (2, 'b'), (3, 'c')];
    let (nums, chars): (Vec<i32>, Vec<char>) = v.iter().cloned().unzip();
    let (even, odd): (Vec<i32>, Vec<i32>) = (1..7).partition(|x| x % 2 == 0);
    let pairs: Vec<(usize, f64)> = vec![(0, 0.5), (1, 1.5)];
    let (idx, vals): (Vec<usize>, Vec<f64>) = pairs.into_iter().unzip();
    let (a, b) = (0..4).map(|i| (i, i * i)).unzip::<i32, i32, Vec<i32>, Vec<i32>>();
    println!("{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}", nums, chars, even, odd, idx, vals, a, b);
}
""",
        runs(
            "[1, 2, 3] ['a', 'b', 'c'] [2, 4, 6] [1, 3, 5] [0, 1] [0.5, 1.5] "
            "[0, 1, 2, 3] [0, 1, 4, 9]\n"
        ),
    ),
    "std_u07": (
        """\
fn main() {
    let grid = vec![(0usize, 1.5f64), (2, 2.5)];
    let (rows, weights) = grid.iter().unzip::<usize, f64, Vec<usize>, Vec<f64>>();
    println!("{:?} {:?}", rows, weights);
}
""",
        rejects("E0271"),
    ),
    "std_a01": (
        """\
fn main() {
    let a = vec![1, 2, 3];
    let b = vec![1, 2, 4];
    assert_eq!(a[..2], b[..2]);
    assert_ne!(a[1..], b[1..]);
    let s = String::from("hello");
    assert_eq!(s[..2], *"he");
    println!("ok");
}
""",
        runs("ok\n"),
    ),
    "std_a02": (
        """\
fn main() {
    let xs = [0.5f64, 1.5, 2.5];
    let ys = vec![0.5f64, 1.5, 9.0];
    assert_eq!(xs[..2], ys[..2], "prefix differs");
    assert_eq!(xs[1..], ys[1..], "tail differs");
}
""",
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:5:5:\nassertion `left == right` failed: "
            "tail differs\n  left: [1.5, 2.5]\n right: [1.5, 9.0]\nnote: run with "
            "`RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "std_a03": (
        """\
fn main() {
    let a = vec![1, 2, 3];
    let b = vec![1, 2, 3];
    let c = a[..2];
    assert_eq!(c, b[..2]);
}
""",
        rejects("E0277"),
    ),
    "std_p01": (
        """\
fn scale(weights: &mut Vec<(String, f64)>, k: f64) {
    for (name, w) in weights.iter_mut() {
        *w *= k;
        name.push_str("_scaled");
    }
}

fn main() {
    let mut ws = vec![("w1".to_string(), 0.5), ("w2".to_string(), -1.25)];
    scale(&mut ws, 2.0);
    println!("{:?}", ws);
}
""",
        runs('[("w1_scaled", 1.0), ("w2_scaled", -2.5)]\n'),
    ),
    "std_p02": (
        """\
fn main() {
    let mut pairs = vec![(1, 2.0f32), (3, 4.0)];
    for (a, b) in &mut pairs {
        *a += 1;
        *b = *b * 0.5;
        println!("{} {}", a, b);
    }
    println!("{:?}", pairs);
}
""",
        runs("2 1\n4 2\n[(2, 1.0), (4, 2.0)]\n"),
    ),
    "std_p03": (
        """\
fn main() {
    let mut counts: Vec<(char, u32)> = vec![('a', 0), ('b', 5)];
    for (_, n) in counts.iter_mut() {
        *n += 10;
    }
    for (c, _) in counts.iter_mut() {
        *c = c.to_ascii_uppercase();
    }
    println!("{:?}", counts);
}
""",
        runs("[('A', 10), ('B', 15)]\n"),
    ),
    "std_p04": (
        """\
fn main() {
    let mut pairs = vec![(1, 2), (3, 4)];
    for (a, b) in pairs.iter_mut() {
        *a += pairs.len();
        *b += 1;
    }
}
""",
        rejects("E0502"),
    ),
    "std_p05": (
        """\
fn main() {
    let pairs = vec![(1, 2), (3, 4)];
    for (a, b) in pairs.iter_mut() {
        *a += *b;
    }
    println!("{:?}", pairs);
}
""",
        rejects("E0596"),
    ),
    "std_p06": (
        """\
struct Tracker {
    best: Vec<(usize, f64)>,
}

fn main() {
    let mut t = Tracker { best: vec![(0, 0.5), (1, 0.25)] };
    let mut grid = [(1u8, 'x'), (2, 'y')];
    for (step, loss) in grid.iter_mut() {
        *step *= 3;
        *loss = 'z';
    }
    let total: f64 = t.best.iter().map(|p| p.1).sum();
    t.best.push((2, total));
    println!("{:?} {:?}", grid, t.best);
}
""",
        runs("[(3, 'z'), (6, 'z')] [(0, 0.5), (1, 0.25), (2, 0.75)]\n"),
    ),
    "std_h01": (
        """\
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Edge {
    from: usize,
    to: usize,
}

fn main() {
    let mut weights: HashMap<Edge, f64> = HashMap::new();
    weights.insert(Edge { from: 0, to: 1 }, 0.5);
    weights.insert(Edge { from: 1, to: 2 }, 1.5);
    *weights.entry(Edge { from: 0, to: 1 }).or_insert(0.0) += 1.0;
    let e = Edge { from: 0, to: 1 };
    let far = weights.contains_key(&Edge { from: 2, to: 0 });
    println!("{:?} {} {}", weights.get(&e), weights.len(), far);
}
""",
        runs("Some(1.5) 2 false\n"),
    ),
    "std_h02": (
        """\
use std::collections::HashSet;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Cell(i32, i32);

fn neighbours(c: Cell) -> Vec<Cell> {
    vec![Cell(c.0 + 1, c.1), Cell(c.0 - 1, c.1), Cell(c.0, c.1 + 1)]
}

fn main() {
    let mut seen = HashSet::new();
    let start = Cell(0, 0);
    seen.insert(start);
    for n in neighbours(start) {
        seen.insert(n);
    }
    for n in neighbours(Cell(1, 0)) {
        seen.insert(n);
    }
    println!("{} {}", seen.len(), seen.contains(&Cell(2, 0)));
}
""",
        runs("6 true\n"),
    ),
    "std_h04": (
        """\
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Token {
    Word(String),
    Num(i64),
}

fn main() {
    let mut counts: HashMap<Token, u32> = HashMap::new();
    for t in [Token::Word("a".to_string()), Token::Num(3), Token::Word("a".to_string())] {
        *counts.entry(t).or_insert(0) += 1;
    }
    println!("{:?} {:?}", counts.get(&Token::Word("a".to_string())), counts.get(&Token::Num(4)));
}
""",
        runs("Some(2) None\n"),
    ),
    "std_h06": (
        """\
use std::collections::HashMap;

#[derive(Debug, PartialEq, Hash)]
struct Sample {
    id: u32,
    weight: f32,
}

fn main() {
    let m: HashMap<u32, Sample> = HashMap::new();
    println!("{}", m.len());
}
""",
        rejects("E0277"),
    ),
    "std_u08": (
        """\
fn main() {
    let v = vec![1, 2, 3, 4, 5];
    let (small, big): (Vec<i32>, Vec<i32>) = v.iter().partition(|&&x| x < 3);
    println!("{:?} {:?}", small, big);
    let (a, b): (Vec<_>, Vec<_>) = v.iter().map(|x| x * 2).partition(|x| *x > 4);
    println!("{:?} {:?}", a, b);
    let (ev, od): (Vec<usize>, Vec<usize>) = (0..6usize).partition(|i| i % 2 == 0);
    println!("{:?} {:?}", ev, od);
    let parts = v.iter().fold((0, 0), |(s, c), x| (s + x, c + 1));
    println!("{:?}", parts);
    let (lo, hi) = v.split_at(2);
    println!("{:?} {:?}", lo, hi);
    let (names, ages): (Vec<&str>, Vec<u32>) = [("a", 1u32), ("b", 2)].into_iter().unzip();
    println!("{:?} {:?}", names, ages);
    let (xs, ys): (Vec<f64>, Vec<f64>) = v.iter().map(|&x| (x as f64, (x * x) as f64)).unzip();
    println!("{:?} {:?}", xs, ys);
}
""",
        runs(
            "[1, 2] [3, 4, 5]\n"
            "[6, 8, 10] [2, 4]\n"
            "[0, 2, 4] [1, 3, 5]\n"
            "(15, 5)\n"
            "[1, 2] [3, 4, 5]\n"
            '["a", "b"] [1, 2]\n'
            "[1.0, 2.0, 3.0, 4.0, 5.0] [1.0, 4.0, 9.0, 16.0, 25.0]\n"
        ),
    ),
    "std_u09": (
        """\
fn main() {
    let data = vec![(1u8, 'a'), (2, 'b')];
    let (nums, letters): (Vec<u8>, Vec<char>) = data.into_iter().unzip();
    let (sq, cube): (Vec<u32>, Vec<u32>) = (1..=3u32).map(|n| (n * n, n * n * n)).unzip();
    println!("{:?} {:?} {:?} {:?}", nums, letters, sq, cube);
}
""",
        runs("[1, 2] ['a', 'b'] [1, 4, 9] [1, 8, 27]\n"),
    ),
    "std_p07": (
        """\
fn main() {
    let mut table: Vec<(u32, String)> = Vec::new();
    table.push((1, "x".to_string()));
    table.push((2, "y".to_string()));
    for (id, label) in table.iter_mut() {
        *id *= 10;
        label.insert(0, '#');
    }
    println!("{:?}", table);
}
""",
        runs('[(10, "#x"), (20, "#y")]\n'),
    ),
    "std_p08": (
        """\
fn bump(scores: &mut [(String, f32)]) {
    for (_, s) in scores.iter_mut() {
        *s += 0.5;
    }
}

fn main() {
    let mut scores = vec![("a".to_string(), 1.0f32), ("b".to_string(), 2.0)];
    bump(&mut scores);
    println!("{:?}", scores);
}
""",
        runs('[("a", 1.5), ("b", 2.5)]\n'),
    ),
    "std_h07": (
        """\
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Coord {
    row: i64,
    col: i64,
}

fn main() {
    let mut visits: HashMap<Coord, u32> = HashMap::new();
    let path = [Coord { row: 0, col: 0 }, Coord { row: 0, col: 1 }, Coord { row: 0, col: 0 }];
    for c in path.iter() {
        *visits.entry(*c).or_insert(0) += 1;
    }
    let mut keys: Vec<&Coord> = visits.keys().collect();
    keys.sort();
    println!("{:?} {}", keys, visits[&Coord { row: 0, col: 0 }]);
}
""",
        runs("[Coord { row: 0, col: 0 }, Coord { row: 0, col: 1 }] 2\n"),
    ),
    "std_h08": (
        """\
use std::collections::HashSet;

#[derive(PartialEq, Eq, Hash, Debug)]
struct Pair(String, u8);

fn main() {
    let mut set: HashSet<Pair> = HashSet::new();
    set.insert(Pair("a".into(), 1));
    let fresh = set.insert(Pair("a".into(), 1));
    let other = set.insert(Pair("a".into(), 2));
    println!("{} {} {}", fresh, other, set.len());
}
""",
        runs("false true 2\n"),
    ),
    "std_p09": (
        """\
fn main() {
    let mut hist = [(0usize, 0u64); 3];
    for (i, (bucket, count)) in hist.iter_mut().enumerate() {
        *bucket = i * 2;
        *count += i as u64;
    }
    println!("{:?}", hist);
}
""",
        runs("[(0, 0), (2, 1), (4, 2)]\n"),
    ),
    "std_p10": (
        """\
fn main() {
    let mut rows: Vec<(f64, f64)> = vec![(1.0, 2.0), (3.0, 4.0)];
    for (i, (x, y)) in rows.iter_mut().enumerate() {
        *x += i as f64;
        *y = *x * 2.0;
        println!("{i}: {x} {y}");
    }
    for (_, (a, _)) in rows.iter_mut().enumerate() {
        *a = -*a;
    }
    println!("{:?}", rows);
}
""",
        runs("0: 1 2\n1: 4 8\n[(-1.0, 2.0), (-4.0, 8.0)]\n"),
    ),
    "std_p11": (
        """\
fn main() {
    let mut rows = vec![(1, 2), (3, 4)];
    for (i, (x, y)) in rows.iter_mut().enumerate() {
        *x += i;
        *y += rows.len();
    }
}
""",
        rejects("E0502"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
