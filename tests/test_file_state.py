"""pbpit reads a case file again when it is another file: the same name in another folder, or
the same file rewritten. Several commands in one process (a test's in-process runs, `lint --fix`
reading back what it wrote) must each see the file as it is when they run."""

from __future__ import annotations

from pathlib import Path

from pbpit_process import pbpit_main

HERE = Path(__file__).parent
PROGRAM = (HERE / "advice_replay" / "blend_from_scaled_val.rs").read_text(encoding="utf-8")
MADE = "let mut slow_w = fast.lin.weight.val() * 0.0;"
LINE = next(n for n, text in enumerate(PROGRAM.splitlines(), 1) if MADE in text)
MOVED = "// one\n// two\n// three\n" + PROGRAM
"""The program with three lines more above: what it reports moves three lines down."""


def _shown_at(output: str, line: int) -> bool:
    """Whether `output` points at `line` of `main.rs` and shows the `let` there as it is."""
    return f"main.rs:{line}:" in output and f"{line} |     {MADE}" in output


def test_one_name_in_two_folders_is_two_files(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for folder, text in ((first, PROGRAM), (second, MOVED)):
        folder.mkdir()
        (folder / "main.rs").write_text(text, encoding="utf-8")
    before = pbpit_main("run", "main.rs", cwd=first)
    after = pbpit_main("run", "main.rs", cwd=second)
    assert _shown_at(before.stdout + before.stderr, LINE), before
    assert _shown_at(after.stdout + after.stderr, LINE + 3), after


def test_a_rewritten_file_is_read_again(tmp_path: Path) -> None:
    case = tmp_path / "main.rs"
    case.write_text(PROGRAM, encoding="utf-8")
    before = pbpit_main("run", str(case))
    case.write_text(MOVED, encoding="utf-8")
    after = pbpit_main("run", str(case))
    assert _shown_at(before.stdout + before.stderr, LINE), before
    assert _shown_at(after.stdout + after.stderr, LINE + 3), after
