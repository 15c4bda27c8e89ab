"""Lint where Rust users already are: `cargo pbpit lint` (with a real cargo), cargo's JSON for
rust-analyzer (its shape checked against rustc's own `--error-format=json`), `--fix`, the
pre-commit hook and the GitHub Action, and the progress bar on a terminal."""

from __future__ import annotations

import json
import os
import pty
import re
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from pbpit_process import pbpit_main

from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.lint.apply import fix_in_place
from pbpit.lint.tree import lint_paths

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CARGO = shutil.which("cargo")
RUSTC = shutil.which("rustc")

# A feature computed once before the loop that backpropagates it (the README's example).
# Lines and columns by hand: `x.clone().exp()` is line 8, columns 17..32.
CACHED = """\
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;
type B = Autodiff<Flex>;
fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads));
    }
}
"""
# The same with the machine-applicable fix applied by hand: the loop reads `w`'s gradient only,
# never `x`'s, so `detach it once` loses nothing the program uses (README: `--fix` detaches what
# gets no gradient in the program, recomputes what it trains).
CACHED_FIXED = CACHED.replace("x.clone().exp();", "x.clone().exp().detach();")

# A loss backpropagated twice; line 9 holds the second backward, after a comment with a
# non-ASCII character: `loss.backward()` is at columns 21..36 (1-based, characters) and bytes
# 21..36 past the start of its line (0-based; the `é` is two bytes).
TWICE = """\
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;
type B = Autodiff<Flex>;
fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let loss = x.clone().exp().sum();
    let first = loss.backward();
    /* é */ let g = loss.backward();
    println!("{:?} {:?}", x.grad(&first), x.grad(&g));
}
"""

CLEAN = 'fn main() {\n    println!("nothing tracked");\n}\n'


def _env_with_bin() -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    return {**base, "PATH": f"{BIN}{os.pathsep}{base.get('PATH', '')}"}


def _cargo(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CARGO, *args], capture_output=True, text=True, cwd=cwd, env=_env_with_bin()
    )


def _new_crate(parent: Path, name: str, *flags: str) -> Path:
    made = _cargo("new", "--vcs", "none", "--quiet", *flags, name, cwd=parent)
    assert made.returncode == 0, made.stderr
    return parent / name


needs_cargo = pytest.mark.skipif(CARGO is None, reason="cargo is not on PATH")


# -- cargo pbpit --------------------------------------------------------------------------------


def test_cargo_script_is_installed_beside_pbpit():
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["cargo-pbpit"] == "pbpit.cli:cargo_main"
    assert (BIN / "cargo-pbpit").is_file(), "reinstall: `make setup` after pyproject changes"


@needs_cargo
def test_cargo_pbpit_lint_lints_the_crate_it_is_run_in(tmp_path):
    crate = _new_crate(tmp_path, "trainer")
    (crate / "src" / "main.rs").write_text(TWICE)
    (crate / "examples").mkdir()
    (crate / "examples" / "cached.rs").write_text(CACHED)
    (crate / "tests").mkdir()
    (crate / "tests" / "clean.rs").write_text(CLEAN)
    result = _cargo("pbpit", "lint", cwd=crate)
    assert result.returncode == 1, result.stderr
    assert " --> src/main.rs:9:21\n" in result.stdout
    assert " --> examples/cached.rs:8:17\n" in result.stdout
    assert result.stdout.endswith("pbpit lint: 2 warnings in 2 files (3 files checked)\n")
    # From a directory inside the crate, the same crate.
    inside = _cargo("pbpit", "lint", "--message-format", "short", cwd=crate / "examples")
    assert inside.returncode == 1
    assert "cached.rs:8:17: warning[pbpit::loop-external-tracked]: " in inside.stdout
    assert "../src/main.rs:9:21: warning[pbpit::double-backward]: " in inside.stdout


@needs_cargo
def test_cargo_pbpit_lint_with_paths_lints_those_only(tmp_path):
    crate = _new_crate(tmp_path, "trainer")
    (crate / "src" / "main.rs").write_text(TWICE)
    (crate / "src" / "clean.rs").write_text(CLEAN)
    result = _cargo("pbpit", "lint", "src/clean.rs", cwd=crate)
    assert (result.returncode, result.stdout) == (0, "pbpit lint: no warnings (1 file checked)\n")


