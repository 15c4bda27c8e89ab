"""The Rust examples of README.md and docs/RUST_SUBSET.md say what pbpit does with them.

Each ` ```rust ` block there is a whole program, and the next fenced block (` ```text `) is the
claim next to it: what `pbpit run --raw` prints for it. A program pbpit refuses (exit 2) is
claimed by its refusal, the whole of stderr; one that runs (or panics) by its stdout. A `// PATH`
first line names the program's file (default `main.rs`), as its refusal cites it. An example
without its claim, or whose claim is not what pbpit prints, fails here: the docs stay true to
the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "docs" / "RUST_SUBSET.md"]
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.M | re.S)


def examples(path: Path) -> list[tuple[str, str, str | None]]:
    """(where, program, claim) of each ```rust block of `path`; claim None when the next
    fenced block is not ```text."""
    text = path.read_text(encoding="utf-8")
    blocks = [
        (m.group(1), m.group(2), text[: m.start()].count("\n") + 1) for m in _FENCE.finditer(text)
    ]
    found = []
    for i, (lang, body, line) in enumerate(blocks):
        if lang != "rust":
            continue
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        claim = after[1] if after is not None and after[0] == "text" else None
        found.append((f"{path.relative_to(ROOT)}:{line}", body, claim))
    return found


ALL = [example for doc in DOCS for example in examples(doc)]


def test_the_docs_have_examples_to_check():
    # README's refusal, RUST_SUBSET's first program, a refusal of rustc's, Burn's Config...
    assert len(examples(DOCS[0])) >= 1
    assert len(examples(DOCS[1])) >= 4


@pytest.mark.parametrize(("where", "program", "claim"), ALL, ids=[e[0] for e in ALL])
def test_each_example_does_what_the_text_next_to_it_says(tmp_path, where, program, claim):
    assert claim is not None, f"{where}: a ```rust example needs its ```text claim after it"
    first = program.splitlines()[0]
    name = first[3:].strip() if first.startswith("// ") and first.endswith(".rs") else "main.rs"
    file = tmp_path / name
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(program, encoding="utf-8")
    out = pbpit_cli("run", "--raw", name, cwd=tmp_path)
    if claim.startswith("error"):
        assert (out.returncode, out.stderr) == (2, claim), where
    else:
        assert out.returncode in (0, 101), f"{where}: {out.stderr}"
        assert out.stdout == claim, where
