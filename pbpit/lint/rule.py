"""What a lint rule is, and what the analysis hands it.

A rule (one file in `pbpit/lint/rules/`) declares its name, a one-line summary, why Burn panics,
a bad and a fixed example and its fixes in words, and decides, for each `Meeting` (a backward
that needs a definition an earlier backward consumed) or `Call` (a method it asked for, called on
a tensor), whether it is its own and what diagnostic it gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from pbpit.lint.values import Backward, Definition, Value

if TYPE_CHECKING:
    from pbpit.diagnose.explain import CaseFixes
    from pbpit.diagnose.explain import Fix as CaseFix
    from pbpit.diagnose.run_meeting import RunMeeting
    from pbpit.diagnostics.model import Diagnostic
    from pbpit.lint.fixes import Fixes
    from pbpit.rust.syntax import Node
    from pbpit.trace import NodeRecord, RunResult


@dataclass(frozen=True)
class Fix:
    """A fix a rule proposes, named by what it does (`detach once`) and said in a sentence."""

    name: str
    does: str
    changes_gradients: str = ""
    """Empty for a fix that, made, leaves the leaves' gradients of the original run's first
    backward as they were (recomputing, adding the losses, detaching at the carry): a run's
    check compares them. For one that changes them on purpose (the sum of the passes' losses
    backpropagated once, after the loop), what its check says instead of comparing them."""


@dataclass(eq=False)
class Meeting:
    """A backward (`later`) that needs the step of `definition`, which `earlier` consumed: in
    Burn, `later` panics with `graph tape has already been consumed`."""

    definition: Definition
    earlier: Backward
    later: Backward
    loss: Value
    """What `later` backpropagates."""
    loop: Node | None = None
    """The loop whose passes separate the two backwards; None when they run in one pass."""
    loop_span: tuple[int, int] = (0, 0)
    """The loop's file bytes (a closure's, for a closure read as a loop body)."""
    in_pass: tuple[int, int] | None = None
    """(loop key, pass) of `later` in that loop."""
    carried: bool = False
    """`definition` was made in an earlier pass of the loop and carried into this one."""
    entry: dict[str, Value] | None = None
    """What each name in scope held as the loop started."""
    in_macro: bool = False
    """`later` is read from a macro's arguments: its nodes are not the file's."""
    cut: Meeting | None = None
    """For backwards in passes of a loop that each take another part of `definition`, made
    before it (`feats.clone().slice(..)` of a frozen backbone's features, micro-batches cut
    from one forward): this meeting seen as that loop's (`loop`, `loop_span`, `in_pass` and
    `entry` set), for a rule that calls it a tensor made before the loop; `loop` is None here."""

    @property
    def same_tensor(self) -> bool:
        """`later` backpropagates the consumed tensor itself (the same binding, or a clone)."""
        return self.loss.origin is self.definition


@dataclass(eq=False)
class Call:
    """`receiver.name(arguments)`, a method a rule asked to see, with what the receiver is."""

    name: str
    receiver: Value
    span: tuple[int, int]
    """File bytes of the method's name up to the end of the call: `require_grad()`."""
    receiver_span: tuple[int, int]
    arguments: str
    """The arguments' text, between the parentheses."""


