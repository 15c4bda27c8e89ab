"""Burn's own examples, their data loading replaced by tensors built in the program:
`examples/custom-training-loop` with the guide's model (Conv2d, AdaptiveAvgPool2d, Dropout,
Linear, CrossEntropyLoss, Adam, `model.valid()`). Burn's example runs without the tape panic,
each batch running its own forward: pbpit must run it to its end, every epoch printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pbpit_process import pbpit_run

EXAMPLES = Path(__file__).parent / "burn_examples"


@pytest.mark.xfail(
    strict=True,
    reason="the interpreter lacks `squeeze_dim` on Int tensors and `Tensor::device()`",
)
def test_the_custom_training_loop_runs_to_its_end():
    status, stdout, stderr = pbpit_run(EXAMPLES / "custom_training_loop.rs")
    assert (status, stderr) == (0, "")
    lines = stdout.splitlines()
    train = [line for line in lines if line.startswith("[Train")]
    valid = [line for line in lines if line.startswith("[Valid")]
    assert len(train) == 4 and len(valid) == 2
    assert all(re.fullmatch(r"\[Train - Epoch [12] - Iteration [01]\] Loss \d+\.\d{3} \| "
                            r"Accuracy \d+\.\d{3} %", line) for line in train)
