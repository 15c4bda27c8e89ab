"""UI tests of `pbpit lint`, as clippy's: each program of tests/lint/ has beside it the full text
`pbpit lint` prints on it (NAME.stderr, colour off, the path relative to tests/lint as clippy
writes `$DIR`), compared byte for byte.

`pytest tests/test_lint_ui.py --bless` rewrites the .stderr files that differ and deletes the
ones no program has, as `pbpit check --bless` and clippy's `cargo bless` do. Which findings a
program must give is tests/test_lint.py's annotation test; this one pins how they read.
"""

from __future__ import annotations

import io

import pytest
from lint_score import CORPUS, Program, programs

from pbpit.lint.command import lint_command

PROGRAMS = programs()
BLESS = "pytest tests/test_lint_ui.py --bless"


def printed(program: Program, monkeypatch: pytest.MonkeyPatch) -> str:
    """What `pbpit lint NAME` prints, run from tests/lint: stdout and stderr as one stream."""
    monkeypatch.chdir(program.root)
    for name in ("FORCE_COLOR", "CLICOLOR_FORCE"):
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    lint_command([program.name], "human", out, out)
    return out.getvalue()


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_lint_prints_the_blessed_output(program, monkeypatch, bless):
    text = printed(program, monkeypatch)
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
