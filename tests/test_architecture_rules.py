"""docs/ARCHITECTURE.md names every module of `pbpit/lint/rules/` in its list of the rules' files
(a concept in one place, and a newcomer finds it from the doc): a module added without a line
there fails here."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_rule_module_is_named_in_the_architecture_doc():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    start = doc.index("## The rules, one file each")
    listed = doc[start : doc.index("\n## ", start + 1)]
    modules = sorted(
        p.name for p in (ROOT / "pbpit" / "lint" / "rules").glob("*.py") if p.name != "__init__.py"
    )
    unnamed = [name for name in modules if f"`{name}`" not in listed]
    assert not unnamed, f"add a line for each to ARCHITECTURE.md's rules list: {unnamed}"
