"""Lint against the interpreter on one generated program.

The truth is the run (`pbpit.runner.run_case`): whether the program panics, at which NodeId,
the binding that node was made for (the recorder's label), and the rule the run's error names
(the audit's pattern for that node, read from the trace alone; `require-grad-non-leaf` for the
panic `require_grad()` raises). Lint (`pbpit.lint.tree.lint_paths`) agrees when it finds nothing
on a program that runs clean, and on a program that panics has a finding of that rule for that
binding (by name, or at a line where the run made that node), and no other finding (one
more is an extra finding, counted apart: a false alarm beside it). A program the interpreter
refuses, or that ends with another error, is a generator bug.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

AGREE = "agree"
FALSE_ALARM = "false-alarm"
"""It runs clean and lint has a finding."""
MISSED = "missed"
"""It panics and lint has no finding of the panic's rule and binding."""
EXTRA = "extra-finding"
"""It panics and lint has the finding of the panic's rule and binding, and another: a false
alarm beside the right finding (a finding none of the run's panic matches, as `judge` matches,
or the panic's own finding given twice)."""
REFUSED = "refused"
"""The interpreter refused the program or it ended with another error: a generator bug."""

NON_LEAF_PANIC = "Can't convert a non leaf tensor into a tracked tensor"


@dataclass
class Verdict:
    outcome: str
    panic_rule: str | None = None
    panic_binding: str | None = None
    node_id: int | None = None
    findings: list[tuple[str, str, int]] = field(default_factory=list)
    detail: str = ""
    run_seconds: float = 0.0
    lint_seconds: float = 0.0
    helps: list = field(default_factory=list)
    """(finding rule, help message, edits) of every finding with edits, for the fix check."""

    def to_json(self) -> dict:
        return {
            "outcome": self.outcome, "panic_rule": self.panic_rule,
            "panic_binding": self.panic_binding, "node_id": self.node_id,
            "findings": [list(f) for f in self.findings], "detail": self.detail,
        }


def truth(path: Path, timeout: float = 30.0):
    """(rule, binding, node id, detail) of the run's panic, ("", ...) when it runs clean;
    None and the reason when the run is no answer (refused, another error, a timeout)."""
    from pbpit.diagnose.audit import audit
    from pbpit.diagnose.explain import explain_in_case
    from pbpit.errors import RustUnsupported, UsageError
    from pbpit.runner import Case, run_case
    from pbpit.runner.run import CaseTimedOut

    try:
        result = run_case(Case.file(path), trace=True, timeout=timeout)
    except CaseTimedOut:
        return None, "timed out"
    except (UsageError, RustUnsupported) as err:
        refusals = getattr(err, "refusals", None)
        if refusals:
            first = refusals[0].diagnostic
            line = first.primary.line if first.labels else 0
            return None, f"refused at line {line}: {first.message}"
        return None, (str(err).splitlines() or [type(err).__name__])[0].replace(str(path), "")
    except Exception as err:  # noqa: BLE001 - an interpreter crash is reported, not raised
        return None, f"interpreter crashed: {type(err).__name__}: {err}"
    panic = result.panic
    if panic is None:
        if result.error is not None or result.exit_code != 0:
            message = result.error.message if result.error else f"exit {result.exit_code}"
            return None, f"ended with another error: {message}"
        return ("", None, None, set()), ""
    if panic.node_id is None:
        return None, f"another panic: {panic.message}"
    node = next((n for n in result.nodes if n.id == panic.node_id), None)
    lines = set(node.stack) | {node.line} if node is not None else set()
    if NON_LEAF_PANIC in panic.message:
        return ("require-grad-non-leaf", panic.label, panic.node_id, lines), ""
    explanation = explain_in_case(result, panic.node_id, audit(result))
    rule = explanation.audit.pattern if explanation and explanation.audit else None
    return (rule or "", panic.label, panic.node_id, lines), ""


def judge(path: Path, timeout: float = 30.0) -> Verdict:
    from pbpit.lint.tree import lint_paths

    start = time.perf_counter()
    answer, detail = truth(path, timeout)
    ran = time.perf_counter()
    report = lint_paths([path])
    linted = time.perf_counter()
    findings = [(d.rule, d.name, d.primary.line if d.labels else 0) for d in report.findings]
    helps = [(d.rule, h.message, h.edits) for d in report.findings for h in d.helps if h.edits]
    verdict = Verdict(REFUSED, findings=findings, detail=detail, helps=helps,
                      run_seconds=ran - start, lint_seconds=linted - ran)
    if answer is None:
        return verdict
    rule, binding, node_id, lines = answer
    verdict.panic_rule, verdict.panic_binding, verdict.node_id = rule or None, binding, node_id
    if node_id is None:
        verdict.outcome = AGREE if not findings else FALSE_ALARM
        return verdict
    if report.errors or report.skipped:
        verdict.detail = "lint skipped the file"
    verdict.outcome, verdict.detail = outcome(rule, binding, lines, findings, verdict.detail)
    return verdict


def outcome(
    rule: str, binding: str | None, lines: set, findings: list[tuple[str, str, int]], detail: str
) -> tuple[str, str]:
    """The verdict on a program whose run panics (the panic's `rule`, `binding` and the `lines`
    its node was made at) and lint's `findings` (rule, name, line), with the detail said.
    The binding as the run names it (the variable the node was first bound to), or the line it
    was made at: lint names state by what carries it (`h` of `h = Some(next)`), and the
    project's audit takes lint's finding of the same rule at a line of the node's stack for the
    same finding (pbpit/diagnose/findings.py). A finding that is not the panic's is an extra
    one: a false alarm beside the right finding; so is the panic's finding said a second time
    (the held-out corpus had one finding reported twice)."""
    matching = [
        f for f in findings
        if f[0] == rule and (binding is None or f[1] == binding or f[2] in lines)
    ]
    # The panic's finding said twice (same rule, name and line) is one false alarm more.
    extra = [f for f in findings if f not in matching]
    extra += [f for i, f in enumerate(matching) if f in matching[:i]]
    if not matching:
        return MISSED, detail
    if extra:
        said = "; ".join(f"{r} `{n}` line {at}" for r, n, at in extra)
        return EXTRA, f"beside the panic's: {said}"
    return AGREE, detail
