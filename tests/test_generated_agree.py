"""Lint against the interpreter on a fixed sample of generated programs (tests/gen/).

The interpreter running each program is the truth: it panics or not, at which binding, under
which rule (tests/gen/oracle.py). Lint must find nothing where the program runs clean and the
panic's rule and binding where it panics. `tools/gen_agree.py` runs any number of programs and
reports disagreements by shape; the disagreements found are catalogued, each judged a lint or
an interpreter bug, in the report of the issue that brought the generator.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "gen"))

from generator import (  # noqa: E402
    CUTS,
    DIMENSIONS,
    ELEMENTS,
    FIRST,
    HOLDERS,
    LOSSES,
    WALKS,
    generate,
)
from oracle import AGREE, REFUSED, judge  # noqa: E402

# A program lint disagrees on, `seed: "the lint bug"`: strict, so a fix that makes it agree
# fails until its mark is taken off.
KNOWN: dict[int, str] = {}

FIXED = [708, 4410, 12639]
"""Programs lint disagreed on before a fix (a tuple's parts merged at a join; a helper's loop
backpropagating, every pass, a loss made from the `&Tensor` it is given): kept in the sample."""

COUNTED = [342, 548, 1170, 2319, 3330, 4262, 4666, 4830, 4862, 5284, 7312, 9678, 10193, 11465,
           14750]
"""A `Vec` made before the loop (of forwards or of losses) walked by a counter (`for i in
0..v.len()`, `while i < v.len()`, `enumerate`) or an iterator, taken on the first pass only
(`if step == 0`, `if step == 1` in `while step < 3 { step += 1; .. }`, `match step`, a flag
cleared as a pass ends, the element bound before the test): the shape of two false alarms
(lint read the `Vec` as one tensor), each counter, loop and way of telling the first pass
among them."""

SAMPLE = [*range(300), *KNOWN, *FIXED, *COUNTED]
"""The seeds run here: a few seconds' worth, every dimension's value among them, and the
programs lint is known to disagree on."""


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[int, object]:
    folder = tmp_path_factory.mktemp("generated")
    found = {}
    for seed in SAMPLE:
        path = folder / f"gen_{seed}.rs"
        path.write_text(generate(seed).text, encoding="utf-8")
        found[seed] = judge(path)
    return found


def test_the_generator_is_deterministic() -> None:
    assert generate(7).text == generate(7).text
    assert generate(7).text != generate(8).text


def test_the_sample_covers_every_dimension() -> None:
    """Each value of every dimension, and each hazard's holders, cuts and losses, is drawn by
    some program of the sample: the sample is the space, not a corner of it."""
    drawn = Counter((k, v) for seed in SAMPLE for k, v in generate(seed).shape.items())
    wanted = [(k, v) for k, values in DIMENSIONS.items() for v in values]
    wanted += [("holder", v) for values in HOLDERS.values() for v in values]
    wanted += [("cut", v) for values in CUTS.values() for v in values]
    wanted += [("losses", v) for values in LOSSES.values() for v in values]
    wanted += [("walk", v) for v in WALKS] + [("elements", v) for v in ELEMENTS]
    wanted += [("first", v) for v in FIRST]
    assert [w for w in wanted if not drawn[w]] == []


def test_the_interpreter_runs_every_program(verdicts) -> None:
    """A program the interpreter refuses is outside its subset: a bug of the generator."""
    refused = {s: v.detail for s, v in verdicts.items() if v.outcome == REFUSED}
    assert refused == {}


def test_both_answers_are_in_the_sample(verdicts) -> None:
    """Programs that panic under each rule and programs that run clean: lint is asked both."""
    rules = Counter(v.panic_rule or "clean" for v in verdicts.values() if v.outcome != REFUSED)
    assert set(rules) >= {"clean", "loop-external-tracked", "double-backward",
                          "require-grad-non-leaf", "shared-intermediate"}, rules


@pytest.mark.parametrize(
    "seed",
    [
        pytest.param(s, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[s])] if s in KNOWN
                     else [])
        for s in SAMPLE
    ],
)
def test_lint_agrees_with_the_run(verdicts, seed: int) -> None:
    verdict = verdicts[seed]
    if verdict.outcome == REFUSED:
        pytest.fail(f"refused: {verdict.detail}")
    assert verdict.outcome == AGREE, (generate(seed).shape, verdict.to_json())
