"""Burn's own examples, their data loading replaced by items built in the program:
`examples/custom-training-loop` with the guide's model and batcher (Conv2d, AdaptiveAvgPool2d,
Dropout, Linear, CrossEntropyLoss, Adam, `model.valid()`; `TensorData::from`, `Tensor::cat` of
Int tensors). Burn's example runs without the tape panic, each batch running its own forward:
pbpit must run it to its end, and print what a float64 twin written from Burn's source computes
(tests/burn_examples/custom_training_loop_twin.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pbpit_process import pbpit_run

EXAMPLES = Path(__file__).parent / "burn_examples"
sys.path.insert(0, str(EXAMPLES))

from custom_training_loop_twin import run as twin_run  # noqa: E402

LINE = re.compile(
    r"\[(Train|Valid) - Epoch (\d) - Iteration (\d)\] Loss (\S+) \| Accuracy (\S+?)( %)?"
)


@pytest.fixture(scope="module")
def custom_training_loop() -> tuple[int, str, str]:
    return pbpit_run(EXAMPLES / "custom_training_loop.rs")


def test_the_custom_training_loop_runs_to_its_end(custom_training_loop):
    status, stdout, stderr = custom_training_loop
    assert (status, stderr) == (0, "")
    lines = stdout.splitlines()
    assert [line[:34] for line in lines] == [
        "[Train - Epoch 1 - Iteration 0] Lo",
        "[Train - Epoch 1 - Iteration 1] Lo",
        "[Valid - Epoch 1 - Iteration 0] Lo",
        "[Train - Epoch 2 - Iteration 0] Lo",
        "[Train - Epoch 2 - Iteration 1] Lo",
        "[Valid - Epoch 2 - Iteration 0] Lo",
    ]


def test_the_custom_training_loop_prints_what_burns_formulas_give(custom_training_loop):
    """The train lines (`{:.3}`) to the byte; the valid lines' accuracy to the byte and their
    loss (`{}` of an f32, every digit) within the float32 roundings the float64 twin leaves out
    (1e-6 relative: the sums of 1,024 products differ in their last bits)."""
    _, stdout, _ = custom_training_loop
    expected = twin_run()
    lines = stdout.splitlines()
    assert len(lines) == len(expected)
    for line, (phase, epoch, iteration, loss, accuracy) in zip(lines, expected, strict=True):
        found = LINE.fullmatch(line)
        assert found, line
        assert found.group(1, 2, 3) == (phase, str(epoch), str(iteration))
        if phase == "Train":
            # `{:.3}` is far from a rounding boundary for every loss here, so the f32 and the
            # f64 value print alike.
            assert abs(abs(loss * 1000 - round(loss * 1000)) - 0.5) > 0.01
            assert found.group(4, 5, 6) == (f"{loss:.3f}", f"{accuracy:.3f}", " %")
        else:
            assert accuracy % 25 == 0  # 4 targets: `{}` of the f32 prints it whole
            assert found.group(5, 6) == (f"{accuracy:.0f}", None)
            assert float(found.group(4)) == pytest.approx(loss, rel=1e-6)
