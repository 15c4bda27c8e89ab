"""`pbpit explain RULE`, shaped like `rustc --explain E0382`, and the rules' page docs/RULES.md:
both written from the registry (`pbpit.lint.rules`)."""

from __future__ import annotations

import json
import textwrap

from pbpit.lint.rule import Rule
from pbpit.lint.rules import RULES, rule_named


def explain_rule(word: str, as_json: bool = False, width: int = 80) -> str | None:
    """What `pbpit explain WORD` prints when WORD names a rule (`loop-external-tracked` or
    `pbpit::loop-external-tracked`): the text page, or one JSON object; None for any other word.
    Prose is wrapped to `width` (the command passes the terminal's, as for every page it
    prints)."""
    rule = rule_named(word)
    if rule is None:
        return None
    if as_json:
        return json.dumps(rule_json(rule), indent=2) + "\n"
    return rule_page(rule, width)


def not_a_node_or_rule(word: str, case: str | None = None) -> str:
    """The one line `pbpit explain` gives for a word that is neither a node id nor a rule (or a
    rule given with `--case`)."""
    if case is not None and rule_named(word) is not None:
        return f"`{word}` is a rule: explain it without --case (--case explains a node id)"
    names = ", ".join(rule.name for rule in RULES)
    return f"malformed node id `{word}`: expected NodeId(n), n, a panic line, or a rule ({names})"


def rule_json(rule: Rule) -> dict:
    """A rule as one JSON object: name, id, summary, the panic, why (paragraphs separated by a
    blank line), the bad and the fixed example, and the fixes (`name`, `does`)."""
    return {
        "rule": rule.name,
        "id": rule.id,
        "summary": rule.summary,
        "panic": rule.panic,
        "why": "\n\n".join(_paragraphs(rule.why)),
        "bad": rule.bad,
        "fixed": rule.fixed,
        "fixes": [{"name": fix.name, "does": fix.does} for fix in rule.fixes],
    }


def rule_page(rule: Rule, width: int = 80) -> str:
    """The summary, the erroneous code, why it panics, the fixes, the fixed code."""
    out = [_fill(_sentence(rule.summary), width), ""]
    out += [f"Erroneous code example (it panics: `{rule.panic}`):", "", *_code(rule.bad), ""]
    for paragraph in _paragraphs(rule.why):
        out += [_fill(paragraph, width), ""]
    out += ["The fixes:", ""]
    for fix in rule.fixes:
        out.append(_fill(f"- {fix.name}: {fix.does}.", width, "  "))
    out += ["", "Fixed code:", "", *_code(rule.fixed), ""]
    out.append(_fill(f"A finding is silenced by `// pbpit: allow({rule.name})` above it.", width))
    return "\n".join(out) + "\n"


def rules_page() -> str:
    """docs/RULES.md: every rule, as `pbpit explain` gives it."""
    out = [
        "# The rules of `pbpit lint`",
        "",
        "<!-- Written by tools/rules_page.py from pbpit/lint/rules/; a test checks it. -->",
        "",
        "Each finding is `warning[pbpit::<rule>]`; `pbpit explain <rule>` prints its entry, and",
        "`// pbpit: allow(<rule>)` on the line above a finding (or above its statement) silences",
        "it.",
        "",
        "| rule | finds |",
        "|---|---|",
    ]
    out += [f"| [`{rule.name}`](#{rule.name}) | {rule.summary} |" for rule in RULES]
    for rule in RULES:
        out += ["", f"## {rule.name}", "", _sentence(rule.summary), ""]
        out += [f"Panics with `{rule.panic}`:", "", *_code(rule.bad), ""]
        out += [rule.why.rstrip(), "", "The fixes:", ""]
        out += [f"- **{fix.name}**: {fix.does}." for fix in rule.fixes]
        out += ["", "Fixed:", "", *_code(rule.fixed)]
    return "\n".join(out) + "\n"


def _sentence(summary: str) -> str:
    return summary[:1].upper() + summary[1:] + "."


def _paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.strip().split("\n\n")]


def _fill(text: str, width: int, indent: str = "") -> str:
    # Code spans hold spaces only rarely; never break a word or at a hyphen.
    return textwrap.fill(
        text,
        max(width, 40),
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _code(example: str) -> list[str]:
    return ["```rust", *example.rstrip("\n").split("\n"), "```"]
