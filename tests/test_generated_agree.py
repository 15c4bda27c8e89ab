"""Lint against the interpreter on a fixed sample of generated programs (tests/gen/).

The interpreter running each program is the truth: it panics or not, at which binding, under
which rule (tests/gen/oracle.py). Lint must find nothing where the program runs clean and the
panic's rule and binding where it panics. `tools/gen_agree.py` runs any number of programs and
reports disagreements by shape.

The sample is pinned by shape in tests/gen/pinned.json (tests/gen/sample.py): programs that
cover every value of every dimension, programs lint once disagreed on, and programs it
disagrees on today (strict xfails naming the lint bug). A shape added to the generator leaves
these programs as they are; its values are uncovered until `tools/gen_agree.py --cover` pins
programs drawing them.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "gen"))

import sample  # noqa: E402
from generator import generate  # noqa: E402
from oracle import AGREE, EXTRA, MISSED, REFUSED, judge, outcome  # noqa: E402

PINNED = sample.load()
ENTRIES = [(kind, e) for kind in ("cover", "regressions", "known") for e in PINNED[kind]]


def _id(kind: str, entry: dict) -> str:
    return f"{kind}-{entry['seed']}-{entry['shape']['hazard']}-{entry['shape'].get('holder', '')}"


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("generated")
    found = {}
    for kind, entry in ENTRIES:
        name = _id(kind, entry)
        path = folder / f"{name}.rs"
        path.write_text(sample.made(entry).text, encoding="utf-8")
        found[name] = judge(path)
    return found


def test_the_generator_is_deterministic() -> None:
    assert generate(7).text == generate(7).text
    assert generate(7).text != generate(8).text


def test_a_pinned_shape_makes_its_program_again() -> None:
    """A program's shape given back, pinned, makes that program: the sample does not move
    when the generator's dimensions grow. A dimension the shape does not name takes its first
    value, and a value outside a dimension is refused."""
    for seed in (3, 41, 977):
        program = generate(seed)
        assert sample.made({"seed": seed, "shape": program.shape}).text == program.text
    bare = {"hazard": "fresh", "cut": "none"}
    made = generate(5, bare, pinned=True)
    assert made.shape["loop"] == "for" and made.shape["leaf"] == "main"
    with pytest.raises(ValueError, match="hazard=nothing"):
        generate(5, {"hazard": "nothing"})


def test_the_sample_covers_every_value() -> None:
    """Each value of every dimension (a hazard's holders, cuts and losses under that hazard)
    is drawn by `sample.WANT` programs of the sample: the sample is the space, not a corner
    of it. A value added to the generator fails here until programs drawing it are pinned."""
    shapes = [sample.made(e).shape for _, e in ENTRIES]
    assert sample.uncovered(shapes) == {}


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
    "name",
    [
        pytest.param(_id(kind, e), marks=[pytest.mark.xfail(strict=True, reason=e["why"])]
                     if kind == "known" else [])
        for kind, e in ENTRIES
    ],
)
def test_lint_agrees_with_the_run(verdicts, name: str) -> None:
    verdict = verdicts[name]
    if verdict.outcome == REFUSED:
        pytest.fail(f"refused: {verdict.detail}")
    assert verdict.outcome == AGREE, verdict.to_json()


@pytest.mark.parametrize(
    ("findings", "expected"),
    [
        # The panic's rule, named by its binding or cited at a line that made the node.
        ([("double-backward", "loss", 9)], AGREE),
        ([("double-backward", "l", 7)], AGREE),
        ([("double-backward", "loss", 9), ("double-backward", "l", 7)], AGREE),
        ([], MISSED),
        ([("loop-external-tracked", "loss", 7)], MISSED),  # another rule
        ([("double-backward", "other", 12)], MISSED),  # another binding, another line
        # The panic's finding and one more, unrelated (seed 940823's kind of false alarm put
        # beside a panicking main): an extra finding, not an agreement.
        ([("loop-external-tracked", "cache", 23), ("double-backward", "loss", 9)], EXTRA),
        ([("double-backward", "loss", 9), ("double-backward", "other", 12)], EXTRA),
        # The panic's finding said twice: one finding reported twice is a false alarm.
        ([("double-backward", "loss", 9), ("double-backward", "loss", 9)], EXTRA),
    ],
)
def test_a_finding_beside_the_panic_s_is_counted_apart(findings, expected) -> None:
    """A run that panics under `double-backward` at `loss`, its node made at line 7."""
    verdict, detail = outcome("double-backward", "loss", {7}, findings, "")
    assert verdict == expected
    assert (verdict == EXTRA) == detail.startswith("beside the panic's: ")
