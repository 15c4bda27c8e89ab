"""`shared-intermediate` of two losses that each step their own module and each read the other
module's output as a target (deep mutual learning, co-training: `loss_a` of `out_a` against
`out_b`, `loss_b` of `out_b` against `out_a`, `loss_a.backward()` then `loss_b.backward()`).
The first backward consumes both outputs' steps; detaching one of them in one loss alone still
panics at the other. The fix detaches each output where the other module's loss reads it
(`out_b.clone().detach()` in `loss_a`, `out_a.detach()` in `loss_b`): each loss trains its own
module alone, the other's prediction a constant target, as mutual learning means."""

from __future__ import annotations

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.values import Backward, Definition, Read
from pbpit.rust.syntax import descendants


def mutual_targets(
    earlier: Backward, later: Backward, modules: tuple[str, str], fixes: Fixes
) -> Help | None:
    """The fix of the module's docstring, or None: unless the first loss (stepping
    `modules[0]`) reads by name an output of `modules[1]` and the second loss an output of
    `modules[0]`, each read writable detached, and each loss stays tracked through its own
    module's forward."""
    one, two = modules
    first = _targets(earlier, two, one, fixes)
    second = _targets(later, one, two, fixes)
    if not first or not second:
        return None
    edits: list[Edit] = []
    said = []
    for loss, reads in ((earlier, first), (later, second)):
        for read in reads:
            edit, text = _detached(read, fixes) or (None, "")
            if edit is None:
                return None
            edits.append(edit)
        where = f"`{loss.receiver}`" if loss.receiver else "its loss"
        texts = sorted({_detached(r, fixes)[1] for r in reads})  # type: ignore[index]
        said.append(", ".join(f"`{t}`" for t in texts) + f" in {where}")
    names_one = sorted({r.name for r in first})
    names_two = sorted({r.name for r in second})
    return Help(
        f"let `{one}`'s loss read {_listed(names_one)} detached and `{two}`'s read "
        f"{_listed(names_two)} detached ({' and '.join(said)}): each loss trains its own "
        "module alone, the other's output a target; detaching one alone still panics at the "
        "other",
        sorted(edits, key=lambda e: (e.line, e.column)),
    )


def _listed(names: list[str]) -> str:
    quoted = [f"`{n}`" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" and {quoted[-1]}"


def _targets(loss: Backward, other: str, own: str, fixes: Fixes) -> list[Read]:
    """The reads, by name, that `loss`'s value makes of outputs of module `other`, made before
    the backward in the same block; empty unless the loss also reads an output of `own` (it
    stays tracked through its own module)."""
    reads = []
    owns = False
    for read in loss.loss.reads:
        made = read.value.origin
        if made is None or read.node is None or not read.span[1] <= loss.span[0]:
            continue
        if _output_of(made, own, fixes):
            owns = True
        elif (
            _output_of(made, other, fixes)
            and is_name(read.name)
            and read.name == made.name
            and not any(_output_of(d, own, fixes) for d in made.sources if d is not made)
        ):
            # The other's prediction, made from nothing of this module (a GAN's generator
            # loss reads the discriminator's score of its own sample: not a target).
            reads.append(read)
    return sorted(reads, key=lambda r: r.span) if owns else []


def _output_of(definition: Definition, module: str, fixes: Fixes) -> bool:
    """Whether `definition` is made by `module.forward(..)` or a layer's of it (through an
    activation: `softmax(net_b.fc.forward(x), 1)`)."""
    value = definition.value
    if value is None or definition.statement is None:
        return False
    for node in descendants(value):
        if node.type != "field_expression":
            continue
        receiver, field_ = node.child_by_field_name("value"), node.child_by_field_name("field")
        if receiver is None or field_ is None or fixes.text(field_) != "forward":
            continue
        held = fixes.text(receiver)
        if held == module or held.startswith(module + "."):
            return True
    return False


def _detached(read: Read, fixes: Fixes) -> tuple[Edit, str] | None:
    """The edit that reads `read` detached, and the text it makes: `x.clone()` becomes
    `x.clone().detach()`, a bare `x` `x.detach()`."""
    assert read.node is not None
    return fixes.detach_read(read.node, read.name)
