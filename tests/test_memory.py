"""Memory as Burn's: after each backward the steps nothing held can reach are freed (burn-autodiff's
`free_unavailable_nodes`), and nothing else changes; the pool gives its buffers back when idle;
the garbage collector's settings stay the user's."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import f32
from pbpit.engine.server import SERVER
from pbpit.runner.find import resolve_case
from pbpit.runner.run import run_case

CASES = Path(__file__).resolve().parent.parent / "cases"
DEVICE = pb.Device.flex().autodiff()


@pytest.fixture(autouse=True)
def fresh():
    pb.reset()
    yield
    pb.reset()


def floats(values):
    return pb.Tensor.from_floats(values, DEVICE)


# -- freeing after backward ----------------------------------------------------------------------


def test_forwards_never_backpropagated_are_freed_by_the_next_backward():
    w = floats([1.0, 2.0]).require_grad()
    x = floats([0.5, 1.0])
    for _ in range(9):
        (x.exp() * w).sum()  # dropped at once: mul and sum, 2 steps (x is data), never run
    assert len(SERVER.steps) == 1 + 9 * 2
    loss = (x.exp() * w).sum()
    loss.backward()
    # The backward consumed its own 2 steps and w's root step; the 18 others nobody can reach.
    assert SERVER.steps == {}
    assert SERVER.saved_bytes == 0


def test_a_held_loss_keeps_its_steps_and_backpropagates_later():
    w = floats([1.0, 2.0]).require_grad()
    x = floats([0.5, 1.0])
    held = (x * w).sum()  # x * w saves x (8 B)
    for _ in range(3):
        (w * 3.0).sum().backward()
    assert held.node.id in SERVER.steps
    assert SERVER.saved_bytes == 8
    # Its gradient by hand: d/dw sum(x * w) = x.
    assert held.backward().get(w.node.id).tolist() == [0.5, 1.0]


def test_a_held_intermediate_keeps_its_step_when_its_consumer_is_dropped():
    x = floats([0.0, 1.0]).require_grad()
    hidden = x.exp()
    (hidden * 2.0).sum()  # dropped: its steps go, hidden's stays (hidden is held)
    floats([1.0]).require_grad().sum().backward()
    assert hidden.node.id in SERVER.steps
    grads = hidden.sum().backward()
    assert grads.get(x.node.id).tolist() == [1.0, float(np.float32(np.e))]


def test_an_intermediate_kept_alive_across_backwards_still_panics_at_its_id():
    x = floats([0.5, 1.0]).require_grad()
    w = floats([1.0, 2.0]).require_grad()
    feats = x.exp()  # NodeId(2), as in the named case `twice`
    (feats * w).sum().backward()
    for _ in range(5):  # other work in between: backwards that free what they can
        (floats([1.0]).require_grad() * 2.0).sum().backward()
        (w * 2.0).sum()
    with pytest.raises(pb.Panic) as panic:
        (feats * w).sum().backward()
    assert panic.value.node_id == 2


def test_two_losses_over_a_dropped_intermediate_still_panic_at_it():
    # SPEC §5: the second backward is rejected whether or not a handle to the intermediate
    # is still held.
    x = floats([0.5, 1.0]).require_grad()
    feats = x.exp()
    l1, l2 = (feats * 2.0).sum(), (feats * 3.0).sum()
    feats_id = feats.node.id
    del feats
    l1.backward()
    with pytest.raises(pb.Panic) as panic:
        l2.backward()
    assert panic.value.node_id == feats_id


def test_node_ids_do_not_move():
    a = floats([1.0]).require_grad()
    (a * 2.0).sum()
    (a * 3.0).sum().backward()
    assert floats([2.0]).node.id == 5  # a, then 2 ids for each mul and its sum


def _outcomes(seed: int, free: bool, monkeypatch) -> list:
    """Random programs of ops, drops and backwards: each backward's outcome and gradients."""
    if not free:
        monkeypatch.setattr(SERVER, "free_unavailable_nodes", lambda: [])
    pb.reset()
    rng = random.Random(seed)
    pool = [floats([1.0, 2.0]).require_grad() for _ in range(3)] + [floats([0.5, 0.25])]
    ops = [lambda a, b: a * b, lambda a, b: a + b, lambda a, b: a.tanh(), lambda a, b: a.exp()]
    seen = []
    for _ in range(80):
        pool.append(rng.choice(ops)(rng.choice(pool), rng.choice(pool)))
        if rng.random() < 0.3 and len(pool) > 6:
            del pool[rng.randrange(4, len(pool))]  # a tensor dropped
        if rng.random() < 0.15 and pool[-1].is_tracked():
            root = rng.choice([t for t in pool if t.is_tracked()])
            try:
                grads = root.sum().backward()
                seen.append(
                    [None if grads.get(i) is None else grads.get(i).tolist() for i in range(3)]
                )
            except pb.Panic as panic:
                seen.append(panic.node_id)
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("seed", range(20))
def test_freeing_changes_no_backward_on_random_programs(seed, monkeypatch):
    assert _outcomes(seed, True, monkeypatch) == _outcomes(seed, False, monkeypatch)


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.glob("*.stderr")))
def test_named_cases_panic_where_their_golden_says(case):
    expected = int(re.search(r"NodeId\((\d+)\)", (CASES / case).read_text()).group(1))
    source = case.removesuffix(".stderr")
    for suffix in (".py", ".rs"):
        result = run_case(resolve_case(str(CASES / (source + suffix))))
        assert result.panic is not None and result.panic.node_id == expected


