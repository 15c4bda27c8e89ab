"""One diagnosis from the rules (issue 24, Deliver 1): no rule's name is tested outside
`pbpit/lint/rules/`. A run, its audit and explain ask the rules (`Rule.run_meeting`,
`from_trace`, `case_fixes`, `audit_words`, `rule_named` of what a rule answered) rather than
branching on a rule's name, so what a rule means is said in its own file. Read from the source
with `ast`: a string spelling a rule's name (`"carried-state"`, `"pbpit::double-backward"`),
or a name bound to a rule's name or class (`LOOP_EXTERNAL`, `SharedIntermediate`) used
outside the rules' package, fails here with its place."""

from __future__ import annotations

import ast
from pathlib import Path

from pbpit.lint import rules as rules_package
from pbpit.lint.rules import RULES

PACKAGE = Path(__file__).resolve().parent.parent / "pbpit"
RULES_DIR = PACKAGE / "lint" / "rules"

KNOWN: dict[str, str] = {
    # A built-in case's name, spelled as a rule's: `pbpit run double-backward` finds its file.
    "runner/find.py": "a case named as the rule it shows",
}
"""Modules allowed to spell a rule's name, each with why."""


def _rule_words() -> tuple[set[str], set[str]]:
    """Every rule's name (`double-backward`, `pbpit::double-backward`), and the names the rules'
    package binds to a rule's name or to a rule's class (`DOUBLE`, `DoubleBackward`)."""
    names = {rule.name for rule in RULES} | {rule.id for rule in RULES}
    bound = {type(rule).__name__ for rule in RULES}
    bound |= {
        key
        for key, value in vars(rules_package).items()
        if isinstance(value, str) and value in names
    }
    return names, bound


def _uses(path: Path, names: set[str], bound: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in names:
            found.append(f"{node.lineno}: the string {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in bound:
            found.append(f"{node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in bound:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.alias) and node.name in bound:
            found.append(f"{getattr(node, 'lineno', '?')}: import of {node.name}")
    return found


def test_the_rules_have_names_and_constants_to_look_for() -> None:
    names, bound = _rule_words()
    assert {"loop-external-tracked", "shared-intermediate", "double-backward"} <= names
    assert {"LOOP_EXTERNAL", "SHARED", "DOUBLE", "RequireGradNonLeaf"} <= bound


def test_the_check_sees_a_rule_name_tested(tmp_path: Path) -> None:
    names, bound = _rule_words()
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from pbpit.lint.rules import SHARED\n"
        "def f(entry):\n"
        "    return entry.pattern == 'double-backward' or entry.pattern == SHARED\n",
        encoding="utf-8",
    )
    assert len(_uses(probe, names, bound)) == 3


def test_no_rule_name_is_tested_outside_the_rules() -> None:
    names, bound = _rule_words()
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if RULES_DIR in path.parents:
            continue
        where = path.relative_to(PACKAGE).as_posix()
        uses = _uses(path, names, bound)
        if uses and where not in KNOWN:
            found[where] = uses
    assert found == {}
