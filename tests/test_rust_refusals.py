"""What `pbpit run FILE.rs` says of a file it cannot run: every construct outside the subset at
once, each at `file:line:col` with what to write instead; the errors rustc reports in rustc's
words (`error[E0308]: mismatched types`), compared with rustc 1.95's own output recorded in
`tests/rust/errors/` (`tools/record_rustc_errors.py`); and crates of `mod name;` files, whose
expected output is what `cargo run` printed for them (rustc 1.95)."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli

ERRORS = Path(__file__).parent / "rust" / "errors"

FIVE_OUTSIDE = """\
union Pair { a: i32 }

fn first(v: Option<i32>) -> i32 {
    let f = |mut o: Option<i32>| { if let Some(b) = o { *b += 1; } o };
    f(v).unwrap_or(0)
}

fn main() {
    let t = b"a";
    let n = t;
    let r = async { 1 };
    let mut m = 1;
    let w = unsafe { m };
    let z = 0;
    println!("{}", first(Some(2)));
}

fn typed() {
    let a: i32 = 1;
    let b: f32 = 2.0;
    let c = a + b;
}
"""


def _write(tmp_path: Path, text: str, name: str = "main.rs") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def test_a_file_with_five_constructs_outside_the_subset_lists_them_all_in_one_run(tmp_path):
    _write(tmp_path, FIVE_OUTSIDE)
    out = pbpit_cli("run", "main.rs", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    header = r"^(error(?:\[E\d{4}\])?: .*)\n +--> (main\.rs:\d+:\d+)$"
    headers = re.findall(header, out.stderr, re.M)
    assert headers == [
        ("error: unsupported Rust: `union` items", "main.rs:1:1"),
        (
            "error: unsupported Rust: assignment through `*b` bound by `if let` to what `Option` "
            "holds",
            "main.rs:4:57",
        ),
        ("error: unsupported Rust: byte strings", "main.rs:9:13"),
        ("error: unsupported Rust: `async` blocks", "main.rs:11:13"),
        ("error: unsupported Rust: `unsafe` blocks", "main.rs:13:13"),
        # rustc 1.95 at the `+` of `a + b` (the function holds nothing outside the subset)
        ("error[E0277]: cannot add `f32` to `i32`", "main.rs:21:15"),
    ]
    # `let n = t;` follows from the refused `let t` and is not refused again.
    assert "main.rs:10:" not in out.stderr
    assert out.stderr.endswith(
        "pbpit: cannot run main.rs: 5 constructs outside the subset pbpit runs and 1 error rustc "
        "reports (docs/RUST_SUBSET.md lists the subset)\n"
    )


def test_each_refusal_says_what_to_write_instead_where_there_is_an_alternative(tmp_path):
    _write(tmp_path, FIVE_OUTSIDE)
    out = pbpit_cli("run", "main.rs", cwd=tmp_path)
    helps = re.findall(r"^ +=  ?help: (.*)$", out.stderr, re.M)
    assert helps == [
        "write a `struct`",
        "write `if let Some(b) = &mut ..`",
        'write `"a".as_bytes()`',
    ]


def test_json_is_one_object_with_every_refusal(tmp_path):
    _write(tmp_path, FIVE_OUTSIDE)
    out = pbpit_cli("run", "main.rs", "--json", cwd=tmp_path)
    assert out.returncode == 2
    data = json.loads(out.stdout)
    assert [(r["code"], r["line"], r["column"]) for r in data["refusals"]] == [
        (None, 1, 1),
        (None, 4, 57),
        (None, 9, 13),
        (None, 11, 13),
        (None, 13, 13),
        ("E0277", 21, 15),
    ]
    assert data["case"] == "main.rs"


def test_one_construct_outside_the_subset_is_a_block_as_several_are(tmp_path):
    _write(tmp_path, 'fn main() {\n    let t = b"a";\n}\n')
    out = pbpit_cli("run", "main.rs", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (
        2,
        "error: unsupported Rust: byte strings\n"
        " --> main.rs:2:13\n"
        "  |\n"
        '2 |     let t = b"a";\n'
        "  |             ^^^^\n"
        "  |\n"
        '  = help: write `"a".as_bytes()`\n'
        "\n"
        "pbpit: cannot run main.rs: 1 construct outside the subset pbpit runs "
        "(docs/RUST_SUBSET.md lists the subset)\n",
    )


def test_a_refusal_found_only_as_the_program_runs_is_a_block_too(tmp_path):
    # `rem_euclid(0)` panics inside core, at a place pbpit has not measured (core_panics.py).
    body = '    let mut a = i32::MIN;\n    a += 0;\n    println!("before");\n'
    body += "    let b = a.rem_euclid(a - a);\n"
    _write(tmp_path, f"fn main() {{\n{body}}}\n")
    out = pbpit_cli("run", "main.rs", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "before\n")
    assert out.stderr.startswith("error: unsupported Rust: `i32::rem_euclid` panics here")
    assert "\n --> main.rs:5:15\n" in out.stderr
    assert out.stderr.endswith("(docs/RUST_SUBSET.md lists the subset)\n")


# -- errors rustc reports, in rustc's words -------------------------------------------------------


def _first_on_each_line(errors: list[dict]) -> list[dict]:
    """rustc's errors, the first of each line (for `f32 * f64` rustc adds an E0277 after the
    E0308; pbpit stops at the first error of a function)."""
    seen: set[int] = set()
    first = []
    for error in errors:
        if error["line"] not in seen:
            seen.add(error["line"])
            first.append(error)
    return first


@pytest.mark.parametrize("name", sorted(p.stem for p in ERRORS.glob("*.rs")))
def test_a_rustc_error_is_reported_as_rustc_reports_it(name):
    recorded = json.loads((ERRORS / f"{name}.rustc.json").read_text())
    out = pbpit_cli("run", f"{name}.rs", "--json", cwd=ERRORS)
    assert out.returncode == 2
    found = [
        {
            "code": r["code"],
            "message": r["message"],
            "line": r["line"],
            "column": r["column"],
            "end_column": r["end_column"],
            "label": r["labels"][0]["text"],
        }
        for r in json.loads(out.stdout)["refusals"]
    ]
    assert found == _first_on_each_line(recorded)


@pytest.mark.parametrize(
    "name", ["int_plus_float", "missing_module", "generic_divide_by_zero", "literal_out_of_range"]
)
def test_a_rustc_error_reads_as_rustcs_text(name):
    rustc = (ERRORS / f"{name}.stderr").read_text()
    out = pbpit_cli("run", f"{name}.rs", cwd=ERRORS)
    shown = out.stderr.split("\n\npbpit: ")[0]
    if name == "int_plus_float":  # rustc goes on with the impls it knows of
        rustc = "\n".join(rustc.splitlines()[:5])
        shown = "\n".join(shown.splitlines()[:5])
    assert shown.rstrip("\n") == rustc.rstrip("\n")


# -- `mod name;` files of a crate -----------------------------------------------------------------

CRATE = {
    "src/main.rs": """\
        mod model;
        #[path = "helpers/numbers.rs"]
        mod util;

        use crate::model::Model;

        fn main() {
            let m = Model::new(3);
            println!("{}", m.size());
            println!("{}", util::twice(m.size()));
            println!("{}", model::layers::depth());
            util::twice(500);
        }
        """,
    "src/model.rs": """\
        pub mod layers;

        pub struct Model {
            n: i32,
        }

        impl Model {
            pub fn new(n: i32) -> Model {
                Model { n }
            }

            pub fn size(&self) -> i32 {
                self.n + layers::depth()
            }
        }
        """,
    "src/model/layers.rs": """\
        pub(crate) fn depth() -> i32 {
            super::super::util::twice(2)
        }
        """,
    "src/helpers/numbers.rs": """\
        pub fn twice(x: i32) -> i32 {
            if x > 100 {
                panic!("too big");
            }
            x * 2
        }
        """,
}


def _crate(tmp_path: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        _write(tmp_path, text, name)


def test_a_crate_of_mod_files_runs_as_cargo_runs_it(tmp_path):
    _crate(tmp_path, CRATE)
    out = pbpit_cli("run", "--raw", "src/main.rs", cwd=tmp_path)
    # `cargo run` (rustc 1.95): the panic names the module file it is in.
    assert out.stdout == "7\n14\n4\n"
    assert "panicked at src/helpers/numbers.rs:3:9:\ntoo big\n" in out.stderr


def test_a_refusal_in_a_module_file_is_at_that_files_line(tmp_path):
    files = dict(CRATE)
    files["src/model/layers.rs"] = 'pub fn depth() -> i32 {\n    let c = b"x";\n    2\n}\n'
    _crate(tmp_path, files)
    out = pbpit_cli("run", "src/main.rs", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith(
        "error: unsupported Rust: byte strings\n --> src/model/layers.rs:2:13\n"
    )


def test_a_private_item_of_a_module_file_is_rustcs_e0603(tmp_path):
    files = dict(CRATE)
    files["src/model/layers.rs"] = "fn depth() -> i32 {\n    2\n}\n"
    _crate(tmp_path, files)
    out = pbpit_cli("run", "src/main.rs", cwd=tmp_path)
    # rustc 1.95: error[E0603] `function `depth` is private`, at each use of `depth`
    assert out.returncode == 2
    header = r"^error\[E0603\]: function `depth` is private\n +--> (.*)$"
    places = re.findall(header, out.stderr, re.M)
    assert sorted(places) == ["src/main.rs:11:35", "src/model.rs:13:26"]
