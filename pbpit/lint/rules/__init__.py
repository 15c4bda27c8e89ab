"""The lint rules, one file each, and their registry: `pbpit lint`, `pbpit explain RULE`, the
SARIF rules and docs/RULES.md read it. A new rule is a file here and a line in `RULES`."""

from __future__ import annotations

from pbpit.lint.rule import Fix, Rule
from pbpit.lint.rules.double_backward import DoubleBackward
from pbpit.lint.rules.loop_external_tracked import LoopExternalTracked
from pbpit.lint.rules.require_grad_non_leaf import RequireGradNonLeaf
from pbpit.lint.rules.shared_intermediate import SharedIntermediate

RULES: tuple[Rule, ...] = (
    LoopExternalTracked(),
    SharedIntermediate(),
    DoubleBackward(),
    RequireGradNonLeaf(),
)
"""Every rule, in the order they are listed and tried."""

LOOP_EXTERNAL = LoopExternalTracked.name
SHARED = SharedIntermediate.name
DOUBLE = DoubleBackward.name

_BY_NAME = {rule.name: rule for rule in RULES}


def rule_named(name: str) -> Rule | None:
    """The rule called `name` (`loop-external-tracked` or `pbpit::loop-external-tracked`), or
    None."""
    return _BY_NAME.get(name.strip().removeprefix("pbpit::"))


__all__ = ["DOUBLE", "LOOP_EXTERNAL", "RULES", "SHARED", "Fix", "Rule", "rule_named"]