class Rule:
    """One lint rule; each is a subclass holding its documentation, detection and fixes."""

    name: ClassVar[str]
    """As in `// pbpit: allow(...)`; reported as `pbpit::<name>`."""
    summary: ClassVar[str]
    """One line: what the rule finds."""
    panic: ClassVar[str]
    """The words of Burn's panic the rule foresees."""
    why: ClassVar[str]
    """Why Burn panics, in Burn's words: paragraphs separated by blank lines."""
    bad: ClassVar[str]
    """A short Burn program that panics so (and is this rule's one finding)."""
    fixed: ClassVar[str]
    """The same program, fixed (no finding)."""
    fixes: ClassVar[tuple[Fix, ...]]
    words: ClassVar[tuple[bytes, ...]] = (b"backward",)
    """Source text without which the rule cannot fire: a function holding none of any rule's
    words (or methods) as a whole identifier is not read."""
    methods: ClassVar[frozenset[str]] = frozenset()
    """The methods whose calls on a value `call` is given."""

    @property
    def id(self) -> str:
        """`pbpit::<name>`, as diagnostics and SARIF name the rule."""
        return f"pbpit::{self.name}"

    def meeting(self, meeting: Meeting, fixes: Fixes) -> Diagnostic | None:
        """The diagnostic for `meeting` if it is this rule's, else None."""
        return None

    def call(self, call: Call, fixes: Fixes) -> Diagnostic | None:
        """The diagnostic for a call of one of `methods` if it is this rule's, else None."""
        return None

    def run_meeting(self, meeting: RunMeeting) -> bool:
        """Whether two backwards of a run that meet at a node whose step the first consumed
        (`meeting`: the loop whose passes separate them, whether the second backpropagates the
        tensor itself) are this rule's hazard, as `meeting` says it for lint. The audit asks the
        rules in `RULES` order; none by default."""
        return False

    def run_again(self, meeting: RunMeeting) -> bool:
        """Whether a run's second backward, in the pass of the first, that backpropagates the
        first one's loss again through a value made from it (`(loss * scale).backward()` after
        `loss.backward()`) may be this rule's hazard: the audit reads it so where lint's finding
        of it is this rule's. None by default."""
        return False

    def run_panic(self, result: RunResult, node_id: int) -> Diagnostic | None:
        """The error of a run whose panic at node `node_id` is this rule's finding itself (Burn
        panicking in the call the rule finds, not at a backward), or None: not by default."""
        return None

    def run_panic_notes(self, result: RunResult, node: NodeRecord) -> list[str]:
        """What explain adds of `node` for a run whose panic at it is this rule's finding
        (`run_panic`); none by default."""
        return []

    def case_fixes(self, case: CaseFixes) -> list[CaseFix]:
        """explain's fixes of a hazard of this rule a run found, written by `case` (the
        corrected lines of the case); none by default."""
        return []

    def panicked_here(self, name: str, where: str) -> str:
        """A real panic's label on the user's backward (`pbpit -- COMMAND`, `explain -`), for
        two backwards in one pass; `where` says which backward (`in `loss.backward()``)."""
        return (
            f"panicked here, {where}: it needs `{name}`'s step, which the backward above "
            "consumed"
        )

    def whose(self) -> str:
        """What the tensor is, after its name, for two backwards in one pass: why its step was
        gone."""
        return "shared by two losses: the first loss's backward consumed its step"


# -- the words every rule says of a backward run by a call of one of the program's functions


def this_backward(what: str, through: str | None = None) -> str:
    """The label on a backward: `this backward {what}`; for one that a call of the program's
    function `through` runs (the label is on the call), `this call runs a backward (in
    `through`) that {what}`."""
    if through is None:
        return f"this backward {what}"
    return f"this call runs a backward (in `{through}`) that {what}"


def through_note(backward: Backward, definition: Definition) -> str | None:
    """For a backward a call runs: the function's parameter it backpropagates, or the one
    given `definition` that its loss is made from (`update_parameters` calls `.backward()` on
    its parameter `loss`); None for a `.backward()` itself, or when no parameter is known."""
    if backward.through is None:
        return None
    itself = [name for name, same, _ in backward.parameters if same]
    made_from = [
        name
        for name, same, given in backward.parameters
        if not same and (given.origin is definition or definition in given.sources)
    ]
    if not itself and not made_from:
        return None
    name = (itself or made_from)[0]
    what = f"`{name}`" if name.startswith("self.") else f"its parameter `{name}`"
    if itself:
        return f"`{backward.through}` calls `.backward()` on {what}"
    return f"`{backward.through}` calls `.backward()` on a loss made from {what}"