@needs_cargo
def test_cargo_pbpit_lint_in_a_virtual_workspace_lints_every_member(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "Cargo.toml").write_text('[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n')
    (root / "crates").mkdir()
    alpha = _new_crate(root / "crates", "alpha", "--lib")
    beta = _new_crate(root / "crates", "beta")
    (alpha / "src" / "lib.rs").write_text(CLEAN.replace("fn main", "pub fn f"))
    (beta / "src" / "main.rs").write_text(CACHED)
    result = _cargo("pbpit", "lint", "--message-format", "short", cwd=root)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("crates/beta/src/main.rs:8:17: warning[")
    assert result.stdout.endswith("(2 files checked)\n")


@needs_cargo
def test_cargo_pbpit_help_and_version(tmp_path):
    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    shown = _cargo("pbpit", "--version", cwd=tmp_path)
    assert (shown.returncode, shown.stdout) == (0, f"pbpit {version}\n")
    helped = _cargo("pbpit", "--help", cwd=tmp_path)
    assert helped.returncode == 0
    assert helped.stdout.startswith("Usage: cargo pbpit ")
    lint_help = _cargo("pbpit", "lint", "--help", cwd=tmp_path)
    assert "--message-format" in lint_help.stdout and "--fix" in lint_help.stdout


@needs_cargo
def test_cargo_pbpit_lint_outside_any_crate_is_one_line_and_exit_2(tmp_path):
    if any((d / "Cargo.toml").exists() for d in (tmp_path, *tmp_path.parents)):
        pytest.skip("the temporary directory is inside a crate")
    result = _cargo("pbpit", "lint", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"pbpit: error: could not find `Cargo.toml` in `{tmp_path}` or any parent directory "
        "(give the paths to lint)\n"
    )