def test_memory_report_counts_freed_steps(tmp_path):
    # twice_fix's exp under `detach()` is held by nothing: backward #1 frees its step.
    result = run_case(resolve_case("twice_fix"))
    first = result.backwards[0]
    assert (first.freed, first.steps_after, first.saved_bytes_after) == ([2], 1, 0)
    out = subprocess.run(
        [sys.executable, "-m", "pbpit", "run", "twice_fix", "--memory"],
        capture_output=True,
        text=True,
    ).stdout
    assert "backward #1 (root NodeId(5), ran): 16 B -> 0 B, 5 -> 1 steps" in out
    assert "(3 consumed, 1 freed unreached)" in out


def test_the_recorder_keeps_no_node_objects_of_a_finished_statement(tmp_path):
    case = tmp_path / "loop.py"
    case.write_text(
        "import pbpit as pb\n"
        "d = pb.Device.flex().autodiff()\n"
        "w = pb.Tensor.from_floats([1.0], d).require_grad()\n"
        "for i in range(50):\n"
        "    loss = (w * 2.0).sum()\n"
        "    if i % 10 == 0:\n"
        "        loss.backward()\n"
    )
    from pbpit.runner import record

    kept = []
    original = record.Recorder.backward_done

    def spy(self, *args, **kwargs):
        kept.append(len(self._node_objects))
        return original(self, *args, **kwargs)

    record.Recorder.backward_done = spy
    try:
        result = run_case(resolve_case(str(case)))
    finally:
        record.Recorder.backward_done = original
    assert len(result.nodes) == 1 + 50 * 2
    assert max(kept) <= 2  # the statement's own mul and sum, never the run's


# -- growth over a training loop -------------------------------------------------------------------


def test_a_long_loop_with_sparse_backwards_holds_a_bounded_tape():
    w = floats(np.ones(4096, dtype=np.float32)).require_grad()
    x = floats(np.full(4096, 0.5, dtype=np.float32))
    live = []
    for step in range(300):
        loss = ((x.exp() * w).tanh() + 1.0).sum()
        if step % 10 == 0:
            loss.backward()
            live.append((len(SERVER.steps), SERVER.saved_bytes))
    # Right after each backward only the current `loss`'s consumed graph is gone, and nothing
    # else was ever reachable: the tape is empty every time (before: 40 more steps a period).
    assert set(live) == {(0, 0)}


# -- the buffer pool -------------------------------------------------------------------------------


