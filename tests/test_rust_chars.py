"""Rust's `char` in the interpreter: literals (escapes included), `u8 as char` and `c as u32`,
comparison, Display and Debug (`'a'`, `'\\''`, `'\\u{7f}'`), `String::push`, `str::chars`, and
char's predicates and conversions (`pbpit/rust/interp/char_methods.py`); and what rustc rejects
of them: a cast to char from other than u8 (E0604), a char cast to a float (E0606), arithmetic
on chars (E0369), a `&str` where a char is expected (E0308).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, the
binary run): the first error code, or the stdout. Where rustc is on PATH, a test checks the
recorded verdicts are still rustc's. A predicate whose answer for other than ASCII follows
Rust's Unicode tables (`is_alphabetic` of 'é') is refused, not guessed. Also here: str's
pattern methods (`str_patterns.py`) and the integer formats `{:x}` `{:X}` `{:b}` `{:o}`.
"""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, pbpit_gives, rejects, runs, stale

CASES = {
    "literals_display_and_debug": (
        """\
fn main() {
    let c = 'a';
    let q: char = '\\'';
    println!("{} {:?} {:?} {:?} {:?} {:?} [{:>3}] [{:<2}]", c, c, q, '\\n', '"', '\\\\', c, 'b');
    println!("{:?} {:?} {} {:?}", '\\u{e9}', '\\x7f', '\\u{e9}', '\\0');
    println!("{:?} {:?}", vec!['x', 'y'], (1, 'a'));
}
""",
        runs(
            "a 'a' '\\'' '\\n' '\"' '\\\\' [  a] [b ]\n'é' '\\u{7f}' é '\\0'\n['x', 'y'] (1, 'a')\n"
        ),
    ),
    "casts_and_comparisons": (
        """\
fn main() {
    let b: u8 = 98;
    let c = b as char;
    println!("{} {} {} {} {}", c, c as u32, 'z' as u8, 'é' as u8, 97 as char);
    println!("{} {} {} {}", 'a' < c, c == 'b', c != 'b', 'é' > 'z');
    let mut v = vec!['q', 'b', 'x'];
    v.sort();
    println!("{:?}", v);
}
""",
        runs("b 98 122 233 a\ntrue true false true\n['b', 'q', 'x']\n"),
    ),
    "push_and_chars": (
        """\
fn main() {
    let mut s = String::new();
    s.push('[');
    let mut total = 0u32;
    for c in "a1 B9".chars() {
        if let Some(d) = c.to_digit(10) {
            total = total * 10 + d;
        }
        s.push(c.to_ascii_uppercase());
    }
    s.push(']');
    println!("{} {} {}", s, s.len(), total);
    println!("{}", "x7f".chars().filter(|c| c.is_digit(16)).count());
}
""",
        runs("[A1 B9] 7 19\n2\n"),
    ),
    "predicates": (
        """\
fn main() {
    for c in ['a', 'Z', '7', ' ', '\\t', '!', '\\u{a0}'] {
        println!(
            "{:?} {} {} {} {} {:?}",
            c,
            c.is_ascii_digit(),
            c.is_ascii_punctuation(),
            c.is_whitespace(),
            c.is_ascii_whitespace(),
            c.to_digit(36)
        );
    }
}
""",
        runs(
            "'a' false false false false Some(10)\n'Z' false false false false Some(35)\n"
            "'7' true false false false Some(7)\n' ' false false true true None\n"
            "'\\t' false false true true None\n'!' false true false false None\n"
            "'\\u{a0}' false false true false None\n"
        ),
    ),
    "u32_cast_to_char": (
        'fn main() {\n    let c = 300u32 as char;\n    println!("{}", c);\n}\n',
        rejects("E0604"),
    ),
    "bool_cast_to_char": (
        'fn main() {\n    let c = true as char;\n    println!("{}", c);\n}\n',
        rejects("E0604"),
    ),
    "char_cast_to_float": (
        "fn main() {\n    let x = 'a' as f32;\n    println!(\"{}\", x);\n}\n",
        rejects("E0606"),
    ),
    "str_given_for_char": (
        'fn main() {\n    let c: char = "a";\n    println!("{}", c);\n}\n',
        rejects("E0308"),
    ),
    "str_pushed": (
        'fn main() {\n    let mut s = String::new();\n    s.push("a");\n'
        '    println!("{}", s);\n}\n',
        rejects("E0308"),
    ),
    "push_to_an_immutable_string": (
        "fn main() {\n    let s = String::new();\n    s.push('a');\n    println!(\"{}\", s);\n}\n",
        rejects("E0596"),
    ),
    "char_plus_integer": (
        "fn main() {\n    let c = 'a';\n    println!(\"{}\", c + 1);\n}\n",
        rejects("E0369"),
    ),
    "char_and_str_patterns": (
        """\
fn main() {
    let line = "key = value=2";
    let mut parts = line.splitn(2, '=');
    let k = parts.next().unwrap().trim();
    println!("{} [{}] {}", line.contains('='), k, parts.next().unwrap());
    println!("{:?} {:?}", "a,b,,c".split(',').collect::<Vec<_>>(), "h\\u{e9}llo".find('l'));
    println!("{} {}", "[[x]]".trim_matches('['), "#t".starts_with('#'));
}
""",
        runs('true [key]  value=2\n["a", "b", "", "c"] Some(3)\nx]] true\n'),
    ),
    "closure_patterns": (
        """\
fn main() {
    let w = "--Hi, you!!";
    println!("[{}]", w.trim_matches(|c: char| !c.is_alphanumeric()));
    println!("{:?}", "a1b22c".split(|c: char| c.is_ascii_digit()).collect::<Vec<_>>());
    println!("{:?}", "h\\u{e9}llo w".find(|c: char| c == 'w'));
}
""",
        runs('[Hi, you]\n["a", "b", "", "c"]\nSome(7)\n'),
    ),
    "closure_pattern_returning_a_char": (
        'fn main() {\n    println!("{}", "ab".contains(|c: char| c));\n}\n',
        rejects("E0271"),
    ),
    "char_patterns_and_collect_into_string": (
        """\
fn main() {
    for c in "a7 ".chars() {
        let kind = match c {
            'a' | 'e' => "vowel",
            '0'..='9' => "digit",
            _ => "other",
        };
        print!("{} ", kind);
    }
    let s: String = "abc".chars().rev().collect();
    println!("{} {}", s, "xy".chars().map(|c| c.to_ascii_uppercase()).collect::<String>());
    println!("{}", 'q'.to_string() + "!");
}
""",
        runs("vowel digit other cba XY\nq!\n"),
    ),
    "chars_collected_into_a_vec_of_numbers": (
        'fn main() {\n    let v: Vec<i32> = "ab".chars().collect();\n    println!("{:?}", v);\n}\n',
        rejects("E0277"),
    ),
    "integer_radix_formats": (
        """\
fn main() {
    let n: u32 = 255;
    println!("{:x} {:X} {:#x} {:b} {:#06x} {:08b} {:o} {:x}", n, n, n, 5u8, n, 5u8, 8, -5i32);
    println!("[{:>6x}] [{:<#6x}] {:+x}", n, n, 10);
}
""",
        runs("ff FF 0xff 101 0x00ff 00000101 10 fffffffb\n[    ff] [0xff  ] +a\n"),
    ),
    "exp_formats": (
        """\
fn main() {
    println!("{:e} {:e} {:E} {:e} {:e}", 1234.5f64, 0.1f32, 1.0f64, 1500, -0.0f64);
}
""",
        runs("1.2345e3 1e-1 1E0 1.5e3 -0e0\n"),
    ),
    "integer_pattern": (
        'fn main() {\n    println!("{}", "a5".contains(5));\n}\n',
        rejects("E0277"),
    ),
    "owned_string_pattern": (
        'fn main() {\n    let p = String::from(",");\n    println!("{}", "a,b".contains(p));\n}\n',
        rejects("E0277"),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives(CASES, name)


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []


@pytest.mark.parametrize("method", ["is_alphabetic", "is_numeric", "is_uppercase"])
def test_a_unicode_table_answer_is_refused_not_guessed(method):
    source = f"fn main() {{\n    let c = 'é';\n    println!(\"{{}}\", c.{method}());\n}}\n"
    found = judge(source, diff.pbpit_verdict)
    assert found.state == "rejected" and "Unicode" in found.detail, found


@pytest.mark.parametrize("value", ["1.5f32", "'a'"])
def test_a_radix_format_of_other_than_an_integer_is_refused(value):
    """rustc: E0277 (`f32: LowerHex` is not satisfied); pbpit refuses it in words."""
    found = judge(f'fn main() {{\n    println!("{{:x}}", {value});\n}}\n', diff.pbpit_verdict)
    assert found.state == "rejected" and "{:x}" in found.detail, found