def test_pbpit_lint_without_a_path_is_still_a_usage_error(tmp_path):
    result = pbpit_main("lint", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "pbpit: error: no path to lint (see `pbpit lint --help`)\n"


# -- --message-format json ----------------------------------------------------------------------


def _keys(value):
    """The keys of every object in `value`, nested, in order: the shape, without the values."""
    if isinstance(value, dict):
        return {key: _keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_keys(value[0])] if value else []
    return type(value).__name__ if value is not None else None


def _rustc_messages(tmp_path: Path) -> list[dict]:
    """rustc's own JSON for a warning with a label-less span and a machine-applicable help."""
    program = tmp_path / "unused.rs"
    program.write_text("fn main() {\n    let x = 5;\n}\n")
    run = subprocess.run(
        [
            RUSTC,
            "--error-format=json",
            "--emit=metadata",
            "-o",
            str(tmp_path / "out"),
            str(program),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    return [json.loads(line) for line in run.stderr.splitlines() if line.startswith("{")]


@pytest.mark.skipif(RUSTC is None, reason="rustc is not on PATH")
def test_message_json_has_the_fields_rustc_gives_in_its_order(tmp_path):
    rustc = _rustc_messages(tmp_path)[0]
    assert rustc["children"][-1]["spans"][0]["suggestion_applicability"] == "MachineApplicable"
    (tmp_path / "cached.rs").write_text(CACHED)
    result = pbpit_main("lint", "cached.rs", "--message-format", "json", cwd=tmp_path)
    first = json.loads(result.stdout.splitlines()[0])
    ours = first["message"]
    assert list(ours) == list(rustc)
    span, rustc_span = ours["spans"][0], rustc["spans"][0]
    assert list(span) == list(rustc_span)
    assert list(span["text"][0]) == list(rustc_span["text"][0])
    rustc_help = rustc["children"][-1]
    help_ = next(child for child in ours["children"] if child["spans"])
    assert list(help_) == list(rustc_help)
    assert list(help_["spans"][0]) == list(rustc_help["spans"][0])
    assert help_["level"] == "help" and help_["code"] is None and help_["rendered"] is None


@needs_cargo
def test_compiler_message_envelope_is_cargos(tmp_path):
    """The fields around the message are those `cargo check --message-format json` prints for
    the same crate (cargo compiles it: no dependency, no network)."""
    crate = _new_crate(tmp_path, "trainer")
    main = crate / "src" / "main.rs"
    main.write_text("fn main() {\n    let unused = 1;\n}\n")
    checked = _cargo("check", "--quiet", "--message-format", "json", cwd=crate)
    cargo_lines = [json.loads(line) for line in checked.stdout.splitlines()]
    cargo_message = next(m for m in cargo_lines if m["reason"] == "compiler-message")
    main.write_text(CACHED)
    ours = _cargo("pbpit", "lint", "--message-format", "json", cwd=crate)
    lines = [json.loads(line) for line in ours.stdout.splitlines()]
    assert sorted(lines[0]) == sorted(cargo_message)
    for key in ("package_id", "manifest_path", "target"):
        assert lines[0][key] == cargo_message[key], key
    assert lines[0]["message"]["spans"][0]["file_name"] == "src/main.rs"
    assert cargo_lines[-1] == {"reason": "build-finished", "success": True}
    assert lines[-1] == {"reason": "build-finished", "success": False}


def test_message_json_spans_count_characters_and_bytes_as_rustc_does(tmp_path):
    # CRLF line endings: rustc's byte offsets count the `\r`s; its quoted lines drop them.
    data = TWICE.replace("\n", "\r\n").encode()
    (tmp_path / "twice.rs").write_bytes(data)
    result = pbpit_main("lint", "twice.rs", "--message-format", "json", cwd=tmp_path)
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["reason"] for line in lines] == ["compiler-message", "build-finished"]
    message = lines[0]["message"]
    assert message["code"] == {"code": "pbpit::double-backward", "explanation": None}
    assert message["level"] == "warning"
    primary = [span for span in message["spans"] if span["is_primary"]]
    assert len(primary) == 1
    span = primary[0]
    line_9 = sum(len(line) + 2 for line in TWICE.split("\n")[:8])  # 8 lines, each with \r\n
    assert (span["line_start"], span["column_start"], span["column_end"]) == (9, 21, 36)
    assert (span["byte_start"], span["byte_end"]) == (line_9 + 21, line_9 + 36)
    assert data[span["byte_start"] : span["byte_end"]] == b"loss.backward()"
    assert span["text"] == [
        {"text": "    /* é */ let g = loss.backward();", "highlight_start": 21, "highlight_end": 36}
    ]
    assert span["file_name"] == "twice.rs"
    assert message["rendered"].startswith("warning[pbpit::double-backward]: ")
    assert " --> twice.rs:9:21\n" in message["rendered"]
    assert message["rendered"].endswith("\n\n")


def test_message_json_help_edits_are_spans_with_their_replacement(tmp_path):
    (tmp_path / "cached.rs").write_text(CACHED)
    result = pbpit_main("lint", "cached.rs", "--message-format=json", cwd=tmp_path)
    message = json.loads(result.stdout.splitlines()[0])["message"]
    helps = [child for child in message["children"] if child["level"] == "help"]
    detach = helps[0]["spans"][0]
    # An insertion after `x.clone().exp()`: an empty span at line 8, column 32.
    offset = sum(len(line) + 1 for line in CACHED.split("\n")[:7]) + 31
    assert (detach["line_start"], detach["column_start"], detach["column_end"]) == (8, 32, 32)
    assert (detach["byte_start"], detach["byte_end"]) == (offset, offset)
    assert detach["suggested_replacement"] == ".detach()"
    # Detached, `x` gets no gradient, and nothing reads it: the fix (rustc's MachineApplicable).
    assert detach["suggestion_applicability"] == "MachineApplicable"
    read = CACHED.replace("w.grad(&grads));", "w.grad(&grads), x.grad(&grads));").replace(
        "{step}: {:?}", "{step}: {:?} {:?}"
    )
    (tmp_path / "read.rs").write_text(read)
    result = pbpit_main("lint", "read.rs", "--message-format=json", cwd=tmp_path)
    message = json.loads(result.stdout.splitlines()[0])["message"]
    helps = [child for child in message["children"] if child["level"] == "help"]
    # `x`'s gradient read: the program trains through `feats`, so the fix keeps the gradient:
    # the `let` leaves line 8 and is written again at the top of the loop's body (line 10).
    first = [
        (
            s["line_start"],
            s["column_start"],
            s["line_end"],
            s["column_end"],
            s["suggested_replacement"],
            s["suggestion_applicability"],
        )
        for s in helps[0]["spans"]
    ]
    assert first == [
        (8, 1, 9, 1, "", "MachineApplicable"),
        (10, 1, 10, 1, "        let feats = x.clone().exp();\n", "MachineApplicable"),
    ]
    # Detached, `x`'s gradient would be gone: second, and right only if the user means it.
    assert helps[1]["spans"][0]["suggested_replacement"] == ".detach()"
    assert helps[1]["spans"][0]["suggestion_applicability"] == "MaybeIncorrect"
    assert detach["text"][0]["highlight_start"] == detach["text"][0]["highlight_end"] == 32


def test_message_json_for_a_clean_tree_is_one_build_finished_line(tmp_path):
    (tmp_path / "clean.rs").write_text(CLEAN)
    result = pbpit_main("lint", "clean.rs", "--message-format", "json", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, '{"reason":"build-finished","success":true}\n')


def test_message_json_rendered_ansi_is_coloured_and_short_is_one_line(tmp_path):
    (tmp_path / "cached.rs").write_text(CACHED)
    ansi = pbpit_main(
        "lint", "cached.rs", "--message-format", "json-diagnostic-rendered-ansi", cwd=tmp_path
    )
    rendered = json.loads(ansi.stdout.splitlines()[0])["message"]["rendered"]
    assert "\x1b[" in rendered and "warning" in rendered
    short = pbpit_main("lint", "cached.rs", "--message-format", "short", cwd=tmp_path)
    assert short.stdout.startswith("cached.rs:8:17: warning[pbpit::loop-external-tracked]: ")
    assert short.stdout.count("\n") == 2


def test_message_format_unknown_or_beside_format_is_a_usage_error(tmp_path):
    (tmp_path / "clean.rs").write_text(CLEAN)
    unknown = pbpit_main("lint", "clean.rs", "--message-format", "xml", cwd=tmp_path)
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr.startswith("pbpit: error: unknown --message-format `xml` (expected ")
    both = pbpit_main("lint", "clean.rs", "--message-format", "json", "--json", cwd=tmp_path)
    assert (both.returncode, both.stdout) == (2, "")
    assert both.stderr == "pbpit: error: --message-format cannot be used with --format or --json\n"


def test_message_json_reports_a_file_that_cannot_be_parsed_as_a_note(tmp_path):
    # Issue 11: a file tree-sitter cannot parse is skipped with a note, not a failure.
    (tmp_path / "broken.rs").write_text("fn main( {\n")
    result = pbpit_main("lint", "broken.rs", "--message-format", "json", cwd=tmp_path)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1] == {"reason": "build-finished", "success": True}
    [note] = [line["message"] for line in lines[:-1]]
    assert note["level"] == "note" and note["message"].startswith("skipped: cannot parse")
    assert note["spans"][0]["file_name"] == "broken.rs"


def test_message_json_reports_a_file_that_cannot_be_read_as_an_error(tmp_path):
    (tmp_path / "latin1.rs").write_bytes(b"// caf\xe9\nfn main() {}\n")
    result = pbpit_main("lint", "latin1.rs", "--message-format", "json", cwd=tmp_path)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1] == {"reason": "build-finished", "success": False}
    errors = [line["message"] for line in lines[:-1] if line["message"]["level"] == "error"]
    assert errors and "latin1.rs" in errors[0]["message"]


