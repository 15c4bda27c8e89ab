"""The `needs_op` marker of Burn's ported tests, and a fresh engine for each test.

`@pytest.mark.needs_op("slice", "broadcast")` says a test calls what pbpit may not have yet.
Before the test body runs, each name is looked for; a missing one FAILS the test with
"op NAME not in the engine yet" (never a skip: a skipped test does not count as passing).
A name is found when:

- `activation.NAME`: `pbpit.activation` (or `pbpit.engine.activation`) has `NAME`;
- `TensorData`, `Distribution`: `pbpit` exports it;
- `broadcast`: adding a `[1, 2]` to a `[2, 2]` tensor works (Burn's binary-op broadcasting);
- `batched matmul`: `[1, 2, 2] @ [1, 2, 2]` works (Burn's matmul of rank-3 tensors);
- any other name: `pbpit.Tensor` has it (a method, or an associated function as `random`).

The two probes run on tensors without autodiff, so they take no node id.
"""

from __future__ import annotations

import pytest

import pbpit as pb
from burn_autodiff.support import has_op


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "needs_op(*names): the test calls ops pbpit may not have yet; it fails, never skips, "
        "while one is missing",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    # In the call phase, so a missing op is a FAILED test, not a skip or a setup error.
    for marker in item.iter_markers("needs_op"):
        missing = [name for name in marker.args if not has_op(name)]
        if missing:
            also = f" (nor {', '.join(missing[1:])})" if missing[1:] else ""
            pytest.fail(f"op {missing[0]} not in the engine yet{also}", pytrace=False)


@pytest.fixture(autouse=True)
def fresh_engine():
    """Each Burn test starts on a fresh device: node ids from 0, an empty tape."""
    pb.reset()
    yield
    pb.reset()
