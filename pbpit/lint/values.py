"""What the lint's reading of a function knows about a value: its requirement (the engine's
`Requirement`: untracked data, a leaf that requires grad, a tracked intermediate), the
definitions it derives from, and where it was read. The rules receive these in a `Meeting` or a
`Call` (`pbpit.lint.rule`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from pbpit.engine.graph import Requirement
from pbpit.rust.syntax import Node, RustFile

_MADE = count()
"""The order definitions are made in, one run: what tells apart two of one place and passes."""

Context = tuple[tuple[int, int], ...]
"""The loops around a point and the pass of each: `((loop key, pass), ...)`, outermost first."""


@dataclass(eq=False, slots=True)
class Definition:
    """A tracked tensor bound to a name at one place, in one pass of the loops around it."""

    name: str
    span: tuple[int, int]
    """File bytes of where it is made (its value, or its name when the value spans lines)."""
    context: Context
    why: str
    """How it is tracked, after `made here`: `from `x` which requires grad`."""
    statement: Node | None
    """The `let` or assignment statement (None inside a macro's arguments)."""
    value: Node | None
    assigned: bool = False
    sources: frozenset[Definition] = frozenset()
    """Itself and every definition it derives from."""
    home: Definition | None = None
    """Made by a called function of the same file: that function's own definition of it."""
    made_in: tuple[tuple[str, RustFile, int], ...] = ()
    """Made by a called function: `(function, its file, byte)` from the function called here
    inward, each byte where that function makes it (the call of the next, or the statement)."""
    same_or_made: Definition | None = None
    """Bound from a value that is this tensor on some paths (`Value.same_or_made`) and made
    from it and what else was there on the others: a tensor of its own where what else was
    there is tracked, that very tensor where it holds none (`Option` field read at a call)."""
    made: int = field(default_factory=_MADE.__next__, init=False)
    """When the reading made it: two of one place and passes are met in the order they were
    made, never in the order of a set of them (which follows where they sit in memory)."""


@dataclass(frozen=True, eq=False, slots=True)
class Value:
    """A value as the lint reads it; `requirement` in Burn's three states."""

    requirement: Requirement = Requirement.NONE
    origin: Definition | None = None
    """The definition this very tensor is (a clone is the same tensor); None for a temporary."""
    sources: frozenset[Definition] = frozenset()
    why: str = ""
    frozen: bool = False
    """A module whose forward is tracked only if its input is (`valid()`, a loss, an activation)."""
    reads: frozenset[Read] = frozenset()
    """The reads of tracked variables this value was computed from: where a tensor is used."""
    parts: tuple[tuple[str, Value], ...] | None = None
    """The elements of a tuple, array, `vec!` or struct literal, by `.0`, `[0]` or `.field`: a
    collection is not a tensor, its elements stay tensors of their own."""
    shared: frozenset[Definition] | None = None
    """For a collection of tensors of unknown length (a `Vec` filled by `push`, the pieces of
    `chunk`): what any one element derives from; None when it is not known (an element taken
    out is then a tensor of its own)."""
    same_or_made: Definition | None = None
    """A value that is, on some paths, this very tensor (`loss`, or a clone) and, on the
    others, a tensor made from it: `match total { Some(t) => t + loss, None => loss }`. Bound
    to a name where nothing else it is made from is tracked (the `Option` holds no tensor yet,
    as on a first pass), it is that very tensor, named as it was made, not one of its own."""

    def first_read(
        self,
        definition: Definition,
        within: tuple[int, int],
        in_pass: tuple[int, int] | None = None,
        names: set[str] | None = None,
    ) -> Read | None:
        """Where this value used `definition` within a range of file bytes (in one pass of a
        loop, through one of `names`): the first read of the tensor itself, else of a tensor
        derived from it."""
        inside = [
            r
            for r in self.reads
            if within[0] <= r.span[0] < within[1]
            and (in_pass is None or in_pass in r.context)
            and (names is None or r.name in names)
        ]
        for same in (True, False):
            found = [
                r
                for r in inside
                if (r.value.origin is definition if same else definition in r.value.sources)
            ]
            if found:
                return min(found, key=lambda r: r.span)
        return None


@dataclass(eq=False, slots=True)
class Read:
    """A variable read where it held a tracked value."""

    span: tuple[int, int]
    name: str
    value: Value
    node: Node | None
    context: Context = ()
    """The loops around the read and the pass of each."""


@dataclass(eq=False, slots=True)
class Backward:
    """A `.backward()` call, in one pass of the loops around it."""

    span: tuple[int, int]
    context: Context
    receiver: str | None
    """The loss's variable name when the receiver is a plain name."""
    loss: Value
    once: frozenset[tuple[int, int]] = frozenset()
    """The branches around it taken in one pass only (`if epoch == 0`): (loop key, branch)."""
    through: str | None = None
    """The function of the program whose body runs this backward (`update_parameters`), when
    `span` is the call of it rather than a `.backward()`."""
    parameters: tuple[tuple[str, bool, Value], ...] = ()
    """With `through`: each parameter of it (or `self.field`) the loss it backpropagates is
    made from, whether the loss is that very tensor (`loss.backward()` on the parameter), and
    what the call gives it."""
    next_pass: bool = False
    """With `through`: a backward of a loop of that function, run again in its next pass on a
    loss made from what the call gives it (each pass needs the steps the one before consumed)."""