# -- --fix --------------------------------------------------------------------------------------


def test_fix_writes_the_machine_applicable_fix_and_says_so(tmp_path):
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    path.chmod(0o640)
    result = pbpit_main("lint", "--fix", "cached.rs", cwd=tmp_path)
    assert path.read_text() == CACHED_FIXED
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert result.stderr == "fixed cached.rs: 1 fix (loop-external-tracked)\n"
    assert (result.returncode, result.stdout) == (0, "pbpit lint: no warnings (1 file checked)\n")
    assert [p.name for p in tmp_path.iterdir()] == ["cached.rs"]  # no temporary left


def test_without_fix_nothing_is_written(tmp_path):
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    assert pbpit_main("lint", "cached.rs", cwd=tmp_path).returncode == 1
    assert path.read_text() == CACHED


def test_fix_leaves_findings_without_a_fix_written_as_code_and_exits_with_them(tmp_path):
    path = tmp_path / "twice.rs"
    path.write_text(TWICE)
    result = pbpit_main("lint", "--fix", "twice.rs", cwd=tmp_path)
    assert path.read_text() == TWICE
    assert result.stderr == ""
    assert result.returncode == 1
    assert " --> twice.rs:9:21\n" in result.stdout


def test_fix_keeps_the_line_endings_of_a_crlf_file_and_follows_a_symlink(tmp_path):
    real = tmp_path / "real.rs"
    real.write_bytes(CACHED.replace("\n", "\r\n").encode())
    (tmp_path / "link.rs").symlink_to(real)
    result = pbpit_main("lint", "--fix", "link.rs", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert (tmp_path / "link.rs").is_symlink()
    assert real.read_bytes() == CACHED_FIXED.replace("\n", "\r\n").encode()


def test_fix_does_not_write_a_file_changed_since_it_was_linted(tmp_path):
    path = tmp_path / "cached.rs"
    path.write_text(CACHED)
    report = lint_paths([str(path)])
    edited = CACHED.replace("for step in 0..3", "for step in 0..4")
    path.write_text(edited)
    outcome = fix_in_place(report, lambda: lint_paths([str(path)]))
    assert path.read_text() == edited
    assert outcome.lines == [f"warning: not fixed {path}: it changed since it was linted"]
    assert outcome.fixed == {}


def _finding(path: Path, line: int, column: int, *edits: Edit, rule: str = "double-backward"):
    label = Label(line, column, line, column + 1, "here", True)
    return Diagnostic(
        rule, f"a finding at {line}:{column}", str(path), [label], [Help("fix", list(edits))]
    )


def test_fix_skips_a_finding_whose_edits_overlap_another_and_says_so(tmp_path):
    path = tmp_path / "clean.rs"
    path.write_text(CLEAN)
    report = lint_paths([str(path)])
    # Two fixes replacing the same text differently: the first found is applied.
    first = _finding(path, 2, 5, Edit(2, 5, 2, 13, "print!"))
    second = _finding(path, 2, 9, Edit(2, 9, 2, 15, "eprintln!"))
    report.findings = [first, second]
    report.sources[str(path)] = CLEAN.split("\n")
    outcome = fix_in_place(report, lambda: lint_paths([str(path)]))
    assert path.read_text() == CLEAN.replace("println!", "print!")
    assert outcome.lines == [
        f"warning: not fixed {path}:2:9 (double-backward): its edits overlap another fix's",
        f"fixed {path}: 1 fix (double-backward)",
    ]


def test_fix_that_brings_a_new_finding_is_undone(tmp_path):
    path = tmp_path / "once.rs"
    once = (
        TWICE.replace("    /* é */ let g = loss.backward();\n", "")
        .replace(", x.grad(&g)", "")
        .replace("{:?} {:?}", "{:?}")
    )
    path.write_text(once)
    report = lint_paths([str(path)])
    assert report.findings == []
    # A "fix" that adds a second backward of the same loss: lint after writing sees it.
    line = once.split("\n").index("    let first = loss.backward();") + 2
    bad = Edit(line, 1, line, 1, "    let again = loss.backward();\n")
    report.findings = [_finding(path, line - 1, 5, bad, rule="shared-intermediate")]
    report.sources[str(path)] = once.split("\n")
    outcome = fix_in_place(report, lambda: lint_paths([str(path)]))
    assert path.read_text() == once
    assert len(outcome.lines) == 1
    assert outcome.lines[0].startswith(
        f"warning: restored {path} as it was: its fixes left a new finding: "
        "warning[pbpit::double-backward] at "
    )
    assert outcome.report.findings == [] and outcome.fixed == {}


CORPUS = sorted((REPO / "tests" / "lint").glob("*.rs"))


def _rules_said(text: str) -> list[str]:
    """The rules of the findings a lint output in the human format names."""
    return sorted(re.findall(r"^(?:warning|error)\[pbpit::([a-z-]+)\]", text, re.M))


@pytest.mark.parametrize("snippet", CORPUS, ids=[p.stem for p in CORPUS])
def test_fix_on_the_corpus_leaves_no_new_finding(snippet, tmp_path):
    # What lint finds before the fix is the program's blessed output (test_lint_ui holds it to
    # what `pbpit lint` prints); what is left after it, lint reading the written file again.
    copy = tmp_path / snippet.name
    shutil.copyfile(snippet, copy)
    golden = snippet.with_suffix(".stderr")
    found = _rules_said(golden.read_text()) if golden.exists() else []
    # In this process (the command line as a user types it): 250 processes cost a minute of CPU.
    fixed = pbpit_main("lint", "--fix", "--json", snippet.name, cwd=tmp_path)
    left = sorted(f["rule"] for f in json.loads(fixed.stdout)["findings"])
    # What --fix reports is what is left.
    assert left == sorted(f.rule for f in lint_paths([str(copy)]).findings)
    said = [line for line in fixed.stderr.splitlines() if line.startswith("fixed ")]
    if copy.read_bytes() == snippet.read_bytes():
        assert said == [] and left == found
        return
    # Each fix removed its finding (one fix for two tensors made beside each other removes both:
    # regression_cached's mean and std), and nothing else appeared.
    count = int(said[0].split(": ")[1].split(" ")[0])
    assert len(left) <= len(found) - count
    assert all(left.count(rule) <= found.count(rule) for rule in left)


# -- pre-commit and the GitHub Action -----------------------------------------------------------


def _yaml(path: Path):
    """The file as PyYAML reads it, or, without PyYAML, through the small reader below."""
    try:
        import yaml
    except ImportError:
        return _read_yaml(path.read_text())
    return yaml.safe_load(path.read_text())


def _read_yaml(text: str):
    """Block mappings, block sequences, `|` literals, `[a, b]` lists and quoted or plain
    scalars: the YAML these two files use (a line it cannot read fails the test)."""
    lines = [
        (len(raw) - len(raw.lstrip(" ")), raw.strip())
        for raw in text.splitlines()
        if raw.strip() and not raw.strip().startswith("#")
    ]
    position = 0

    def scalar(word: str):
        if word.startswith("[") and word.endswith("]"):
            return [scalar(item.strip()) for item in word[1:-1].split(",") if item.strip()]
        if word[:1] in "\"'" and word[-1:] == word[:1]:
            return word[1:-1]
        return {"true": True, "false": False}.get(word, word)

    def block(indent: int):
        nonlocal position
        if lines[position][1].startswith("- "):
            items = []
            while position < len(lines) and lines[position][0] == indent:
                content = lines[position][1]
                assert content.startswith("- "), content
                lines[position] = (indent + 2, content[2:])
                items.append(block(indent + 2))
            return items
        mapping = {}
        while position < len(lines) and lines[position][0] == indent:
            content = lines[position][1]
            key, sep, rest = content.partition(":")
            assert sep and not key.startswith("- "), content
            rest = rest.strip()
            position += 1
            if rest == "|":
                body = []
                while position < len(lines) and lines[position][0] > indent:
                    body.append(lines[position][1])
                    position += 1
                mapping[key] = "\n".join(body) + "\n"
            elif rest:
                mapping[key] = scalar(rest)
            elif position < len(lines) and lines[position][0] > indent:
                mapping[key] = block(lines[position][0])
            elif position < len(lines) and lines[position][1].startswith("- "):
                mapping[key] = block(lines[position][0])
            else:
                mapping[key] = None
        return mapping

    document = block(lines[0][0])
    assert position == len(lines), lines[position]
    return document


def test_pre_commit_hook_runs_pbpit_lint_on_rust_files():
    hooks = _yaml(REPO / ".pre-commit-hooks.yaml")
    hook = next(hook for hook in hooks if hook["id"] == "pbpit-lint")
    assert hook["entry"] == "pbpit lint"
    assert hook["language"] == "python"
    assert hook["types"] == ["rust"]
    # The entry is a script this package installs, and `lint` one of its commands.
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    program, command = hook["entry"].split()
    assert program in scripts
    assert pbpit_main(command, "--help").returncode == 0


def test_pre_commit_hook_entry_takes_file_names_as_pre_commit_passes_them(tmp_path):
    (tmp_path / "a.rs").write_text(CACHED)
    (tmp_path / "b.rs").write_text(CLEAN)
    result = pbpit_main("lint", "a.rs", "b.rs", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.endswith("pbpit lint: 1 warning in 1 file (2 files checked)\n")


def test_action_installs_pbpit_lints_with_sarif_and_uploads_it():
    action = _yaml(REPO / "action.yml")
    assert set(action["inputs"]) == {"paths", "version", "sarif-file", "strict", "fail-on-findings"}
    assert action["inputs"]["strict"]["default"] == "true"
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    scripts = "\n".join(step.get("run", "") for step in steps)
    envs = [value for step in steps for value in (step.get("env") or {}).values()]
    assert "python -m pip install" in scripts and "${{ github.action_path }}" in envs
    assert 'pbpit lint $PATHS $strict --format sarif > "$SARIF_FILE"' in scripts
    upload = next(step for step in steps if "upload-sarif" in step.get("uses", ""))
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif-file }}"
    # Every shell step says its shell, as composite actions require.
    assert all(step.get("shell") == "bash" for step in steps if "run" in step)
    # The format the action asks for is one `pbpit lint` has.
    assert "sarif" in pbpit_main("lint", "--help").stdout


