"""The fixed sample `make test` runs (tests/test_generated_agree.py), kept in pinned.json.

A program of the sample is pinned by its shape (`generate(seed, shape, pinned=True)` makes it
again whatever values and dimensions are added later), never by its seed alone: adding a
shape to the generator changes what a seed draws, not what the sample holds. The sample is
chosen by what it covers: every value of every dimension (a hazard's holders, cuts and losses
under that hazard), each at least `WANT` times (`wanted`, `uncovered`). A value added to the
generator is uncovered until programs drawing it are pinned: `tools/gen_agree.py --cover`
finds them (`cover`) and writes them in.

pinned.json holds three lists of {"seed", "shape", "why"}:
- `cover`: the programs that cover the space;
- `regressions`: programs lint once disagreed on, kept after the fix;
- `known`: programs lint disagrees on today, each `why` naming the lint bug (strict xfails:
  a fix that makes one agree fails the test until its entry moves to `regressions`).
"""

from __future__ import annotations

import json
from pathlib import Path

from generator import (
    BESIDE,
    BESIDE_AT,
    BODIES,
    CUTS,
    DIMENSIONS,
    ELEMENTS,
    ENCODERS,
    FIRST,
    FORMS,
    HOLDERS,
    LOSSES,
    WALKS,
    Program,
    generate,
)
from kept_shapes import (
    CLEAR_ORDERS,
    CLEARED_READS,
    KEPT_FIRSTS,
    KEPT_ORDERS,
    KEPT_PUSHES,
    KEPT_READS,
    KEPT_SPANS,
    ZIPPED_IN,
)
from pass_shapes import APPLIES, BOOKS, GUARDS, KEYS, REFRESHES, RUNNING, TAKES

PINNED = Path(__file__).resolve().parent / "pinned.json"
WANT = 2
"""How many programs of the sample draw each value."""

Condition = tuple[tuple[str, str], ...]


def wanted() -> list[Condition]:
    """Every value the sample must draw: (dimension, value) pairs, a hazard's own dimensions
    with the hazard."""
    found: list[Condition] = [((k, v),) for k, values in DIMENSIONS.items() for v in values]
    for name, table in (("holder", HOLDERS), ("cut", CUTS), ("losses", LOSSES)):
        found += [(("hazard", h), (name, v)) for h, values in table.items() for v in values]
    others = {"walk": WALKS, "elements": ELEMENTS, "first": FIRST, "body": tuple(BODIES),
              "form": FORMS, "guard": GUARDS, "refresh": REFRESHES, "key": KEYS, "take": TAKES,
              "apply": APPLIES, "running": RUNNING, "books": BOOKS, "kept_read": KEPT_READS,
              "kept_order": KEPT_ORDERS, "kept_span": KEPT_SPANS, "kept_first": KEPT_FIRSTS,
              "kept_push": KEPT_PUSHES,
              "kept_index": ("0", "1"), "zipped_in": ZIPPED_IN, "clear_order": CLEAR_ORDERS,
              "cleared_read": CLEARED_READS}
    found += [((k, v),) for k, values in others.items() for v in values]
    # Nothing beside is left out of a shape: the programs pinned before `beside` hold it.
    found += [(("beside", v),) for v in BESIDE if v != "none"]
    found += [(("beside_at", v),) for v in BESIDE_AT if v != "before"]
    found += [(("encoder", v),) for v in ENCODERS if v != "fn"]
    found += [(("hazard", h), ("detach_at", "inside")) for h in ("cache", "shared", "parts",
                                                                  "nonleaf")]
    return found


def _holds(shape: dict[str, str], condition: Condition) -> bool:
    return all(shape.get(k) == v for k, v in condition)


def load() -> dict[str, list[dict]]:
    return json.loads(PINNED.read_text(encoding="utf-8"))


def made(entry: dict) -> Program:
    """The pinned program of an entry of pinned.json."""
    return generate(entry["seed"], entry["shape"], pinned=True)


def uncovered(shapes: list[dict[str, str]], want: int = WANT) -> dict[Condition, int]:
    """The wanted values fewer than `want` of `shapes` draw, and how many do."""
    counts = {c: sum(_holds(s, c) for s in shapes) for c in wanted()}
    return {c: n for c, n in counts.items() if n < want}


def cover(shapes: list[dict[str, str]], start: int, limit: int = 50_000,
          want: int = WANT, window: int = 2_000) -> list[Program]:
    """Programs of seeds from `start` on that draw the values `shapes` leaves uncovered: of
    the next `window` seeds, the one drawing the most values still short of `want` is taken,
    until none is short (so that few programs, each a second of `make test`, cover them)."""
    missing = uncovered(shapes, want)
    taken: list[Program] = []
    pool: list[Program] = []
    seed = start
    while missing and (pool or seed < start + limit):
        while len(pool) < window and seed < start + limit:
            pool.append(generate(seed))
            seed += 1
        best = max(pool, key=lambda p: sum(_holds(p.shape, c) for c in missing))
        hits = [c for c in missing if _holds(best.shape, c)]
        if not hits:
            pool = []
            continue
        pool.remove(best)
        taken.append(best)
        for c in hits:
            missing[c] += 1
            if missing[c] >= want:
                del missing[c]
    return taken