def test_the_pool_gives_back_idle_buffers(monkeypatch):
    monkeypatch.setattr(f32, "POOL_IDLE_SECONDS", 0.2)
    f32.release_pool()
    held = f32.new_array((f32.POOL_MIN,))
    dropped = f32.new_array((f32.POOL_MIN,))
    del dropped
    assert len(f32._pool) == 2
    deadline = time.monotonic() + 10
    while len(f32._pool) > 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(f32._pool) == 1 and np.shares_memory(f32._pool[0], held)
    del held
    while f32._pool and time.monotonic() < deadline:
        time.sleep(0.05)
    assert f32._pool == []


def test_a_buffer_in_use_each_step_stays_pooled(monkeypatch):
    monkeypatch.setattr(f32, "POOL_IDLE_SECONDS", 0.3)
    f32.release_pool()
    first = f32.new_array((f32.POOL_MIN,))
    address = first.ctypes.data
    del first
    for _ in range(8):  # steps shorter than the idle time reuse the same buffer
        time.sleep(0.1)
        again = f32.new_array((f32.POOL_MIN,))
        assert again.ctypes.data == address
        del again
    f32.release_pool()


# -- the garbage collector's settings --------------------------------------------------------------


def _thresholds_after(code: str) -> str:
    return subprocess.run(
        [
            sys.executable,
            "-c",
            f"import gc\ngc.set_threshold(500, 7, 3)\n{code}\nprint(gc.get_threshold())",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_importing_the_engine_leaves_the_gc_threshold_as_it_was():
    code = "import pbpit as pb\nt = pb.Tensor.from_floats([1.0], pb.Device.default().autodiff())"
    assert _thresholds_after(code) == "(500, 7, 3)"


def test_a_run_raises_the_threshold_only_while_it_runs(tmp_path):
    case = tmp_path / "peek.py"
    case.write_text("import gc\nprint(gc.get_threshold()[0])\n")
    code = (
        "from pbpit.runner.run import run_case\n"
        "from pbpit.runner.find import resolve_case\n"
        f"print(run_case(resolve_case({str(case)!r})).stdout.strip())"
    )
    assert _thresholds_after(code).splitlines() == ["10000", "(500, 7, 3)"]


# -- the tape's flat arrays ------------------------------------------------------------------------


def test_the_flat_arrays_start_again_from_the_oldest_live_step():
    from pbpit.engine import server

    w = floats([1.0, 2.0]).require_grad()
    for _ in range(3000):
        (w * 2.0).sum().backward()  # 2 new ids a pass, every step consumed
    # Before: one slot per id ever made (6,001), 17 bytes each and a parent per op.
    assert len(SERVER.has_step) <= 2 * server.COMPACT_MIN + 2
    assert SERVER.base > 0


@pytest.mark.parametrize("seed", range(12))
def test_compacted_arrays_walk_as_the_nodes_do(seed, monkeypatch):
    from pbpit.engine import server

    monkeypatch.setattr(server, "COMPACT_MIN", 0)  # start again after every backward
    rng = random.Random(seed)
    pool = [floats([1.0, 2.0]).require_grad() for _ in range(3)] + [floats([0.5, 0.25])]
    old_data = [floats([0.25, 4.0]) for _ in range(4)]  # made before any compaction
    ops = [lambda a, b: a * b, lambda a, b: a + b, lambda a, b: a.tanh()]
    for _ in range(120):
        if old_data and rng.random() < 0.05:  # an id below the arrays' start gets a step
            pool.append(old_data.pop().require_grad())
        pool.append(rng.choice(ops)(rng.choice(pool), rng.choice(pool)))
        if rng.random() < 0.1 and pool[-1].is_tracked():
            try:
                pool[-1].sum().backward()
            except pb.Panic:
                pass
        if rng.random() < 0.05:  # a new leaf asks for grad after the arrays' start
            pool.append(rng.choice(pool).detach().require_grad())
    for root in [t for t in pool if t.is_tracked()]:
        compiled, python = (
            _walk(root, compiled=True),
            _walk(root, compiled=False),
        )
        assert compiled == python


def _walk(root, compiled):
    try:
        return SERVER.collect_steps(root.node, compiled), None
    except pb.Panic as panic:
        return None, panic.node_id
