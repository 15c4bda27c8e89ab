"""std programs rustc accepts that pbpit refused or falsely rejected, with look-alikes rustc
rejects (issue 26, session 24's fixer F): `Iterator::unzip` of pairs into two `Vec`s
(`iter_unzip.py`; `v.iter().unzip()` of references is rustc's E0271). Verdicts recorded from
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
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
