"""A `str` slice taken by value (`s[0..2]`, unsized) given for a parameter of type `&str`
(`push_str`, `insert_str`, `u8::from_str_radix`) is rustc's E0308 (expected `&str`, found
`str`), told where a `String` value is (`string_edits.refuse_str_value`); pbpit said E0277 (the
unsized value's `Sized` obligation, which rustc reports only later). Found by the differential
(tools/rustc_differential.py, seed 98000, mutant 639: a borrow dropped). Verdicts recorded from
rustc 1.95 (`rustc_verdicts`)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "push_str_of_a_str_slice": (
        """\
fn main() {
    let s = String::from("abcdef");
    let mut t = String::new();
    t.push_str(s[0..2]);
    println!("{}", t);
}
""",
        rejects("E0308"),
    ),
    "from_str_radix_of_a_str_slice": (
        """\
fn main() { let s = "ff00"; let v = u8::from_str_radix(s[0..2], 16).unwrap(); println!("{}", v); }
""",
        rejects("E0308"),
    ),
    "insert_str_of_a_str_slice": (
        """\
fn main() {
    let s = String::from("abcdef");
    let mut t = String::new();
    let _ = t.insert_str(0, s[0..1]);
    println!("{}", t);
}
""",
        rejects("E0308"),
    ),
    "hex_color_slice_by_value": (
        """\
use std::num::ParseIntError;
fn parse_hex_color(s: &str) -> Result<(u8, u8, u8), ParseIntError> {
    let s = s.trim_start_matches('#');
    let r = u8::from_str_radix(&s[0..2], 16)?;
    let g = u8::from_str_radix(&s[2..4], 16)?;
    let b = u8::from_str_radix(s[4..6], 16)?;
    Ok((r, g, b))
}
fn to_base(mut n: u32, base: u32) -> String {
    if n == 0 {
        return "0".to_string();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(char::from_digit(n % base, base).unwrap());
        n /= base;
    }
    out.iter().rev().collect()
}
fn main() {
    println!("{:?}", parse_hex_color("#ff8000"));
    println!("{:?}", parse_hex_color("#zz8000"));
    for text in ["101", "-101", "+7", "", "-", "1_0", "FfFf", "80000000"] {
        println!(
            "{:?} {:?} {:?}",
            i32::from_str_radix(text, 2),
            u16::from_str_radix(text, 16),
            i64::from_str_radix(text, 36)
        );
    }
    println!("{:?}", i8::from_str_radix("-80", 16));
    println!("{:?}", i8::from_str_radix("-81", 16));
    match u32::from_str_radix("12", 3) {
        Ok(v) => println!("ok {}", v),
        Err(e) => println!("err {}", e),
    }
    let e = u8::from_str_radix("300", 10).unwrap_err();
    println!("{} / {:?}", e, e);
    println!(
        "{} {} {}",
        to_base(255, 2),
        to_base(255, 16),
        to_base(12345, 36)
    );
    let digits: Vec<Option<char>> = (8..12).map(|d| char::from_digit(d, 10)).collect();
    println!("{:?}", digits);
    println!(
        "{:?} {:?} {:?}",
        char::from_u32(0x41),
        char::from_u32(0xD800),
        char::from_u32(0x1F600).is_some()
    );
    let v = Vec::from([3.5f32, 1.0]);
    let arr = [1u8, 2, 3];
    let w = Vec::from(&arr[1..]);
    let z: Vec<i64> = Vec::from(&[7, 8]);
    let mut grown = Vec::from(arr);
    grown.push(4);
    println!("{:?} {:?} {:?} {:?} {:?}", v, w, z, grown, arr);
}
""",
        rejects("E0308"),
    ),
    "slices_borrowed_twin": (
        """\
fn main() {
    let s = "12";
    let n: i32 = s[0..1].parse().unwrap();
    let m = i64::from_str_radix(&s[1..], 10).unwrap();
    println!("{} {}", n, m);
}
""",
        runs("1 2\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
