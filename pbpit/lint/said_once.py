"""Two findings that say one thing: each tensor of a pair one binding carries (`h` and `c`
taken out of `state` at the top of each pass) meets the consumed step on its own, and each
finding names `state` and writes the same fix. Lint reports the first only, as the run says
the finding once (`diagnose/findings._said_once`)."""

from __future__ import annotations

from pbpit.diagnostics.model import Diagnostic


def said_already(finding: Diagnostic, found: Diagnostic) -> bool:
    """Whether `found` already says `finding`: the same rule, the same binding, the same
    message, and the same fixes written as the same edits (each with some)."""
    if finding.rule != found.rule or finding.name != found.name or not finding.name:
        return False
    if finding.message != found.message or finding.path != found.path:
        return False
    mine = [(h.message, h.edits) for h in finding.helps]
    theirs = [(h.message, h.edits) for h in found.helps]
    return bool(mine) and all(edits for _, edits in mine) and mine == theirs
