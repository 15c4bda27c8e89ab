"""Files tree-sitter-rust cannot parse (`pbpit.lint.partial`): the first error's real place and
cause, the parts that parse still read, what was not read named, and `--strict`.

rustc is the referee of what is valid Rust: the programs said valid here are compiled by it
(a std-only twin of the shape), and the places of real syntax errors are rustc's own.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
from pbpit_process import lint_captured, pbpit_cli
from test_lint_ecosystem import _env_with_bin, _yaml

from pbpit.lint import partial
from pbpit.lint.command import lint_command
from pbpit.lint.tree import lint_paths
from pbpit.rust.syntax import parse_bytes

REPO = Path(__file__).resolve().parent.parent
RUSTC = shutil.which("rustc")
needs_rustc = pytest.mark.skipif(RUSTC is None, reason="rustc is the referee")

# A training step in a closure whose parameters are written one a line, the last with a comma
# (as rustfmt leaves a long list): rustc accepts it, tree-sitter-rust 0.24 does not. The
# features are made once, before the loop, and every call of the step backpropagates through
# them: Burn panics at the second call's backward.
TRAINING_STEP = textwrap.dedent(
    """\
    use burn::nn::{Linear, LinearConfig};
    use burn::tensor::backend::AutodiffBackend;
    use burn::tensor::Tensor;

    pub fn train<B: AutodiffBackend>(device: &B::Device) {
        let encoder: Linear<B> = LinearConfig::new(4, 8).init(device);
        let x = Tensor::<B, 2>::ones([16, 4], device);
        let features = encoder.forward(x);
        let step = |
            scale: f32,
            epoch: usize,
        | {
            let loss = features.clone().mul_scalar(scale).sum();
            loss.backward();
            epoch + 1
        };
        for epoch in 0..3 {
            step(0.5, epoch);
        }
    }
    """
)

# The same shape in std only, for rustc.
STD_TWIN = textwrap.dedent(
    """\
    fn main() {
        let features = vec![1.0f32, 2.0];
        let step = |
            scale: f32,
            epoch: usize,
        | {
            let loss: f32 = features.iter().map(|f| f * scale).sum();
            println!("{loss}");
            epoch + 1
        };
        for epoch in 0..3 {
            step(0.5, epoch);
        }
    }
    """
)

# A function tree-sitter cannot read beside one it can, with a bug.
BROKEN_BESIDE_A_BUG = textwrap.dedent(
    """\
    use burn::tensor::Tensor;

    fn broken(x: u32) -> u32 {
        let y = x + ;
        y
    }

    fn twice<B: burn::tensor::backend::AutodiffBackend>(device: &B::Device) {
        let x = Tensor::<B, 1>::ones([2], device).require_grad();
        let y = x.exp();
        let a = y.clone().sum();
        let b = y.sum();
        a.backward();
        b.backward();
    }
    """
)


def _rustc(tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    file = tmp_path / "twin.rs"
    file.write_text(source)
    return subprocess.run(
        [RUSTC, "--edition", "2021", "--error-format", "short", "-o", str(tmp_path / "twin"), file],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )


@needs_rustc
def test_the_trailing_comma_of_a_closure_is_rust_tree_sitter_cannot_parse(tmp_path):
    assert _rustc(tmp_path, STD_TWIN).returncode == 0
    assert parse_bytes(STD_TWIN.encode()).root.has_error
    assert parse_bytes(TRAINING_STEP.encode()).root.has_error


def test_a_training_step_in_such_a_closure_is_read_whole(tmp_path, monkeypatch):
    (tmp_path / "train.rs").write_text(TRAINING_STEP)
    monkeypatch.chdir(tmp_path)
    report = lint_paths(["train.rs"])
    assert (report.files, report.skipped) == (["train.rs"], [])
    [finding] = report.findings
    assert (finding.rule, finding.primary.line, finding.tape.panics.line) == (
        "loop-external-tracked",
        8,
        14,
    )
    # Quoted from the file as it is, its comma in place.
    assert report.sources["train.rs"][10] == "        epoch: usize,"


def test_a_comma_between_closures_is_not_taken_for_a_trailing_one(tmp_path):
    text = "fn f() { let v = [g, |x: u32| x]; let w = |a, b,| a; }\n"
    (tmp_path / "f.rs").write_text(text)
    report = lint_paths([str(tmp_path / "f.rs")])
    assert report.skipped == [] and report.files == [str(tmp_path / "f.rs")]


def test_commas_before_closures_are_not_tried_each_a_parse(monkeypatch):
    # Burn's `execute_with_dtype!(tensor.qtensor, E, |array| ..)` beside an error of another
    # kind: each comma before a closure once cost a parse of the whole file, and none can be
    # a trailing comma of parameters (a bracket opens before any `|`). The real one still is.
    calls = [
        f"    let q{i} = execute_with_dtype!(tensor.qtensor, E, |array: A| array.len());"
        for i in range(12)
    ]
    text = "fn f() {\n" + "\n".join(calls) + "\n    let w = |a, b,| a;\n}\n"
    parses = []
    monkeypatch.setattr(
        partial, "parse_bytes", lambda data, path: parses.append(path) or parse_bytes(data, path)
    )
    repaired = partial.read_partly(parse_bytes(text.encode(), "f.rs"))
    assert repaired.source is not None and not repaired.source.root.has_error
    assert repaired.unread is None
    assert len(parses) == 1  # the trailing comma's try alone


@needs_rustc
def test_the_error_is_where_rustc_puts_it_and_the_rest_is_read(tmp_path, monkeypatch):
    rustc = _rustc(tmp_path, BROKEN_BESIDE_A_BUG)
    place = re.search(r"twin\.rs:(\d+):(\d+): error: expected expression", rustc.stderr)
    assert place is not None, rustc.stderr
    (tmp_path / "lib.rs").write_text(BROKEN_BESIDE_A_BUG)
    monkeypatch.chdir(tmp_path)
    report = lint_paths(["lib.rs"])
    [skip] = report.skipped
    assert (skip.line, skip.column) == (int(place[1]), int(place[2]))
    assert skip.partly and report.files == ["lib.rs"]
    assert skip.text == (
        f"lib.rs:{place[1]}:{place[2]}: cannot parse: expected an expression; "
        "not read: lines 3-6 (fn `broken`)"
    )
    assert [(f.rule, f.primary.line) for f in report.findings] == [("shared-intermediate", 10)]


def test_the_column_counts_characters_as_rustc_does(tmp_path):
    # `é` is two bytes, one character: rustc's column is the character's.
    (tmp_path / "f.rs").write_text('fn f() -> u32 {\n    let s = "é"; let y = 1 + ;\n    y\n}\n')
    report = lint_paths([str(tmp_path / "f.rs")])
    [skip] = report.skipped
    line = '    let s = "é"; let y = 1 + ;'
    assert (skip.line, skip.column) == (2, line.index(";", 20) + 1)


def test_a_file_the_error_recovery_keeps_no_function_of_is_skipped(tmp_path):
    (tmp_path / "f.rs").write_text("use a::b;\nfn f( {\n")
    report = lint_paths([str(tmp_path / "f.rs")])
    assert report.files == [] and report.skipped_files == [str(tmp_path / "f.rs")]


# -- --strict -----------------------------------------------------------------------------------


@pytest.mark.parametrize("strict", [False, True])
def test_strict_fails_on_a_file_not_read_whole(tmp_path, monkeypatch, strict):
    (tmp_path / "lib.rs").write_text(BROKEN_BESIDE_A_BUG)
    (tmp_path / "skipped.rs").write_text("fn f( {\n")
    monkeypatch.chdir(tmp_path)
    import io

    stdout, stderr = io.StringIO(), io.StringIO()
    status = lint_command(["."], "human", stdout, stderr, strict=strict)
    assert status == (2 if strict else 1)
    said = "pbpit: error: --strict: 2 files were not read whole (see the notes)\n"
    assert stderr.getvalue() == (said if strict else "")
    assert "1 warning in 1 file (1 file checked, 1 skipped)" in stdout.getvalue()


def test_strict_on_clean_files_changes_nothing(tmp_path):
    (tmp_path / "a.rs").write_text(TRAINING_STEP.replace("loss.backward();", ""))
    result = pbpit_cli("lint", "--strict", "a.rs", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    assert lint_captured([str(tmp_path / "a.rs")])[0] == 0


def test_the_action_fails_on_a_skipped_file_unless_told_not_to(tmp_path):
    action = _yaml(REPO / "action.yml")
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "lint")
    (tmp_path / "skipped.rs").write_text("fn f( {\n")
    for strict, status in (("true", 2), ("false", 0)):
        output = tmp_path / "output"
        output.write_text("")
        env = {
            **_env_with_bin(),
            "PATHS": ".",
            "SARIF_FILE": "pbpit.sarif",
            "STRICT": strict,
            "GITHUB_OUTPUT": str(output),
        }
        run = subprocess.run(
            ["bash", "-e", "-c", step["run"]], cwd=tmp_path, env=env, capture_output=True
        )
        assert run.returncode == status, run.stderr
        assert output.read_text() == f"exit-code={status}\n"
        assert json.loads((tmp_path / "pbpit.sarif").read_text())["runs"]
