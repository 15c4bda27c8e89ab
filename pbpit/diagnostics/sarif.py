"""SARIF 2.1.0, for GitHub code scanning: diagnostics, the files that could not be read, and
what was not checked."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from urllib.parse import quote

from pbpit import __version__
from pbpit.diagnostics.human import line_of
from pbpit.diagnostics.model import Diagnostic, Label
from pbpit.lint.rule import Rule
from pbpit.lint.rules import RULES
from pbpit.lint.tree import LintError, LintReport, LintSkip

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
"""The base of relative artifact URIs: the directory `pbpit lint` ran in (the repository's root
in CI), given in the run's `originalUriBaseIds`."""


def render_sarif(report: LintReport, base: Path | None = None) -> str:
    """SARIF 2.1.0 for GitHub code scanning: one run of the `pbpit` driver with the registry's rules
    (`id` `pbpit::<rule>`, short and full descriptions, help, level `warning`); a result per
    finding with `ruleId` and `ruleIndex`, the primary span as its location, the other labels
    as related locations, and a `partialFingerprints` entry that survives edits elsewhere in
    the file; files that could not be read as error notifications of a failed invocation,
    files skipped and functions not analysed as note notifications (the invocation succeeds).
    Artifact URIs are relative to `base` (the working directory; the repository's root in CI)
    against `uriBaseId` `%SRCROOT%`, absolute `file://` URIs for files outside it. Regions are
    1-based, columns in Unicode code points (`columnKind`), end columns exclusive."""
    return json.dumps(sarif_log(report, base), indent=2, ensure_ascii=False) + "\n"


def sarif_log(report: LintReport, base: Path | None = None) -> dict:
    """The SARIF log as a dict: one run of the `pbpit` driver."""
    base = (base or Path.cwd()).resolve()
    results = []
    seen: dict[str, int] = {}
    for finding in report.findings:
        artifact = artifact_location(finding.path, base)
        key = _fingerprint(finding, artifact["uri"], report.sources.get(finding.path, []))
        seen[key] = seen.get(key, 0) + 1
        related = [
            {
                "id": number,
                "physicalLocation": _physical(artifact, label),
                "message": {"text": label.text},
            }
            for number, label in enumerate(finding.labels[1:], start=1)
        ]
        results.append(
            {
                "ruleId": finding.rule_id,
                "ruleIndex": _RULE_INDEX[finding.rule],
                "level": "warning",
                "message": {"text": _sarif_message(finding)},
                "locations": [
                    {
                        "physicalLocation": _physical(artifact, finding.primary),
                        "message": {"text": finding.primary.text},
                    }
                ],
                "relatedLocations": related,
                "partialFingerprints": {"pbpit/v1": f"{key}:{seen[key]}"},
            }
        )
    notifications = [_notification(error, base) for error in report.errors]
    notifications += [_notification(skip, base) for skip in report.skipped]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pbpit",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_rule(rule) for rule in RULES],
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not report.errors,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "originalUriBaseIds": {SRCROOT: {"uri": _directory_uri(base)}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def artifact_location(path: str, base: Path) -> dict:
    """Where a file is, for SARIF: its path relative to `base` as a URI reference against
    `%SRCROOT%` (GitHub wants repository-relative paths), or an absolute `file://` URI for a
    file outside `base`."""
    resolved = Path(path).resolve()
    if resolved.is_relative_to(base):
        # The file name's bytes, percent-encoded (a name that is not UTF-8 included).
        relative = os.fsencode(resolved.relative_to(base).as_posix())
        return {"uri": quote(relative), "uriBaseId": SRCROOT}
    return {"uri": resolved.as_uri()}


def _directory_uri(directory: Path) -> str:
    """`file:///work/repo/`: SARIF wants the URI of a base directory to end with a slash."""
    uri = directory.as_uri()
    return uri if uri.endswith("/") else uri + "/"


_RULE_INDEX = {rule.name: index for index, rule in enumerate(RULES)}


def _rule(rule: Rule) -> dict:
    """A rule's SARIF metadata, from the registry: its summary, why Burn panics, and as help
    its fixes with the bad and the fixed example."""
    name = "".join(part.capitalize() for part in rule.name.split("-"))
    why = " ".join(" ".join(paragraph.split()) for paragraph in rule.why.split("\n\n"))
    fixes = "; ".join(f"{fix.name}: {fix.does}" for fix in rule.fixes)
    markdown_fixes = "".join(f"- **{fix.name}**: {fix.does}\n" for fix in rule.fixes)
    return {
        "id": rule.id,
        "name": name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": why},
        "help": {
            "text": f"Fix: {fixes}.\n\nPanics:\n{rule.bad}\nFixed:\n{rule.fixed}",
            "markdown": f"{rule.why}\n\n**Fixes**\n\n{markdown_fixes}\n"
            f"Panics (`{rule.panic}`):\n\n```rust\n{rule.bad}```\n\n"
            f"Fixed:\n\n```rust\n{rule.fixed}```\n\n"
            f"`pbpit explain {rule.name}` says the same in a terminal.",
        },
        "defaultConfiguration": {"level": "warning"},
        "properties": {
            "tags": ["burn", "autodiff", "correctness"],
            "precision": "high",
            "problem.severity": "warning",
        },
    }


def _sarif_message(finding: Diagnostic) -> str:
    helps = "".join(f"\nhelp: {h.message}" for h in finding.helps)
    return finding.message + helps


def _region(label: Label | LintError | LintSkip) -> dict:
    if isinstance(label, LintError | LintSkip):
        return {"startLine": label.line, "startColumn": label.column}
    return {
        "startLine": label.line,
        "startColumn": label.column,
        "endLine": label.end_line,
        "endColumn": label.end_column,
    }


def _physical(artifact: dict, label: Label) -> dict:
    return {"artifactLocation": artifact, "region": _region(label)}


def _notification(problem: LintError | LintSkip, base: Path) -> dict:
    """A file that could not be read (level `error`), or one skipped or a function not
    analysed (level `note`: the invocation still succeeded)."""
    location: dict = {"artifactLocation": artifact_location(problem.path, base)}
    if problem.line is not None:
        location["region"] = _region(problem)
    return {
        "level": "error" if isinstance(problem, LintError) else "note",
        "message": {"text": problem.text},
        "locations": [{"physicalLocation": location}],
    }


def _fingerprint(finding: Diagnostic, uri: str, lines: list[str]) -> str:
    """Stable across edits elsewhere in the file: the rule, the file, the tensor's name and the
    primary line's text (not its number)."""
    text = line_of(lines, finding.primary.line).strip()
    key = "\0".join((finding.rule, uri, finding.name, text))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
