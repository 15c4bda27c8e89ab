"""Two backwards of a run that meet at a node whose step the first consumed (`RunMeeting`): the
run's counterpart of lint's `Meeting` (`pbpit/lint/rule.py`). The audit says what the run saw,
the loop whose passes separate the two backwards (state a pass carries into the next, a tensor
made before the loop) and whether the second backpropagates the consumed tensor itself, and asks
the rules whose hazard it is (`Rule.run_meeting`, in `RULES` order: `rule_of`). Which pass made a
node is read from the run (`pbpit.diagnose.loops`); which rule a meeting is, only by the rules."""

from __future__ import annotations

from dataclasses import dataclass

from pbpit.diagnose.loops import Loop
from pbpit.trace import BackwardRecord, NodeRecord


@dataclass(frozen=True, eq=False)
class RunMeeting:
    """`later` needs the step of `node`, which `earlier` consumed."""

    node: NodeRecord
    earlier: BackwardRecord | None
    later: BackwardRecord | None
    """None when the run did not get to it (the loop's next pass would)."""
    loop: Loop | None
    """The loop whose passes separate the two backwards: the node made before it, or in an
    earlier pass than the later backward's. None when they run in one pass, or when each pass
    backpropagates a part of the node of its own (micro-batches cut from one forward): no pass
    carries what it walked into the next."""

    @property
    def same_tensor(self) -> bool:
        """`later` backpropagates the consumed tensor itself (the same loss, or a clone)."""
        return self.later is not None and self.later.root == self.node.id


def rule_of(meeting: RunMeeting) -> str | None:
    """The name of the first rule whose hazard `meeting` is (`Rule.run_meeting`), or None."""
    from pbpit.lint.rules import RULES

    return next((rule.name for rule in RULES if rule.run_meeting(meeting)), None)
