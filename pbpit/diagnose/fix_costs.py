"""What a fix that runs without the panic costs the training, judged against the original run:
a fix after which a backward the original ran no longer runs, or after which a leaf an
optimizer steps (`trained_leaves`) gets no gradient at all, trains less than the program
means to. Such a fix is not shown as code as if it were fine (`fix_check.checked_helps`): it
is said in words, with what it costs (`ac.actor` would get no gradient: it would not learn).

A fix that cuts gradients on purpose, off what the program does not train (a target network
no optimizer steps, data, a module used through `.valid()`), costs nothing here: its check
says which leaves lose their gradients (`x.grad = None`) and it stays code.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

STARVES = "starves"
"""A `FixCheck` verdict: it runs without the panic, but a backward the original ran no longer
runs, or a leaf an optimizer steps gets no gradient any more (`detail` says which)."""

_FROM_GRADS = re.compile(rb"from_grads\s*\([^;]*?,\s*&\s*(?:mut\s+)?([A-Za-z_][\w.]*)\s*\)")
"""`GradientsParams::from_grads(grads, &M)`: the module `M` whose parameters are stepped."""
_STEP = re.compile(rb"\.step\s*\(\s*[^,;()]+,\s*([A-Za-z_][\w.]*)(?:\.clone\(\))?\s*,")
"""`optim.step(lr, M, grads)`: the module `M` the optimizer makes anew."""


def trained_leaves(result: Any) -> frozenset[str]:
    """The names of the leaves of the run `result` that an optimizer steps: those made anew
    after it (a leaf of the same name, no parents, requiring grad, made later in the run: what
    `optim.step` returns), and the parameters of a module the program's text steps
    (`from_grads(.., &ac)`, `optim.step(lr, ac, ..)`: every `ac.*`). Unnamed leaves and a
    program that cannot be read add none."""
    leaves = [n for n in result.nodes if not n.parents and n.requires_grad and n.label]
    seen: dict[str, int] = {}
    trained = set()
    for node in leaves:
        if node.label in seen and node.id > seen[node.label]:
            trained.add(node.label)
        seen.setdefault(node.label, node.id)
    modules = _stepped_modules(getattr(result, "source", None))
    for label in seen:
        if any(label == m or label.startswith(m + ".") for m in modules):
            trained.add(label)
    return frozenset(trained)


def _stepped_modules(source: Any) -> set[str]:
    """The modules the program's text steps (see `trained_leaves`), as written."""
    if not source or not str(source).endswith(".rs"):
        return set()
    try:
        text = Path(source).read_bytes()
    except OSError:
        return set()
    found = {m.group(1).decode() for m in _FROM_GRADS.finditer(text)}
    found |= {m.group(1).decode() for m in _STEP.finditer(text)}
    # A module moved into a struct and stepped there (`agent.ac` of `let ac = ..;` put in
    # `agent`, `self.policy`): its parameters keep the name of the binding that made them.
    return found | {m.split(".", 1)[1] for m in found if "." in m}


def fix_cost(result: Any, edits: list) -> str | None:
    """What `edits` made in the one-file program of the run `result` cost: "" when the edited
    program runs without the panic and costs nothing, what it costs (`cost`), None when it
    does not run without the panic."""
    from pbpit.diagnose.fix_check import baseline, check_edits

    program = Path(result.path)
    before = baseline(result)
    from pbpit.lint.rules.accumulator_reset import cuts_sum

    check = check_edits(program, edits, program, baseline=before)
    if not check.ok:
        return None
    try:
        text = program.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    from pbpit.diagnose.step_grads import reached

    return cuts_sum(text, edits) or cost(check, before, trained_leaves(result), reached(result))


def cost(
    check: Any, before: Any, trained: frozenset[str], meant: frozenset[str] = frozenset()
) -> str:
    """What the fix whose run is `check` (a `FixCheck` that ran) costs against the original
    run's backwards `before` (`fix_check.Baselines`): words for a user, or "" when it costs
    nothing (every backward the original ran still runs, every leaf an optimizer steps still
    gets a gradient, and each optimizer step a gradient for each parameter the original's
    backwards gave one or reach (`meant`): `step_grads.step_gap`)."""
    from pbpit.diagnose.fix_check import NONE
    from pbpit.diagnose.step_grads import given, step_gap

    if not check.gradients:
        return ""  # not compared with the original's backwards: nothing to judge by
    said = []
    if before and len(check.ran) < len(before):
        ran = len(before)
        if not check.ran:
            said.append(
                f"no backward runs any more (the original ran {_backwards(ran)} before it "
                "panicked): nothing would learn"
            )
        else:
            lost = ", ".join(f"#{k}" for k in range(len(check.ran) + 1, ran + 1))
            said.append(f"backward {lost} of the original no longer runs")
    # A leaf starves when it gets a gradient in no backward of the fixed run: one left out
    # of the first backward (a GAN's discriminator step, once `fake` is detached in it) that a
    # later backward gives its gradient (the generator's step) still learns.
    got = {shown for one in check.ran for shown, grad in one.values() if grad is not None}
    starved = [name for name, had in check.gradients if had == NONE and name in trained]
    starved += [n for n, had, _ in check.later if had == NONE and n in trained]
    starved = [name for name in starved if name not in got]
    if starved and not (said and not check.ran):
        said.append(_no_gradient(starved))
    if not said and before:
        said.append(step_gap(check.steps, meant | given(before)))
    return "; ".join(s for s in said if s)


def _backwards(count: int) -> str:
    return "1 backward" if count == 1 else f"{count} backwards"


def _no_gradient(names: list[str]) -> str:
    """`ac.actor` would get no gradient: it would not learn (by module, parameters named
    alone when their module is not one)."""
    owners: dict[str, list[str]] = {}
    for name in names:
        owner = name.rsplit(".", 1)[0] if "." in name else name
        owners.setdefault(owner, []).append(name)
    said = []
    for owner, members in owners.items():
        if len(members) == 1 and members[0] == owner:
            said.append(f"`{owner}` would get no gradient: it would not be trained")
        else:
            said.append(f"`{owner}` would get no gradient: it would not learn")
    return "; ".join(said)
