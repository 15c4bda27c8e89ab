"""UI tests of `pbpit lint`, as clippy's: each program of tests/lint/ has beside it the full text
`pbpit lint` prints on it (NAME.stderr, colour off, the path relative to tests/lint as clippy
writes `$DIR`), compared byte for byte.

`pytest tests/test_lint_ui.py --bless` rewrites the .stderr files that differ and deletes the
ones no program has, as `pbpit check --bless` and clippy's `cargo bless` do. Which findings a
program must give is tests/test_lint.py's annotation test; this one pins how they read.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from lint_score import CORPUS, Program, measure, programs
from lint_score import main as score_main

from pbpit.lint.command import lint_command

PROGRAMS = programs()
BLESS = "pytest tests/test_lint_ui.py --bless"
MOD_FILE = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*;", re.M)


def printed(program: Program, monkeypatch: pytest.MonkeyPatch, folder: Path) -> str:
    """What `pbpit lint NAME` prints, run from tests/lint: stdout and stderr as one stream.

    It runs from `folder`, holding a copy of the program as tests/lint has it (a file of the
    corpus's top alone; one in a subfolder with that subfolder, a crate whole): lint's fix checks
    copy every `.rs` of the program's folder, and the corpus's 300 files copied for each check
    were most of this file's time. A file of the top that declares a `mod` runs in tests/lint."""
    top = program.root / program.name.split("/")[0]
    if top.is_dir():
        shutil.copytree(top, folder / top.name)
        monkeypatch.chdir(folder)
    elif MOD_FILE.search(top.read_text(encoding="utf-8")):
        monkeypatch.chdir(program.root)
    else:
        shutil.copyfile(top, folder / top.name)
        monkeypatch.chdir(folder)
    for name in ("FORCE_COLOR", "CLICOLOR_FORCE"):
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    lint_command([program.name], "human", out, out)
    return out.getvalue()


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_lint_prints_the_blessed_output(program, monkeypatch, bless, tmp_path):
    text = printed(program, monkeypatch, tmp_path)
    expected = program.stderr
    if bless:
        if not expected.exists() or expected.read_text(encoding="utf-8") != text:
            expected.write_text(text, encoding="utf-8")
        return
    assert expected.exists(), f"{expected.name} is missing: write it with `{BLESS}`"
    assert text == expected.read_text(encoding="utf-8"), f"output changed; if intended: `{BLESS}`"


def test_every_stderr_belongs_to_a_program(bless):
    wanted = {program.stderr for program in PROGRAMS}
    stale = sorted(p for p in CORPUS.rglob("*.stderr") if p not in wanted)
    if bless:
        for path in stale:
            path.unlink()
        return
    names = [p.relative_to(CORPUS).as_posix() for p in stale]
    assert not names, f"no program for {names}: delete them with `{BLESS}`"


def test_the_corpus_has_programs_of_both_kinds():
    # The other tests would pass vacuously on an empty or mis-globbed corpus.
    assert len(PROGRAMS) >= 70
    assert any(program.path.is_dir() for program in PROGRAMS)
    assert all(not program.name.endswith(".fixed.rs") for program in PROGRAMS)


def test_programs_are_found_recursively_a_crate_as_one_and_fixed_twins_left_out(tmp_path):
    for name in ("top.rs", "fixes/one.rs", "fixes/one.fixed.rs", "real/deep/two.rs"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("fn main() {}\n")
    (tmp_path / "app/src").mkdir(parents=True)
    (tmp_path / "app/Cargo.toml").write_text('[package]\nname = "app"\n')
    (tmp_path / "app/src/main.rs").write_text("mod train;\nfn main() {}\n")
    (tmp_path / "app/src/train.rs").write_text("pub fn step() {}\n")
    chosen = programs([tmp_path])
    assert [p.name for p in chosen] == ["app", "fixes/one.rs", "real/deep/two.rs", "top.rs"]
    stderrs = [p.stderr.relative_to(tmp_path).as_posix() for p in chosen]
    assert stderrs == ["app.stderr", "fixes/one.stderr", "real/deep/two.stderr", "top.stderr"]
    assert [f.name for f in chosen[0].files] == ["main.rs", "train.rs"]


# SPEC §3 `twice` and `double-backward` in one program: the first finding annotated on its line,
# the second annotated one line off (a miss and a false positive), and one annotation of a
# finding that lint cannot make (a miss).
SCORED = """\
fn main() {
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let feats = x.clone().exp(); //~ WARN loop-external-tracked
    for _ in 0..3 {
        let _grads = (feats.clone() * 2.0).sum().backward();
    }
    let loss = (x.clone() * 3.0).sum();
    let _g1 = loss.backward(); //~ WARN double-backward
    let _g2 = loss.backward();
    let _fine = (x * 4.0).sum().backward(); //~ WARN shared-intermediate
}
"""


def test_score_counts_hits_false_positives_and_misses_against_the_annotations(tmp_path):
    (tmp_path / "scored.rs").write_text(SCORED)
    result = measure(programs([tmp_path]))
    assert result["rules"]["loop-external-tracked"] == {
        "tp": 1,
        "fp": 0,
        "fn": 0,
        "precision": 1.0,
        "recall": 1.0,
    }
    assert result["rules"]["double-backward"] == {
        "tp": 0,
        "fp": 1,
        "fn": 1,
        "precision": 0.0,
        "recall": 0.0,
    }
    assert result["total"] == {"tp": 1, "fp": 1, "fn": 2, "precision": 0.5, "recall": 0.3333}
    assert result["false_positives"] == ["scored.rs:9: double-backward"]
    assert result["misses"] == ["scored.rs:8: double-backward", "scored.rs:10: shared-intermediate"]


def test_score_prints_one_json_object_and_exits_0_with_misses(tmp_path, capsys):
    (tmp_path / "scored.rs").write_text(SCORED)
    assert score_main([str(tmp_path / "scored.rs"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"]["fn"] == 2


def test_lint_output_does_not_depend_on_python_hash_order():
    # Two parts of one destructured value share a span: which one a finding names must not
    # follow set order, which PYTHONHASHSEED changes from run to run.
    import os
    import subprocess
    import sys

    outputs = set()
    for seed in map(str, range(6)):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "pbpit",
                "lint",
                "--format",
                "json",
                str(CORPUS / "destructure_nested_tuple.rs"),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