def test_action_lint_step_exits_as_the_inputs_say(tmp_path):
    """The action's own shell script, run with bash against pbpit: findings give exit-code 1
    and a SARIF file, and only the last step turns them into a failure."""
    action = _yaml(REPO / "action.yml")
    lint_step = next(step for step in action["runs"]["steps"] if step.get("id") == "lint")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.rs").write_text(CACHED)
    output = tmp_path / "output"
    output.write_text("")
    env = {
        **_env_with_bin(),
        "PATHS": "src",
        "SARIF_FILE": "pbpit.sarif",
        "GITHUB_OUTPUT": str(output),
    }
    run = subprocess.run(
        ["bash", "-e", "-c", lint_step["run"]], cwd=tmp_path, env=env, capture_output=True
    )
    assert run.returncode == 0, run.stderr
    assert output.read_text() == "exit-code=1\n"
    sarif = json.loads((tmp_path / "pbpit.sarif").read_text())
    assert sarif["runs"][0]["results"][0]["ruleId"] == "pbpit::loop-external-tracked"


# -- the progress bar ---------------------------------------------------------------------------


def _many_files(directory: Path, count: int) -> None:
    directory.mkdir()
    for number in range(count):
        (directory / f"f{number:02}.rs").write_text(CLEAN)


def _with_stderr_on_a_terminal(args: list[str], cwd: Path) -> tuple[int, str, bytes]:
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    process = subprocess.Popen(
        [sys.executable, "-m", "pbpit", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        cwd=cwd,
        env=env,
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    stdout = process.stdout.read().decode()
    return process.wait(), stdout, seen


def test_progress_bar_on_a_terminal_while_many_files_are_linted(tmp_path):
    _many_files(tmp_path / "tree", 24)
    status, stdout, terminal = _with_stderr_on_a_terminal(["lint", "tree", "--json"], tmp_path)
    assert status == 0
    assert b"24/24 files" in terminal
    assert terminal.endswith(b"\r\x1b[K")  # wiped when done
    assert json.loads(stdout)["files_checked"] == 24  # stdout is only the document


def test_no_progress_bar_for_a_few_files_or_when_piped(tmp_path):
    _many_files(tmp_path / "few", 3)
    _, _, terminal = _with_stderr_on_a_terminal(["lint", "few"], tmp_path)
    assert terminal == b""
    _many_files(tmp_path / "many", 24)
    piped = pbpit_main("lint", "many", cwd=tmp_path)
    assert piped.stderr == ""
    assert piped.stdout == "pbpit lint: no warnings (24 files checked)\n"
